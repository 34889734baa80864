import { MessageAudience, MessageTarget, zMessageCreate } from '@lyceum/contract';
import { eq, inArray, like, sql } from 'drizzle-orm';
import { messageResource } from '../modules/message/message.resource';
import { messageReceipts } from '../modules/message/message.table';
import { teamMembers, teams } from '../modules/team/team.table';
import { users } from '../modules/user/user.table';
import type { Db } from '../platform/db';
import { inOrg, sameOrg } from '../platform/tenant-sql';
import { seedContext } from './seed-context';

const DAY = 86_400_000;

// Messages so the inbox and Messages have something to show after `npm start`: the office's
// need-read notice to every student (most of the demo class has confirmed it, `student` has not,
// so it greets them at sign-in), a note to all staff, and the demo teacher's message to their class
// (half read). The exams and homework published before this sent their own notices.
export async function seedMessages(db: Db, orgId: number, teacherId: number) {
  const [academic] = await db
    .select({ id: users.id })
    .from(users)
    .where(inOrg(users, orgId, [eq(users.userName, 'academic')]));
  const [team] = await db
    .select({ id: teams.id })
    .from(teams)
    .where(inOrg(teams, orgId, [like(teams.name, 'Class 2024-1%')]));
  if (!academic || !team) return;
  const perms = ['message:page', 'message:create', 'message:publish'];
  const office = seedContext(db, orgId, academic.id, [...perms, 'message:all']);
  const teacher = seedContext(db, orgId, teacherId, perms);
  const send = async (ctx: typeof office, input: Record<string, unknown>) => {
    const row = await messageResource.create(ctx, zMessageCreate.parse(input));
    await messageResource.runAction(ctx, 'publish', row.id as number, {});
    return Number(row.id);
  };
  const now = Date.now();
  const timetable = await send(office, {
    title: 'End-of-term exam timetable 期末考试安排',
    body:
      '<p>The end-of-term exams run from <strong>Monday 14 December</strong> to Friday 18 December. ' +
      'Check your admission ticket in <em>My exams</em> the week before, and bring your student card.</p>' +
      '<p>期末考试于 <strong>12 月 14 日（周一）</strong>至 12 月 18 日（周五）进行。请提前一周在“我的考试”中查看准考证，并携带学生证。</p>',
    targetType: MessageTarget.School,
    audience: MessageAudience.Students,
    needRead: true,
    openEnd: new Date(now + 30 * DAY).toISOString(),
  });
  await send(office, {
    title: 'Marking meeting on Thursday 阅卷会议',
    body: '<p>All markers: Thursday 15:00 in room A-201, to agree the marking scheme of the mid-term papers.</p><p>全体阅卷老师：周四 15:00 在 A-201 开会，统一期中试卷评分标准。</p>',
    targetType: MessageTarget.School,
    audience: MessageAudience.Staff,
  });
  const calculators = await send(teacher, {
    title: 'Bring a calculator on Friday 周五请带计算器',
    body: '<p>Friday’s class works through the Week 3 homework together: bring a scientific calculator.</p><p>周五课上讲解第三周作业，请带科学计算器。</p>',
    targetType: MessageTarget.Class,
    teamIds: [team.id],
  });
  // Classmates who have read them (not `student`).
  const classmates = await db
    .select({ id: teamMembers.userId })
    .from(teamMembers)
    .innerJoin(users, sameOrg(users, teamMembers, [eq(users.id, teamMembers.userId)]))
    .where(inOrg(teamMembers, orgId, [eq(teamMembers.teamId, team.id), sql`${users.userName} <> 'student'`]));
  const ids = classmates.map((c) => c.id);
  const markRead = async (messageId: number, who: number[]) => {
    if (!who.length) return;
    await db
      .update(messageReceipts)
      .set({ readAt: new Date(now - 3_600_000) })
      .where(
        inOrg(messageReceipts, orgId, [eq(messageReceipts.messageId, messageId), inArray(messageReceipts.userId, who)]),
      );
  };
  await markRead(timetable, ids.slice(0, Math.ceil(ids.length * 0.7)));
  await markRead(calculators, ids.slice(0, Math.ceil(ids.length / 2)));
}
