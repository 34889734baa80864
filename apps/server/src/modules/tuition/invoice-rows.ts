import { type Invoice, InvoiceStatus, type InvoiceStatus as Status, type zInvoiceFilter } from '@lyceum/contract';
import { and, type Column, desc, eq, getTableName, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../platform/db';
import { likePattern } from '../../platform/resource';
import { inOrg, sameOrg } from '../../platform/tenant-sql';
import { teamMembers, teams } from '../team/team.table';
import { users } from '../user/user.table';
import { invoiceInstalments as ii, invoices as inv, paymentAllocations as pa } from './tuition.table';

// Invoices as lists read them: the student's names and class beside each, and what was paid, what
// is still owed, the next due day and whether it is overdue, all computed from the allocations in
// the query (never stored). "Overdue": an issued or partly paid invoice with an instalment whose day
// is before `today` (the organisation's) and that still owes something.

const { Issued, PartiallyPaid } = InvoiceStatus;
export const OWING: Status[] = [Issued, PartiallyPaid];

// A column named with its table, whatever the query around it: drizzle leaves columns bare in the
// select list of a one-table query, where a correlated subquery would read them as its own table's.
export const qual = (c: Column) => sql.raw(`"${getTableName(c.table)}"."${c.name}"`);

// What an instalment has had allocated, net of reversals.
const allocatedTo = (org: SQL, instalment: SQL) =>
  sql<number>`coalesce((select sum(a.amount) from ${pa} a where a.organization_id = ${org} and a.instalment_id = ${instalment}), 0)`;
// ... the instalment of the query around it (`ii`).
export const instalmentPaid = allocatedTo(qual(ii.organizationId), qual(ii.id)).mapWith(Number);

const invoicePaid = sql<number>`coalesce((select sum(a.amount) from ${pa} a
  where a.organization_id = ${qual(inv.organizationId)} and a.invoice_id = ${qual(inv.id)}), 0)`.mapWith(Number);

// An instalment `i` of the invoice of the query around it, owing something.
const owingOfInvoice = sql`${ii} i where i.organization_id = ${qual(inv.organizationId)}
  and i.invoice_id = ${qual(inv.id)} and i.amount > ${allocatedTo(sql`i.organization_id`, sql`i.id`)}`;

const nextDue = sql<string | null>`(select min(i.due_date)::text from ${owingOfInvoice})`;

const teamName = sql<string | null>`(select t.name from ${teamMembers} m
  join ${teams} t on t.organization_id = m.organization_id and t.id = m.team_id
  where m.organization_id = ${qual(inv.organizationId)} and m.user_id = ${qual(inv.studentId)}
  order by t.grade_year desc, t.id limit 1)`;

// Invoices owing something on an instalment whose day is before `today`.
export const isOverdue = (today: string) =>
  and(inArray(inv.status, OWING), sql`exists (select 1 from ${owingOfInvoice} and i.due_date < ${today})`);

// A student of the class now.
export const inTeam = (teamId: number) =>
  sql`exists (select 1 from ${teamMembers} m where m.organization_id = ${qual(inv.organizationId)}
    and m.team_id = ${teamId} and m.user_id = ${qual(inv.studentId)})`;

// The invoice number, or the student's name or user name.
export const studentKeyword = (keyword: string) => {
  const like = likePattern(keyword);
  return or(ilike(inv.invoiceNo, like), ilike(users.userName, like), ilike(users.realName, like));
};

export function invoiceWhere(orgId: number, f: z.output<typeof zInvoiceFilter>, today: string): SQL | undefined {
  return inOrg(inv, orgId, [
    f.status ? eq(inv.status, f.status) : undefined,
    f.semesterId ? eq(inv.semesterId, f.semesterId) : undefined,
    f.structureId ? eq(inv.structureId, f.structureId) : undefined,
    f.keyword ? studentKeyword(f.keyword) : undefined,
    f.teamId ? inTeam(f.teamId) : undefined,
    f.overdue === true ? isOverdue(today) : undefined,
  ]);
}

// The invoices matching `where` (which may name the student's columns: users is joined), newest first.
export async function invoiceRows(
  db: DbOrTx,
  where: SQL | undefined,
  today: string,
  page?: { limit: number; offset: number },
): Promise<Invoice[]> {
  const query = db
    .select({
      row: inv,
      studentName: users.realName,
      userName: users.userName,
      teamName,
      paid: invoicePaid,
      nextDue,
    })
    .from(inv)
    .innerJoin(users, sameOrg(users, inv, [eq(users.id, inv.studentId)]))
    .where(where)
    .orderBy(desc(inv.id));
  const found = page ? await query.limit(page.limit).offset(page.offset) : await query;
  return found.map((f) => toInvoice(f, today));
}

export async function countInvoices(db: DbOrTx, where: SQL | undefined): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(inv)
    .innerJoin(users, sameOrg(users, inv, [eq(users.id, inv.studentId)]))
    .where(where);
  return row?.n ?? 0;
}

interface Found {
  row: typeof inv.$inferSelect;
  studentName: string;
  userName: string;
  teamName: string | null;
  paid: number;
  nextDue: string | null;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toInvoice(f: Found, today: string): Invoice {
  const r = f.row;
  const owing = OWING.includes(r.status as Status);
  return {
    id: r.id,
    invoiceNo: r.invoiceNo,
    studentId: r.studentId,
    studentName: f.studentName,
    userName: f.userName,
    teamName: f.teamName,
    structureId: r.structureId,
    semesterId: r.semesterId,
    title: r.title,
    status: r.status as Status,
    subtotal: r.subtotal,
    discount: r.discount,
    discountReason: r.discountReason,
    total: r.total,
    currency: r.currency,
    paid: f.paid,
    outstanding: r.total - f.paid,
    nextDue: f.nextDue,
    overdue: owing && f.nextDue !== null && f.nextDue < today,
    issuedAt: iso(r.issuedAt),
    cancelledAt: iso(r.cancelledAt),
    cancelReason: r.cancelReason,
    note: r.note,
    createTime: r.createTime.toISOString(),
  };
}
