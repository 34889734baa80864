import { z } from 'zod';
import { endpoint } from '../endpoint';
import { engineDecl, engineEndpoints } from '../engine-endpoints';
import { zIdParam } from '../fields';
import {
  zCreatedMissing,
  zCreateMissing,
  zMyRecord,
  zPersonTimeline,
  zStatusChange,
  zStatusChangeDecision,
  zStatusChangeFilter,
  zStatusChangeRequest,
  zStudentRecord,
  zStudentRecordEdit,
  zStudentRecordFilter,
} from './records';

// Student records' endpoints (issue 34). Records and status changes are read through the engine
// (read-only: records are made at enrolment or by "create missing", edited at
// /api/studentRecord/edit/:id; status changes move only through their verbs). The student reads
// their own record and timeline; staff read anyone's in the organisation.

const tags = ['studentRecord'];
const READ = ['educational:page'] as const;
const EDIT = ['studentRecord:update'] as const;

export const studentRecordDecl = engineDecl({
  name: 'studentRecord',
  title: 'Student record',
  tags,
  schemas: {
    row: zStudentRecord,
    create: z.object({}),
    update: z.object({}),
    filter: zStudentRecordFilter,
  },
  access: { readOnly: true, read: READ, export: ['educational:export'] },
  sheets: 'export',
});
export const studentRecordVerbs = engineEndpoints(studentRecordDecl);

export const statusChangeDecl = engineDecl({
  name: 'statusChange',
  title: 'Status change',
  tags,
  schemas: {
    row: zStatusChange,
    create: z.object({}),
    update: z.object({}),
    filter: zStatusChangeFilter,
  },
  access: { readOnly: true, read: READ },
  sheets: 'none',
});
export const statusChangeVerbs = engineEndpoints(statusChangeDecl);

export const studentRecordEndpoints = {
  edit: endpoint({
    method: 'POST',
    path: '/api/studentRecord/edit/:id',
    summary: 'Edit a student record and (when given) set its guardians, matched by phone',
    description:
      'The status is not edited here: it moves only through status changes. A guardian whose phone the ' +
      'organisation already knows is linked, not made again (siblings share one guardian).',
    tags,
    access: EDIT,
    mutates: true,
    params: zIdParam,
    body: zStudentRecordEdit,
    response: zStudentRecord,
  }),
  createMissing: endpoint({
    method: 'POST',
    path: '/api/studentRecord/createMissing',
    summary: 'Make records for the students of a class (or named) who have none',
    description: 'Student numbers are the cohort year and four digits; students with a record are skipped.',
    tags,
    access: EDIT,
    mutates: true,
    body: zCreateMissing,
    response: zCreatedMissing,
  }),
  timeline: endpoint({
    method: 'POST',
    path: '/api/studentRecord/timeline/:id',
    summary:
      'A person’s timeline (the id is the user’s): application, enrolment, status changes, graduation, training, certificates',
    tags,
    access: READ,
    params: zIdParam,
    response: zPersonTimeline,
  }),
  myTimeline: endpoint({
    method: 'POST',
    path: '/api/studentRecord/myTimeline',
    summary: 'The caller’s own timeline',
    tags,
    access: 'login',
    response: zPersonTimeline,
  }),
  my: endpoint({
    method: 'POST',
    path: '/api/studentRecord/my',
    summary: 'The caller’s own record, without staff-only fields (null when they have none)',
    tags,
    access: 'login',
    response: zMyRecord,
  }),
};

export const statusChangeEndpoints = {
  request: endpoint({
    method: 'POST',
    path: '/api/statusChange/request',
    summary: 'Request a status change (suspension, resumption, transfer out, withdrawal, repeat, change of class)',
    description: 'One open (requested or approved, not yet applied) change per student at a time.',
    tags,
    access: ['statusChange:request'],
    mutates: true,
    body: zStatusChangeRequest,
    response: zStatusChange,
  }),
  approve: endpoint({
    method: 'POST',
    path: '/api/statusChange/approve/:id',
    summary: 'Approve a requested change: applied at once when its date has come, else by the job on its date',
    description:
      'The approver may not be the requester, unless they hold an administrator role. A transfer out or a ' +
      'withdrawal ends the student’s class memberships and disables their login; a resumption enables it again.',
    tags,
    access: ['statusChange:approve'],
    mutates: true,
    params: zIdParam,
    body: zStatusChangeDecision,
    response: zStatusChange,
  }),
  reject: endpoint({
    method: 'POST',
    path: '/api/statusChange/reject/:id',
    summary: 'Reject a requested change',
    tags,
    access: ['statusChange:approve'],
    mutates: true,
    params: zIdParam,
    body: zStatusChangeDecision,
    response: zStatusChange,
  }),
  cancel: endpoint({
    method: 'POST',
    path: '/api/statusChange/cancel/:id',
    summary: 'Cancel a change not yet applied (its requester, or an approver)',
    tags,
    access: ['statusChange:request', 'statusChange:approve'],
    mutates: true,
    params: zIdParam,
    body: zStatusChangeDecision,
    response: zStatusChange,
  }),
};
