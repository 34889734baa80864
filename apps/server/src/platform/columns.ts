import type { EnumLabel } from '@lyceum/contract';
import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { bigint, check, foreignKey, index, pgTable, primaryKey, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

// Column helpers shared by every table so tenant keys and timestamps read the same everywhere.
// Tenant tables key rows by (organization_id, id): every unique key and foreign key carries the
// organisation, so the schema can later be distributed by organisation (Citus) unchanged.
export const organizationId = () => bigint('organization_id', { mode: 'number' }).notNull();
export const tenantId = () => bigint('id', { mode: 'number' }).generatedByDefaultAsIdentity().notNull();
export const refId = (name: string) => bigint(name, { mode: 'number' });
export const createTime = () => timestamp('create_time', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
export const updateTime = () => timestamp('update_time', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
export const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

// A CHECK constraint built from the same label map the contract exports, so values cannot drift.
export function enumCheck(name: string, column: AnyPgColumn, labels: Record<number, EnumLabel>) {
  const values = Object.keys(labels).map(Number).join(', ');
  return check(name, sql`${column} in (${sql.raw(values)})`);
}

// A trigram index, so `ilike '%text%'` keyword filters use an index instead of reading the table.
export function trigramIndex(name: string, column: AnyPgColumn) {
  return index(name).using('gin', sql`${column} gin_trgm_ops`);
}

// "Name already exists" among siblings of a tree, as the database enforces it: case-insensitive, and
// top-level entries (parent null) count as siblings of each other.
export function siblingNameIndex(name: string, org: AnyPgColumn, parent: AnyPgColumn, label: AnyPgColumn) {
  return uniqueIndex(name).on(org, sql`coalesce(${parent}, 0)`, sql`lower(${label})`);
}

type Keyed = { organizationId: AnyPgColumn; id: AnyPgColumn };

// A tenant foreign key: the row's (organization_id, column) names a row of `target` in the same
// organisation, (organization_id, id). Chain `.onDelete(...)` as with foreignKey.
export function tenantRef(organization: AnyPgColumn, column: AnyPgColumn, target: Keyed) {
  return foreignKey({ columns: [organization, column], foreignColumns: [target.organizationId, target.id] });
}

// A link table: which targets (classes, departments, people) a row (an exam, a task, a message)
// names, keyed by the organisation, the owner and the target. Deleting the owner deletes its links;
// deleting a target does only when `targetCascade` (else the target's delete is refused while named).
export function linkTable<N extends string>(
  name: N,
  ownerColumn: string,
  owner: Keyed,
  targetColumn: string,
  target: Keyed,
  targetCascade = false,
) {
  return pgTable(
    name,
    {
      organizationId: organizationId(),
      ownerId: bigint(ownerColumn, { mode: 'number' }).notNull(),
      targetId: bigint(targetColumn, { mode: 'number' }).notNull(),
    },
    (t) => {
      const toTarget = foreignKey({
        columns: [t.organizationId, t.targetId],
        foreignColumns: [target.organizationId, target.id],
      });
      return [
        primaryKey({ columns: [t.organizationId, t.ownerId, t.targetId] }),
        index(`${name}_target_ix`).on(t.organizationId, t.targetId),
        foreignKey({
          columns: [t.organizationId, t.ownerId],
          foreignColumns: [owner.organizationId, owner.id],
        }).onDelete('cascade'),
        targetCascade ? toTarget.onDelete('cascade') : toTarget,
      ];
    },
  );
}
