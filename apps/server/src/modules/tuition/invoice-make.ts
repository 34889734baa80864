import { InvoiceStatus, RoleKind, type zInvoiceCreate, type zInvoiceGenerate, zPlan } from '@lyceum/contract';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { RequestContext } from '../../platform/context';
import type { Tx } from '../../platform/db';
import { invalidParams } from '../../platform/errors';
import { rows } from '../../platform/sql-rows';
import { inOrg } from '../../platform/tenant-sql';
import { semesters } from '../calendar/calendar.table';
import { orgCurrency } from '../system-config/system-config.service';
import { teamMembers, teams } from '../team/team.table';
import { withRoleKind } from '../user/user.service';
import { users } from '../user/user.table';
import { feeStructureItems, feeStructures, invoiceInstalments, invoiceLines, invoices } from './tuition.table';
import { orgToday } from './tuition-org';
import { splitByShares } from './tuition-split';

// Invoices are made pending (1): from a fee structure for many students at once (its items become
// the lines, its plan the instalments), or one by one with lines of their own. A student holding a
// live invoice of the structure is skipped (the partial unique index, ON CONFLICT DO NOTHING), so
// generating twice, or twice at once, makes each invoice once.

export interface InvoiceSpec {
  studentId: number;
  structureId: number | null;
  semesterId: number | null;
  title: string;
  currency: string;
  lines: { name: string; amount: number }[];
  discount: number;
  discountReason: string | null;
  note: string | null;
  plan: { dueDate: string; percent: number }[];
}

const CHUNK = 1000;
async function insertChunked<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
}

// The instalments of a total by the plan's shares (parts of nothing left out, the rest numbered on).
export function instalmentsFor(total: number, plan: { dueDate: string; percent: number }[]) {
  const parts = splitByShares(
    total,
    plan.map((p) => p.percent),
  );
  return plan
    .map((p, i) => ({ dueDate: p.dueDate, amount: parts[i]! }))
    .filter((p) => p.amount > 0)
    .map((p, i) => ({ ...p, seq: i + 1 }));
}

// Writes the invoices (each with its lines and instalments) in `tx`; answers the ids of those made.
export async function writeInvoices(tx: Tx, orgId: number, specs: InvoiceSpec[]): Promise<number[]> {
  if (!specs.length) return [];
  const year = (await orgToday(tx, orgId)).day.slice(0, 4);
  const ids = await rows<{ id: string | number }>(
    tx,
    sql`select nextval(pg_get_serial_sequence('invoices', 'id')) as id from generate_series(1, ${specs.length})`,
  );
  const planned = specs.map((s, i) => {
    const id = Number(ids[i]!.id);
    const subtotal = s.lines.reduce((a, l) => a + l.amount, 0);
    return { id, spec: s, subtotal, total: subtotal - s.discount };
  });
  const made = new Set<number>();
  await insertChunked(planned, async (chunk) => {
    const done = await tx
      .insert(invoices)
      .values(
        chunk.map(({ id, spec, subtotal, total }) => ({
          id,
          organizationId: orgId,
          invoiceNo: `INV-${year}-${String(id).padStart(6, '0')}`,
          studentId: spec.studentId,
          structureId: spec.structureId,
          semesterId: spec.semesterId,
          title: spec.title,
          status: InvoiceStatus.Pending,
          subtotal,
          discount: spec.discount,
          discountReason: spec.discountReason,
          total,
          currency: spec.currency,
          note: spec.note,
        })),
      )
      .onConflictDoNothing()
      .returning({ id: invoices.id });
    for (const d of done) made.add(d.id);
  });
  const kept = planned.filter((p) => made.has(p.id));
  const lines = kept.flatMap(({ id, spec }) =>
    spec.lines.map((l, sort) => ({ organizationId: orgId, invoiceId: id, name: l.name, amount: l.amount, sort })),
  );
  await insertChunked(lines, (chunk) => tx.insert(invoiceLines).values(chunk));
  const instalments = kept.flatMap(({ id, spec, total }) =>
    instalmentsFor(total, spec.plan).map((i) => ({ organizationId: orgId, invoiceId: id, ...i })),
  );
  await insertChunked(instalments, (chunk) => tx.insert(invoiceInstalments).values(chunk));
  return kept.map((k) => k.id);
}

// The students (users holding a student role) among `ids`: the first that is not one is named.
async function checkStudents(tx: Tx, orgId: number, ids: number[], field: (i: number) => string): Promise<void> {
  if (!ids.length) return;
  const found = await tx
    .select({ id: users.id })
    .from(users)
    .where(inOrg(users, orgId, [inArray(users.id, ids), withRoleKind(RoleKind.Student)]));
  const known = new Set(found.map((f) => f.id));
  const i = ids.findIndex((id) => !known.has(id));
  if (i >= 0) throw invalidParams(field(i), 'notAStudent', { name: String(ids[i]) });
}

// The students of classes (by id, or by grade): members holding a student role.
async function studentsOfTeams(tx: Tx, orgId: number, where: ReturnType<typeof inArray>): Promise<number[]> {
  const found = await tx
    .selectDistinct({ id: teamMembers.userId })
    .from(teamMembers)
    .innerJoin(teams, inOrg(teams, orgId, [eq(teams.id, teamMembers.teamId)]))
    .innerJoin(users, inOrg(users, orgId, [eq(users.id, teamMembers.userId), withRoleKind(RoleKind.Student)]))
    .where(inOrg(teamMembers, orgId, [where]));
  return found.map((f) => f.id);
}

type Generate = z.output<typeof zInvoiceGenerate>;

async function whoToInvoice(tx: Tx, orgId: number, input: Generate, gradeYear: number | null): Promise<number[]> {
  const teamIds = [...new Set(input.teamIds ?? [])];
  if (teamIds.length) {
    const found = await tx
      .select({ id: teams.id })
      .from(teams)
      .where(inOrg(teams, orgId, [inArray(teams.id, teamIds)]));
    const known = new Set(found.map((t) => t.id));
    const i = (input.teamIds ?? []).findIndex((id) => !known.has(id));
    if (i >= 0)
      throw invalidParams(`teamIds.${i}`, 'noSuchReference', { entity: 'class', ids: String(input.teamIds![i]) });
  }
  await checkStudents(tx, orgId, input.studentIds ?? [], (i) => `studentIds.${i}`);
  const named = input.teamIds?.length || input.gradeYear !== undefined || input.studentIds?.length;
  const grade = input.gradeYear ?? (named ? undefined : (gradeYear ?? undefined));
  const out = new Set<number>(input.studentIds ?? []);
  if (teamIds.length)
    for (const id of await studentsOfTeams(tx, orgId, inArray(teamMembers.teamId, teamIds))) out.add(id);
  if (grade !== undefined) {
    const ofGrade = tx
      .select({ id: teams.id })
      .from(teams)
      .where(inOrg(teams, orgId, [eq(teams.gradeYear, grade)]));
    for (const id of await studentsOfTeams(tx, orgId, inArray(teamMembers.teamId, ofGrade))) out.add(id);
  }
  if (!out.size) {
    const field = input.teamIds?.length ? 'teamIds' : input.gradeYear !== undefined ? 'gradeYear' : 'studentIds';
    throw invalidParams(field, 'noStudentsToInvoice');
  }
  return [...out].sort((a, b) => a - b);
}

// Invoices from a fee structure: answers how many were made and how many students already held one.
export async function generateInvoices(ctx: RequestContext, input: Generate) {
  return ctx.db.transaction(async (tx) => {
    const [structure] = await tx
      .select()
      .from(feeStructures)
      .where(inOrg(feeStructures, ctx.orgId, [eq(feeStructures.id, input.structureId)]));
    if (!structure)
      throw invalidParams('structureId', 'noSuchReference', {
        entity: 'fee structure',
        ids: String(input.structureId),
      });
    const items = await tx
      .select({ name: feeStructureItems.name, amount: feeStructureItems.amount })
      .from(feeStructureItems)
      .where(inOrg(feeStructureItems, ctx.orgId, [eq(feeStructureItems.structureId, structure.id)]))
      .orderBy(asc(feeStructureItems.sort), asc(feeStructureItems.id));
    const subtotal = items.reduce((a, i) => a + i.amount, 0);
    const students = await whoToInvoice(tx, ctx.orgId, input, structure.gradeYear);
    const invoiced = new Set(students);
    const discounts = new Map<number, { amount: number; reason: string | null }>();
    for (const [i, d] of (input.discounts ?? []).entries()) {
      if (!invoiced.has(d.studentId))
        throw invalidParams(`discounts.${i}.studentId`, 'noSuchReference', {
          entity: 'student invoiced here',
          ids: String(d.studentId),
        });
      if (d.amount >= subtotal) throw invalidParams(`discounts.${i}.amount`, 'tooBig', { max: subtotal - 1 });
      discounts.set(d.studentId, { amount: d.amount, reason: d.reason });
    }
    const plan = zPlan.parse(structure.plan);
    const specs: InvoiceSpec[] = students.map((studentId) => ({
      studentId,
      structureId: structure.id,
      semesterId: structure.semesterId,
      title: structure.name,
      currency: structure.currency,
      lines: items,
      discount: discounts.get(studentId)?.amount ?? 0,
      discountReason: discounts.get(studentId)?.reason ?? null,
      note: null,
      plan,
    }));
    const made = await writeInvoices(tx, ctx.orgId, specs);
    return { created: made.length, skipped: students.length - made.length, invoiceIds: made };
  });
}

// One student's invoice with lines of its own, in the organisation's currency.
export async function createInvoice(ctx: RequestContext, input: z.output<typeof zInvoiceCreate>): Promise<number> {
  const subtotal = input.lines.reduce((a, l) => a + l.amount, 0);
  if (input.discount >= subtotal) throw invalidParams('discount', 'tooBig', { max: subtotal - 1 });
  return ctx.db.transaction(async (tx) => {
    await checkStudents(tx, ctx.orgId, [input.studentId], () => 'studentId');
    if (input.semesterId) {
      const [term] = await tx
        .select({ id: semesters.id })
        .from(semesters)
        .where(inOrg(semesters, ctx.orgId, [eq(semesters.id, input.semesterId)]));
      if (!term)
        throw invalidParams('semesterId', 'noSuchReference', { entity: 'semester', ids: String(input.semesterId) });
    }
    const [id] = await writeInvoices(tx, ctx.orgId, [
      {
        studentId: input.studentId,
        structureId: null,
        semesterId: input.semesterId ?? null,
        title: input.title,
        currency: await orgCurrency(tx, ctx.orgId),
        lines: input.lines,
        discount: input.discount,
        discountReason: input.discountReason,
        note: input.note,
        plan: input.plan,
      },
    ]);
    return id!;
  });
}
