import {
  AttendanceKind,
  attendanceKindLabels,
  type Lang,
  type LiveParticipant,
  type LiveReport,
  LiveRole,
  labelOf,
  liveRoleLabels,
  markSourceLabels,
  participationSourceLabels,
  statusName,
} from '@lyceum/contract';
import { inArray } from 'drizzle-orm';
import type { RequestContext } from '../../platform/context';
import { inOrg } from '../../platform/tenant-sql';
import { orgTimeZone } from '../timetable/booking.service';
import { wallClockText } from '../timetable/local-time';
import { users } from '../user/user.table';
import { liveAttendance } from './live-attendance';
import { liveClassResource } from './live-class.resource';
import { type CsvCell, toCsv } from './live-csv';
import { recordingsOf } from './live-recordings';
import { derivedKind, invitedOf, liveFacts, minutesOf, participantsOf, percentOf, scheduledSeconds } from './live-roll';

// The post-session pack, kept on the live class for good: every invited student (those who never
// came too), every teacher, and staff who joined uninvited, each with first join, last leave,
// minutes, share of the scheduled time, joins, engagement, and the register's current mark; the
// recordings in every state (staff read it); and the figures of the whole.

const SORT: Record<string, number> = { teacher: 0, student: 1, staff: 2 };

export async function liveReport(ctx: RequestContext, id: number): Promise<LiveReport> {
  return (await reportOf(ctx, id)).report;
}

// The report, and each invited student's status as the session's minutes make it.
async function reportOf(ctx: RequestContext, id: number) {
  // The caller's read scope first: another teacher's live class is "not found".
  const liveClass = (await liveClassResource.readable(ctx, id)) as unknown as LiveReport['liveClass'];
  const { db, orgId } = ctx;
  const live = await liveFacts(db, orgId, id);
  const { classStudents, courseLearners } = await invitedOf(db, orgId, live);
  const students = new Set([...classStudents, ...courseLearners]);
  const teachers = new Set(live.teacherIds);
  const [rows, marks, recordings] = await Promise.all([
    participantsOf(db, orgId, id),
    liveAttendance.get().current(db, orgId, [id]),
    recordingsOf(db, orgId, id),
  ]);
  const byUser = new Map(rows.map((r) => [r.userId, r]));
  const markOf = new Map(marks.map((m) => [m.studentId, m]));
  const everyone = [...new Set([...teachers, ...students, ...byUser.keys()])];
  const people = everyone.length
    ? await db
        .select({ id: users.id, userName: users.userName, realName: users.realName })
        .from(users)
        .where(inOrg(users, orgId, [inArray(users.id, everyone)]))
    : [];
  const sortKey = (userId: number) =>
    teachers.has(userId) ? SORT.teacher : students.has(userId) ? SORT.student : SORT.staff;
  people.sort((a, b) => (sortKey(a.id) ?? 0) - (sortKey(b.id) ?? 0) || a.realName.localeCompare(b.realName, 'zh'));

  const participants: LiveParticipant[] = people.map((u) => {
    const p = byUser.get(u.id);
    const mark = markOf.get(u.id);
    const seconds = p?.seconds ?? 0;
    return {
      userId: u.id,
      userName: u.userName,
      realName: u.realName,
      role: p?.role ?? (teachers.has(u.id) ? LiveRole.Moderator : LiveRole.Viewer),
      invited: teachers.has(u.id) || students.has(u.id),
      firstJoin: p?.firstJoin?.toISOString() ?? null,
      lastLeave: p?.lastLeave?.toISOString() ?? null,
      minutes: minutesOf(seconds),
      percent: Math.floor(percentOf(live.row, seconds)),
      joins: p?.joins ?? 0,
      engagement: p?.engagement ?? null,
      source: (p?.source as LiveParticipant['source']) ?? null,
      statusId: mark?.statusId ?? null,
      statusName: mark?.statusName ?? null,
      markSource: mark?.source ?? null,
      markReason: mark?.reason ?? null,
    };
  });

  // The figures are the session's own (derived from the minutes), whatever a teacher corrected since;
  // before any report there is nothing to derive (nobody is absent from a class not yet reported).
  const reported = live.row.reportAt !== null;
  const derived = new Map(reported ? [...students].map((s) => [s, derivedKind(live.row, byUser.get(s))]) : []);
  const kinds = [...derived.values()];
  const came = [...students].filter((s) => (byUser.get(s)?.seconds ?? 0) > 0);
  const minutes = came.reduce((n, s) => n + (byUser.get(s)?.seconds ?? 0) / 60, 0);
  const report: LiveReport = {
    liveClass,
    participants,
    recordings,
    summary: {
      invited: students.size,
      attended: came.length,
      present: kinds.filter((k) => k === AttendanceKind.Present).length,
      late: kinds.filter((k) => k === AttendanceKind.Late).length,
      absent: kinds.filter((k) => k === AttendanceKind.Absent).length,
      averageMinutes: came.length ? Math.round((minutes / came.length) * 10) / 10 : 0,
      scheduledMinutes: Math.round(scheduledSeconds(live.row) / 60),
    },
  };
  return { report, derived, markOf };
}

// ---- the report as a CSV file ----

const HEADERS: Record<Lang, string[]> = {
  en: [
    'User name',
    'Name',
    'Role',
    'Invited',
    'First join',
    'Last leave',
    'Minutes',
    'Share of scheduled time (%)',
    'Joins',
    'Status',
    'Status from',
    'Reason',
    'Minutes from',
  ],
  zh: [
    '用户名',
    '姓名',
    '角色',
    '受邀',
    '首次进入',
    '最后离开',
    '时长（分钟）',
    '出席比例（%）',
    '进入次数',
    '考勤状态',
    '状态来源',
    '原因',
    '时长来源',
  ],
};

// 'YYYY-MM-DD HH:mm:ss' in the organisation's zone.
const localSeconds = (iso: string | null, timeZone: string) => (iso ? wallClockText(new Date(iso), timeZone) : null);

// The status column: the register's current mark (a default status in the file's language); a student with none (a course's live lesson
// has no roll call) shows what the session's minutes make of them.
export async function liveReportCsv(ctx: RequestContext, id: number, lang: Lang) {
  const { report, derived, markOf } = await reportOf(ctx, id);
  const zone = await orgTimeZone(ctx.db, ctx.orgId);
  const live = report.liveClass;
  const yes = lang === 'zh' ? ['是', '否'] : ['yes', 'no'];
  const rows: CsvCell[][] = report.participants.map((p) => {
    const kind = derived.get(p.userId);
    const mark = markOf.get(p.userId);
    return [
      p.userName,
      p.realName,
      labelOf(liveRoleLabels, p.role, lang),
      p.invited ? yes[0]! : yes[1]!,
      localSeconds(p.firstJoin, zone),
      localSeconds(p.lastLeave, zone),
      p.minutes,
      p.percent,
      p.joins,
      mark
        ? statusName({ name: mark.statusName, kind: mark.kind }, lang)
        : kind === undefined
          ? null
          : labelOf(attendanceKindLabels, kind, lang),
      p.markSource === null ? null : labelOf(markSourceLabels, p.markSource as keyof typeof markSourceLabels, lang),
      p.markReason,
      p.source === null ? null : labelOf(participationSourceLabels, p.source, lang),
    ];
  });
  const title = live.title.replace(/[\\/:*?"<>|]/g, '_');
  return {
    filename: lang === 'zh' ? `${title} 考勤.csv` : `${title} attendance.csv`,
    title: live.title,
    body: toCsv([HEADERS[lang], ...rows]),
  };
}
