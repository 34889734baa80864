import type { EnumLabel } from '@lyceum/contract';
import type { BuildExtraConfigColumns } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import type { AnyPgColumn, PgColumnBuilderBase, PgTableExtraConfigValue } from 'drizzle-orm/pg-core';
import {
  bigint,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

// Column helpers shared by every table so tenant keys and timestamps read the same everywhere.
// Tenant tables key rows by (organization_id, id): every unique key and foreign key carries the
// organisation, so the schema can later be distributed by organisation (Citus) unchanged.
export const organizationId = () => bigint('organization_id', { mode: 'number' }).notNull();
export const tenantId = () => bigint('id', { mode: 'number' }).generatedByDefaultAsIdentity().notNull();
export const refId = (name: string) => bigint(name, { mode: 'number' });
export const createTime = () => timestamp('create_time', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
export const updateTime = () => timestamp('update_time', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
export const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
// The key of another row, always set.
export const keyId = (name: string) => refId(name).notNull();

// When a row was made and last changed; spread last into a table's columns.
export const stamps = () => ({ createTime: createTime(), updateTime: updateTime() });
// What a published record (an exam, a task, a message) ends with: when it went out, and its stamps.
export const publishStamps = () => ({ publishTime: at('publish_time'), ...stamps() });
// Grades addressed by an exam, a task or a message: entry years, not rows, so an array of numbers.
export const gradeYears = () => integer('grade_years').array().notNull().default([]);
// How many sittings a student may have (a practice exam, homework taken again) and which of them make
// the score (checked with `attemptCountingLabels`).
export const attemptRules = () => ({
  attemptsAllowed: integer('attempts_allowed').notNull().default(1),
  scoreCounting: smallint('score_counting').notNull().default(1),
});

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

// A row's references to other records of its organisation (no cascade: a record is not deleted
// while a row names it).
export function tenantRefs(t: { organizationId: AnyPgColumn }, ...refs: [AnyPgColumn, Keyed][]) {
  return refs.map(([column, target]) => tenantRef(t.organizationId, column, target));
}

// The references of a row under an owner that also names a target (a person, a tag): removed with its
// owner, and with its target only when `targetCascade` (else the target's delete is refused while
// named); indexed by the target too, for the reverse look-up ("my exams", "questions with this tag").
export function ownedRefs(
  indexName: string,
  t: { organizationId: AnyPgColumn },
  owner: [AnyPgColumn, Keyed],
  target: [AnyPgColumn, Keyed],
  targetCascade = false,
) {
  const toTarget = tenantRef(t.organizationId, target[0], target[1]);
  return [
    index(indexName).on(t.organizationId, target[0]),
    tenantRef(t.organizationId, owner[0], owner[1]).onDelete('cascade'),
    targetCascade ? toTarget.onDelete('cascade') : toTarget,
  ];
}

// A link table: which targets (classes, departments, people) a row (an exam, a task, a message)
// names, keyed by the organisation, the owner and the target.
export function linkTable<N extends string>(
  name: N,
  ownerColumn: string,
  owner: Keyed,
  targetColumn: string,
  target: Keyed,
  targetCascade = false,
) {
  return keyedTable(
    name,
    { ownerId: keyId(ownerColumn), targetId: keyId(targetColumn) },
    (t) => [t.ownerId, t.targetId],
    (t) => ownedRefs(`${name}_target_ix`, t, [t.ownerId, owner], [t.targetId, target], targetCascade),
  );
}

type Columns = Record<string, PgColumnBuilderBase>;
type OrganizationColumn = { organizationId: ReturnType<typeof organizationId> };
type IdColumn = { id: ReturnType<typeof tenantId> };
type Built<N extends string, C extends Columns> = BuildExtraConfigColumns<N, C, 'pg'>;
export type IdExtra<N extends string, C extends Columns> = (
  t: Built<N, OrganizationColumn & IdColumn & C>,
) => PgTableExtraConfigValue[];

// A tenant table: the organisation first, then the table's columns; its primary key is the
// organisation and `key` (so every unique key carries the organisation), before the table's other
// constraints. `organization` is the organisation column (tenantTable's also refers to the organisation).
export function keyedTable<N extends string, C extends Columns>(
  name: N,
  columns: C,
  key: (t: Built<N, OrganizationColumn & C>) => AnyPgColumn[],
  extra: (t: Built<N, OrganizationColumn & C>) => PgTableExtraConfigValue[] = () => [],
  organization = organizationId(),
) {
  const first: OrganizationColumn = { organizationId: organization };
  return pgTable(name, { ...first, ...columns }, (t) => [
    primaryKey({ columns: [t.organizationId, ...key(t)] }),
    ...extra(t),
  ]);
}

// A tenant table of rows with an id of their own, keyed by (organization_id, id).
export function idTable<N extends string, C extends Columns>(
  name: N,
  columns: C,
  extra: IdExtra<N, C> = () => [],
  organization = organizationId(),
) {
  const id: IdColumn = { id: tenantId() };
  return keyedTable<N, IdColumn & C>(name, { ...id, ...columns }, (t) => [t.id], extra, organization);
}
