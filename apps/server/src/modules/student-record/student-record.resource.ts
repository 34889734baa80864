import { statusChangeDecl, statusChangeMeta, studentRecordDecl, studentRecordMeta } from '@lyceum/contract';
import { desc } from 'drizzle-orm';
import { createResource, fromDecl } from '../../platform/resource';
import { changeKeyword, decorateChanges, decorateRecords, inTeam, recordKeyword } from './record-rows';
import { statusChanges, studentRecords } from './student-record.table';

// Student records as academic staff read them (educational:page; the export with educational:export):
// made at enrolment or by "create missing", edited through /api/studentRecord/edit/:id, their status
// moved only by status changes. Students are not listed here: they read their own at studentRecord/my.
export const studentRecordResource = createResource({
  ...fromDecl(studentRecordDecl),
  meta: studentRecordMeta,
  table: studentRecords,
  filters: { keyword: (value) => recordKeyword(value), teamId: (value) => inTeam(value) },
  sort: {
    default: [desc(studentRecords.id)],
    fields: {
      studentNo: studentRecords.studentNo,
      cohortYear: studentRecords.cohortYear,
      status: studentRecords.status,
      enrolDate: studentRecords.enrolDate,
    },
  },
  hooks: { decorate: (rows, ctx) => decorateRecords(rows, ctx) },
});

// Status changes, read by academic staff; moved only by request, approve, reject and cancel (and the
// job that applies approved ones on their date). Rows are never deleted.
export const statusChangeResource = createResource({
  ...fromDecl(statusChangeDecl),
  meta: statusChangeMeta,
  table: statusChanges,
  filters: { keyword: (value) => changeKeyword(value) },
  sort: {
    default: [desc(statusChanges.id)],
    fields: { effectiveDate: statusChanges.effectiveDate, createTime: statusChanges.createTime },
  },
  hooks: { decorate: (rows, ctx) => decorateChanges(rows, ctx) },
});
