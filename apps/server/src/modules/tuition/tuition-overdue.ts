import { moneyText, type OverdueRow, pageOf, pageOffset, type zOverdueRequest } from '@lyceum/contract';
import { and, asc, eq, gt, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { clock } from '../../platform/clock';
import type { RequestContext } from '../../platform/context';
import type { Db, DbOrTx } from '../../platform/db';
import type { JobRunner } from '../../platform/jobs';
import { inOrg, sameOrg } from '../../platform/tenant-sql';
import { idsQuery, sendNotice } from '../message/message-delivery';
import { teamMembers, teams } from '../team/team.table';
import { addDays, daysBetween } from '../timetable/local-time';
import { users } from '../user/user.table';
import { instalmentPaid, inTeam, OWING, qual, studentKeyword } from './invoice-rows';
import { invoiceInstalments as ii, invoices as inv } from './tuition.table';
import { orgToday } from './tuition-org';

// Overdue tuition: instalments of issued or partly paid invoices whose day (the organisation's) has
// passed and that still owe something. Students are reminded through Messages, each instalment at
// most once a day: the reminder is a conditional update of `reminded_at` (not reminded since the
// day began), so a second call the same day, or the job and a bursar at once, remind nobody twice.

export const TUITION_REMIND_JOB = 'tuition.remindOverdue';

const overdueOn = (orgId: number, today: string) =>
  inOrg(ii, orgId, [
    lt(ii.dueDate, today),
    gt(ii.amount, instalmentPaid),
    sql`exists (select 1 from ${inv} v where v.organization_id = ${qual(ii.organizationId)}
      and v.id = ${qual(ii.invoiceId)} and v.status in (${sql.join(
        OWING.map((s) => sql`${s}`),
        sql`, `,
      )}))`,
  ]);

export async function overduePage(ctx: RequestContext, req: z.output<typeof zOverdueRequest>) {
  const { day } = await orgToday(ctx.db, ctx.orgId);
  const where = and(
    overdueOn(ctx.orgId, day),
    req.keyword ? studentKeyword(req.keyword) : undefined,
    req.teamId ? inTeam(req.teamId) : undefined,
    req.semesterId ? eq(inv.semesterId, req.semesterId) : undefined,
    req.minDays ? lte(ii.dueDate, addDays(day, -req.minDays)) : undefined,
  );
  const base = () =>
    ctx.db
      .select({ row: ii, paid: instalmentPaid, invoice: inv, studentName: users.realName, userName: users.userName })
      .from(ii)
      .innerJoin(inv, sameOrg(inv, ii, [eq(inv.id, ii.invoiceId)]))
      .innerJoin(users, sameOrg(users, inv, [eq(users.id, inv.studentId)]))
      .where(where);
  const found = await base()
    .orderBy(asc(ii.dueDate), asc(inv.id), asc(ii.seq))
    .limit(req.pageSize)
    .offset(pageOffset(req));
  const [total] = await ctx.db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(ii)
    .innerJoin(inv, sameOrg(inv, ii, [eq(inv.id, ii.invoiceId)]))
    .innerJoin(users, sameOrg(users, inv, [eq(users.id, inv.studentId)]))
    .where(where);
  const classes = await teamNames(
    ctx.db,
    ctx.orgId,
    found.map((f) => f.invoice.studentId),
  );
  const rows: OverdueRow[] = found.map(({ row, paid, invoice, studentName, userName }) => ({
    invoiceId: invoice.id,
    invoiceNo: invoice.invoiceNo,
    title: invoice.title,
    studentId: invoice.studentId,
    studentName,
    userName,
    teamName: classes.get(invoice.studentId) ?? null,
    instalmentId: row.id,
    seq: row.seq,
    dueDate: row.dueDate,
    amount: row.amount,
    paid,
    outstanding: row.amount - paid,
    currency: invoice.currency,
    daysOverdue: daysBetween(row.dueDate, day),
    remindedAt: row.remindedAt ? row.remindedAt.toISOString() : null,
  }));
  return pageOf(rows, total?.n ?? 0, req);
}

// The class of each student now (the newest grade's first, as invoice lists show it).
async function teamNames(db: DbOrTx, orgId: number, studentIds: number[]): Promise<Map<number, string>> {
  if (!studentIds.length) return new Map();
  const found = await db
    .selectDistinctOn([teamMembers.userId], { userId: teamMembers.userId, name: teams.name })
    .from(teamMembers)
    .innerJoin(teams, sameOrg(teams, teamMembers, [eq(teams.id, teamMembers.teamId)]))
    .where(inOrg(teamMembers, orgId, [inArray(teamMembers.userId, studentIds)]))
    .orderBy(teamMembers.userId, sql`${teams.gradeYear} desc`, teams.id);
  return new Map(found.map((f) => [f.userId, f.name]));
}

// Reminds the students of overdue instalments (all of the organisation's, or of the invoices
// named): one notice per invoice with what its newly reminded instalments owe and the earliest
// day. Answers how many students were told and how many instalments reminded.
export async function remindOverdue(db: Db, orgId: number, invoiceIds?: number[]) {
  const now = clock.date();
  const { day, start } = await orgToday(db, orgId, now);
  return db.transaction(async (tx) => {
    const reminded = await tx
      .update(ii)
      .set({ remindedAt: now })
      .where(
        and(
          overdueOn(orgId, day),
          invoiceIds ? inArray(ii.invoiceId, invoiceIds) : undefined,
          or(isNull(ii.remindedAt), lt(ii.remindedAt, start)),
        ),
      )
      .returning({
        invoiceId: ii.invoiceId,
        dueDate: ii.dueDate,
        owed: sql<number>`${ii.amount} - ${instalmentPaid}`.mapWith(Number),
      });
    if (!reminded.length) return { students: 0, instalments: 0 };
    const byInvoice = new Map<number, { owed: number; due: string }>();
    for (const r of reminded) {
      const had = byInvoice.get(r.invoiceId);
      byInvoice.set(r.invoiceId, {
        owed: (had?.owed ?? 0) + r.owed,
        due: had && had.due < r.dueDate ? had.due : r.dueDate,
      });
    }
    const told = await tx
      .select()
      .from(inv)
      .where(inOrg(inv, orgId, [inArray(inv.id, [...byInvoice.keys()])]));
    for (const invoice of told) {
      const { owed, due } = byInvoice.get(invoice.id)!;
      await sendNotice(tx, orgId, {
        kind: 'tuitionOverdue',
        params: { name: invoice.title, invoiceNo: invoice.invoiceNo, overdue: moneyText(owed, invoice.currency), due },
        to: idsQuery([invoice.studentId]),
      });
    }
    return { students: new Set(told.map((i) => i.studentId)).size, instalments: reminded.length };
  });
}

// Every organisation with invoices owing is reminded once a day, one after the other.
export async function remindAllOverdue(db: Db) {
  const orgs = await db.selectDistinct({ orgId: inv.organizationId }).from(inv).where(inArray(inv.status, OWING));
  let instalments = 0;
  for (const { orgId } of orgs) instalments += (await remindOverdue(db, orgId)).instalments;
  return { organizations: orgs.length, instalments };
}

export function registerOverdueJob(runner: JobRunner, db: Db): void {
  runner.register(TUITION_REMIND_JOB, { run: async () => remindAllOverdue(db) });
  // 01:00 UTC: the morning in the Asia zones the demo schools are in.
  runner.daily(TUITION_REMIND_JOB, { hour: 1, minute: 0 });
}
