import { AttendanceKind, attendanceStatusDecl } from '@lyceum/contract';
import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { createResource, fromDecl } from '../../platform/resource';
import { inOrg } from '../../platform/tenant-sql';
import { attendanceMarks, attendanceStatuses } from './attendance.table';

// The organisation's attendance statuses. Every organisation starts with five (made on first use, so
// organisations made before this change have them too); academic staff rename, reweigh or add their
// own. Excused weighs 1.0: an excused lesson counts as attended in the weighted rate.

const DEFAULTS = [
  { name: 'Present', kind: AttendanceKind.Present, weight: 1, requiresReason: false, isDefault: true },
  { name: 'Late', kind: AttendanceKind.Late, weight: 0.8, requiresReason: false, isDefault: false },
  { name: 'Left early', kind: AttendanceKind.LeftEarly, weight: 0.8, requiresReason: false, isDefault: false },
  { name: 'Excused', kind: AttendanceKind.Excused, weight: 1, requiresReason: true, isDefault: false },
  { name: 'Absent', kind: AttendanceKind.Absent, weight: 0, requiresReason: false, isDefault: false },
];

// Writes the five defaults for an organisation that has no status yet (two first uses at once: the
// unique name and default keys keep one of each). An organisation that removed some keeps its choice.
export async function ensureStatuses(db: DbOrTx, orgId: number): Promise<void> {
  const values = sql.join(
    DEFAULTS.map(
      (s, i) =>
        sql`(${orgId}::bigint, ${s.name}::text, ${s.kind}::smallint, ${s.weight}::float8, ${s.requiresReason}::boolean, ${s.isDefault}::boolean, ${i + 1}::smallint)`,
    ),
    sql`, `,
  );
  await db.execute(sql`insert into ${attendanceStatuses}
      (organization_id, name, kind, weight, requires_reason, is_default, sort)
    select * from (values ${values}) v
    where not exists (select 1 from ${attendanceStatuses} s where s.organization_id = ${orgId})
    on conflict do nothing`);
}

export type StatusRow = typeof attendanceStatuses.$inferSelect;

// The organisation's statuses in their order, made first when there are none.
export async function statusesOf(db: DbOrTx, orgId: number): Promise<StatusRow[]> {
  const read = () =>
    db
      .select()
      .from(attendanceStatuses)
      .where(inOrg(attendanceStatuses, orgId))
      .orderBy(asc(attendanceStatuses.sort), asc(attendanceStatuses.id));
  const found = await read();
  if (found.length) return found;
  await ensureStatuses(db, orgId);
  return read();
}

// What a taking screen starts on: the default, else the first status of kind Present, else the first.
export function defaultStatus(statuses: StatusRow[]): StatusRow {
  const first = statuses.find((s) => s.isDefault) ?? statuses.find((s) => s.kind === AttendanceKind.Present);
  return first ?? (statuses[0] as StatusRow);
}

// The first status of a kind (approved leave writes Excused; a QR check-in Present or Late).
export function statusOfKind(statuses: StatusRow[], kind: AttendanceKind): StatusRow | undefined {
  return statuses.find((s) => s.kind === kind);
}

export const attendanceStatusResource = createResource({
  ...fromDecl(attendanceStatusDecl),
  table: attendanceStatuses,
  search: [attendanceStatuses.name],
  sort: {
    default: [asc(attendanceStatuses.sort), asc(attendanceStatuses.id)],
    fields: { name: attendanceStatuses.name, kind: attendanceStatuses.kind, sort: attendanceStatuses.sort },
  },
  unique: [{ fields: ['name'], label: 'Attendance status' }],
  // Marks are a log, not a declared resource: a status some mark names stays.
  usedBy: [
    {
      label: 'attendance marks',
      count: async (db, ctx, ids) => {
        const [row] = await db
          .select({ n: count() })
          .from(attendanceMarks)
          .where(inOrg(attendanceMarks, ctx.orgId, [inArray(attendanceMarks.statusId, ids)]));
        return Number(row?.n ?? 0);
      },
    },
  ],
  hooks: {
    // The defaults first (in the save's transaction), so an organisation's own first status is not
    // the only one it has; one default per organisation: a new default moves the mark from the old one.
    async beforeWrite(tx, input, ctx, mode, current) {
      if (mode === 'create') await ensureStatuses(tx, ctx.orgId);
      if (!input.isDefault) return;
      const others = current ? [ne(attendanceStatuses.id, Number(current.id))] : [];
      await tx
        .update(attendanceStatuses)
        .set({ isDefault: false })
        .where(and(inOrg(attendanceStatuses, ctx.orgId, [eq(attendanceStatuses.isDefault, true)]), ...others));
    },
  },
});
