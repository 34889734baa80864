import {
  CandidateStatus,
  ExamPaperStatus,
  ExamState,
  ExamStatus,
  examActions,
  examDecl,
  examMeta,
  MessageAssociation,
  PaperStatus,
  PaperType,
  RegistrationMode,
  RoleKind,
} from '@lyceum/contract';
import { and, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { clock } from '../../platform/clock';
import type { RequestContext } from '../../platform/context';
import { businessError, invalidParams } from '../../platform/errors';
import { createResource, fromDecl, implement, type Values } from '../../platform/resource';
import { allows } from '../../platform/route';
import { inOrg } from '../../platform/tenant-sql';
import { teachVenues } from '../calendar/calendar.table';
import { departments } from '../department/department.table';
import { examPapers } from '../exam-paper/exam-paper.table';
import { sendNotice } from '../message/message-delivery';
import { checkOwnClasses, wideRefused } from '../team/reach';
import { notStudents } from '../team/team.resource';
import { teams } from '../team/team.table';
import { withRoleKind } from '../user/user.service';
import { users } from '../user/user.table';
import { endForCancelledExam, refreshDeadlines } from './attempt.service';
import { examAttempts } from './attempt.table';
import { examCandidates, examDepartments, examInvigilators, examStudents, exams, examTeams } from './exam.table';
import { bookExam, unbookExam } from './exam-bookings';
import { conflictsOf, resolveCandidates } from './exam-candidates';
import { statusAt, statusIs } from './exam-time';

const { Draft, Published } = ExamState;

const { HandedIn, AutoCollected, ForceCollected, Marked } = PaperStatus;
const countWhere = (condition: SQL | undefined) => sql<number>`count(*) filter (where ${condition})`.mapWith(Number);

// Papers handed in (every ending but abnormal) and marked, per exam: what a cancel leaves behind.
async function paperCounts(ctx: RequestContext, ids: number[]) {
  const out = new Map<number, { handedIn: number; marked: number }>();
  if (!ids.length) return out;
  const t = examAttempts;
  const counted = await ctx.db
    .select({
      id: t.examId,
      handedIn: countWhere(inArray(t.status, [HandedIn, AutoCollected, ForceCollected, Marked])),
      marked: countWhere(eq(t.status, Marked)),
    })
    .from(t)
    .where(inOrg(t, ctx.orgId, [inArray(t.examId, ids)]))
    .groupBy(t.examId);
  for (const c of counted) out.set(c.id, { handedIn: c.handedIn, marked: c.marked });
  return out;
}

// Academic staff (exam:all) reach every exam; a teacher the exams they made or invigilate, and
// changes only their own.
const seesAll = (ctx: RequestContext) => allows(ctx, ['exam:all', 'examSchedule:page', 'examRegister:page']);
const invigilates = (ctx: RequestContext) =>
  sql`exists (select 1 from ${examInvigilators} i where i.organization_id = ${exams.organizationId} and i.exam_id = ${exams.id} and i.user_id = ${ctx.userId})`;

export const examResource = createResource({
  ...fromDecl(examDecl),
  table: exams,
  meta: examMeta,
  search: [exams.name],
  filters: {
    status: (status) => statusIs(status),
    teamId: (id, ctx) =>
      sql`exists (select 1 from ${examTeams} t where t.organization_id = ${ctx.orgId} and t.exam_id = ${exams.id} and t.team_id = ${id})`,
    from: (from) => sql`${exams.windowEnd} > ${from}::timestamptz`,
    to: (to) => sql`${exams.windowStart} < ${to}::timestamptz`,
  },
  sort: {
    default: [desc(exams.windowStart), desc(exams.id)],
    fields: { name: exams.name, windowStart: exams.windowStart, candidateCount: exams.candidateCount },
  },
  references: {
    paperId: { table: examPapers, label: 'exam paper' },
    venueId: { table: teachVenues, label: 'venue' },
  },
  links: {
    teamIds: {
      table: examTeams,
      owner: examTeams.ownerId,
      target: examTeams.targetId,
      ref: { table: teams, label: 'class' },
    },
    departmentIds: {
      table: examDepartments,
      owner: examDepartments.ownerId,
      target: examDepartments.targetId,
      ref: { table: departments, label: 'department' },
    },
    studentIds: {
      table: examStudents,
      owner: examStudents.ownerId,
      target: examStudents.targetId,
      ref: { table: users, label: 'student', labelColumn: 'userName' },
    },
    invigilatorIds: {
      table: examInvigilators,
      owner: examInvigilators.ownerId,
      target: examInvigilators.targetId,
      ref: { table: users, label: 'invigilator', labelColumn: 'realName' },
    },
  },
  // Homework papers' exams (decision 39) belong to their tasks: no exam screen or action reaches them.
  scope: {
    read: (ctx) =>
      seesAll(ctx)
        ? eq(exams.homework, false)
        : and(eq(exams.homework, false), or(eq(exams.creatorId, ctx.userId), invigilates(ctx))),
    write: (ctx) =>
      allows(ctx, ['exam:all'])
        ? eq(exams.homework, false)
        : and(eq(exams.homework, false), eq(exams.creatorId, ctx.userId)),
    ownOnly: 'exams',
  },
  actions: {
    publish: implement(examActions.publish, async (tx, row, input, ctx) => {
      const id = row.id as number;
      if (clock.now() >= new Date(row.windowEnd as Date).getTime()) throw invalidParams('windowEnd', 'windowPassed');
      const conflicts = await conflictsOf(tx, ctx, id);
      const errors = conflicts.filter((c) => c.severity === 'error');
      const warnings = conflicts.filter((c) => c.severity === 'warning');
      if (errors.length) {
        throw businessError('examConflicts', {
          list: errors.map((c) => c.message.en).join('; '),
          listZh: errors.map((c) => c.message.zh).join('；'),
        });
      }
      if (warnings.length && !input.acceptWarnings) {
        throw businessError('examHasWarnings', {
          list: warnings.map((c) => c.message.en).join('; '),
          listZh: warnings.map((c) => c.message.zh).join('；'),
        });
      }
      // Its venue, invigilators and classes are taken in the clash engine (a lesson there is refused).
      await bookExam(tx, ctx.orgId, id, { publishing: true });
      if (row.registrationMode === RegistrationMode.Assigned) {
        await resolveCandidates(tx, ctx.orgId, id);
        await sendNotice(tx, ctx.orgId, {
          kind: 'examPublished',
          params: { name: String(row.name), start: new Date(row.windowStart as Date).toISOString() },
          about: { type: MessageAssociation.Exam, id },
          to: sql`select user_id as id from ${examCandidates} where organization_id = ${ctx.orgId}
              and exam_id = ${id} and status = ${sql.raw(String(CandidateStatus.Approved))}`,
        });
      }
      return { publishTime: new Date(), updateTime: new Date() };
    }),
    cancel: implement(examActions.cancel, async (tx, row, input) => {
      if (statusAt(row.windowStart as Date, row.windowEnd as Date) === ExamStatus.Ended) {
        throw invalidParams('windowEnd', 'examEnded');
      }
      await endForCancelledExam(tx, row.organizationId as number, row.id as number);
      await unbookExam(tx, row.organizationId as number, row.id as number);
      // Its candidates hear of it (a draft has none).
      await sendNotice(tx, Number(row.organizationId), {
        kind: 'examCancelled',
        params: {
          name: String(row.name),
          start: new Date(row.windowStart as Date).toISOString(),
          reason: input.reason ?? '',
        },
        about: { type: MessageAssociation.Exam, id: Number(row.id) },
        to: sql`select user_id as id from ${examCandidates} where organization_id = ${Number(row.organizationId)}
            and exam_id = ${Number(row.id)} and status <> ${sql.raw(String(CandidateStatus.Rejected))}`,
      });
      return { cancelReason: input.reason, updateTime: new Date() };
    }),
    extend: implement(examActions.extend, async (tx, row, input) => {
      const end = new Date(input.windowEnd);
      if (end.getTime() <= new Date(row.windowEnd as Date).getTime()) {
        throw invalidParams('windowEnd', 'extendEarlier');
      }
      if (clock.now() >= new Date(row.windowEnd as Date).getTime() + (row.graceSeconds as number) * 1000) {
        throw invalidParams('windowEnd', 'examEnded');
      }
      await bookExam(tx, row.organizationId as number, row.id as number, { windowEnd: end, field: 'windowEnd' });
      await refreshDeadlines(tx, row.organizationId as number, row.id as number, end);
      return { windowEnd: end, updateTime: new Date() };
    }),
  },
  hooks: {
    async validate(input, ctx, _mode, current) {
      if (current && current.state !== Draft) throw invalidParams('state', 'publishedExamLocked');
      const [paper] = await ctx.db
        .select({ status: examPapers.status, type: examPapers.paperType })
        .from(examPapers)
        .where(inOrg(examPapers, ctx.orgId, [eq(examPapers.id, input.paperId)]));
      if (paper && (paper.status !== ExamPaperStatus.Published || paper.type !== PaperType.Exam)) {
        throw invalidParams('paperId', 'paperNotPublished');
      }
      const wrong = await notStudents(ctx.db, ctx, input.studentIds);
      if (wrong.size) {
        const i = input.studentIds.findIndex((id) => wrong.has(id));
        throw invalidParams(`studentIds.${i}`, 'notAStudent', { name: String(input.studentIds[i]) });
      }
      // Without exam:all a teacher schedules for their own classes and those classes' students
      // (the rule of messages): publishing tells every candidate, so targets are whom one may tell.
      if (!allows(ctx, ['exam:all'])) {
        if (input.gradeYears.length) throw wideRefused('gradeYears', 'exam:all');
        if (input.departmentIds.length) throw wideRefused('departmentIds', 'exam:all');
        // Open registration with no target is open to every student of the school.
        if (!input.teamIds.length && !input.studentIds.length) throw wideRefused('teamIds', 'exam:all');
        await checkOwnClasses(ctx, {
          teams: { field: 'teamIds', ids: input.teamIds },
          people: { field: 'studentIds', ids: input.studentIds },
        });
      }
      if (input.invigilatorIds.length) {
        const found = await ctx.db
          .select({ id: users.id })
          .from(users)
          .where(
            inOrg(users, ctx.orgId, [
              inArray(users.id, input.invigilatorIds),
              or(withRoleKind(RoleKind.Teacher), withRoleKind(RoleKind.AcademicStaff)),
            ]),
          );
        const ok = new Set(found.map((f) => f.id));
        const i = input.invigilatorIds.findIndex((id) => !ok.has(id));
        if (i >= 0)
          throw invalidParams(`invigilatorIds.${i}`, 'notATeacher', { name: String(input.invigilatorIds[i]) });
      }
    },
    values(input, ctx, mode) {
      const values: Values = {
        ...input,
        windowStart: new Date(input.windowStart),
        windowEnd: new Date(input.windowEnd),
        registrationStart: input.registrationStart ? new Date(input.registrationStart) : null,
        registrationEnd: input.registrationEnd ? new Date(input.registrationEnd) : null,
        updateTime: new Date(),
      };
      if (input.registrationMode === RegistrationMode.Assigned) {
        Object.assign(values, { registrationStart: null, registrationEnd: null, capacity: null, needsApproval: false });
      }
      if (mode === 'create') values.creatorId = ctx.userId;
      return values;
    },
    async beforeDelete(_ctx, _ids, rows) {
      const live = rows.filter((r) => r.state === Published);
      if (live.length) throw businessError('cancelBeforeDelete', { names: live.map((r) => r.name).join(', ') });
    },
    async decorate(rows, ctx) {
      const now = clock.now();
      const papers = await paperCounts(
        ctx,
        rows.map((r) => Number(r.id)),
      );
      return rows.map((r) => ({
        ...r,
        status: statusAt(r.windowStart as string, r.windowEnd as string, now),
        handedInCount: papers.get(Number(r.id))?.handedIn ?? 0,
        markedCount: papers.get(Number(r.id))?.marked ?? 0,
      }));
    },
  },
});
