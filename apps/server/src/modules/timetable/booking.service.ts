import { BookingOwner, type BookingResource } from '@lyceum/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { PG_EXCLUSION_VIOLATION, pgErrorOf } from '../../platform/db-errors';
import { invalidParams } from '../../platform/errors';
import { rows } from '../../platform/sql-rows';
import { bookings, timetableSettings } from './timetable.table';

// The clash engine (decision 54). Whatever takes time (a lesson, an exam sitting, a live class)
// writes its bookings here in its own transaction through `book()`: the rows of one owner are
// replaced as a whole, and the database's exclusion constraints refuse an overlap with any other
// owner's booking of the same teacher, venue or class, even when two processes save at once. The
// refusal names the caller's field and what is in the way ("the exam «Final» from … to …").

export interface Booking {
  resource: BookingResource;
  resourceId: number;
  startsAt: Date;
  endsAt: Date;
  // An exam's class: may overlap other shared bookings (two exams of a class warn, decision 43).
  shared?: boolean;
  // The caller's field this booking came from (`venueId`, `teacherIds`), for the refusal.
  field: string;
}
export interface Owner {
  kind: BookingOwner;
  id: number;
}

// How each kind of owner is named in a refusal, registered by the module that owns it (so the
// timetable does not read the exam's tables).
type Describer = (db: DbOrTx, orgId: number, ids: number[]) => Promise<Map<number, string>>;
const describers = new Map<BookingOwner, Describer>();
export function registerBookingOwner(kind: BookingOwner, describe: Describer): void {
  describers.set(kind, describe);
}

const CLASH_KEY = {
  [BookingOwner.Lesson]: 'clashesWithLesson',
  [BookingOwner.Exam]: 'clashesWithExam',
  [BookingOwner.LiveClass]: 'clashesWithLiveClass',
} as const;

export async function orgTimeZone(db: DbOrTx, orgId: number): Promise<string> {
  const [row] = await db
    .select({ timeZone: timetableSettings.timeZone })
    .from(timetableSettings)
    .where(eq(timetableSettings.organizationId, orgId));
  return row?.timeZone ?? 'Asia/Shanghai';
}

// 'YYYY-MM-DD HH:mm' in the organisation's zone: the same in both languages.
export function localTime(at: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const p = Object.fromEntries(parts.map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`;
}

export interface Clash {
  field: string;
  resource: BookingResource;
  resourceId: number;
  ownerKind: BookingOwner;
  ownerId: number;
  name: string;
  startsAt: Date;
  endsAt: Date;
}

// Every other owner's booking that overlaps one of `wanted` (what a save would be refused for), named.
export async function clashesOf(db: DbOrTx, orgId: number, owner: Owner | null, wanted: Booking[]): Promise<Clash[]> {
  if (!wanted.length) return [];
  const values = sql.join(
    wanted.map(
      (b, i) =>
        sql`(${i}::int, ${b.resource}::smallint, ${b.resourceId}::bigint, ${b.startsAt.toISOString()}::timestamptz, ${b.endsAt.toISOString()}::timestamptz, ${b.shared ?? false}::boolean)`,
    ),
    sql`, `,
  );
  const found = await rows<{
    i: number;
    owner_kind: number;
    owner_id: string | number;
    starts_at: Date | string;
    ends_at: Date | string;
  }>(
    db,
    sql`select w.i, b.owner_kind, b.owner_id, b.starts_at, b.ends_at
        from (values ${values}) as w(i, resource, resource_id, starts_at, ends_at, shared)
        join bookings b on b.organization_id = ${orgId} and b.resource = w.resource
          and b.resource_id = w.resource_id
          and tstzrange(b.starts_at, b.ends_at) && tstzrange(w.starts_at, w.ends_at)
          and not (b.shared and w.shared)
        ${owner ? sql`where not (b.owner_kind = ${owner.kind} and b.owner_id = ${owner.id})` : sql``}
        order by w.i, b.starts_at`,
  );
  const names = new Map<string, string>();
  for (const kind of new Set(found.map((f) => f.owner_kind as BookingOwner))) {
    const ids = [...new Set(found.filter((f) => f.owner_kind === kind).map((f) => Number(f.owner_id)))];
    const named = (await describers.get(kind)?.(db, orgId, ids)) ?? new Map<number, string>();
    for (const id of ids) names.set(`${kind}:${id}`, named.get(id) ?? `#${id}`);
  }
  return found.map((f) => {
    const w = wanted[f.i]!;
    return {
      field: w.field,
      resource: w.resource,
      resourceId: w.resourceId,
      ownerKind: f.owner_kind as BookingOwner,
      ownerId: Number(f.owner_id),
      name: names.get(`${f.owner_kind}:${Number(f.owner_id)}`) ?? '',
      startsAt: new Date(f.starts_at),
      endsAt: new Date(f.ends_at),
    };
  });
}

// The first clash as the refusal the caller sees: 501 on the field, naming what is in the way.
export async function clashError(db: DbOrTx, orgId: number, clash: Clash) {
  const zone = await orgTimeZone(db, orgId);
  return invalidParams(clash.field, CLASH_KEY[clash.ownerKind], {
    name: clash.name,
    from: localTime(clash.startsAt, zone),
    to: localTime(clash.endsAt, zone),
  });
}

// Replaces the owner's bookings with `wanted`, inside the caller's transaction. A clash found
// first is refused with its name; one that appears between the look and the write (another process
// saving at the same moment) is refused by the constraint, caught in a savepoint, and named the same way.
export async function book(tx: DbOrTx, orgId: number, owner: Owner, wanted: Booking[]): Promise<void> {
  await unbook(tx, orgId, owner);
  const valid = wanted.filter((b) => b.startsAt < b.endsAt);
  if (!valid.length) return;
  const [first] = await clashesOf(tx, orgId, owner, valid);
  if (first) throw await clashError(tx, orgId, first);
  try {
    await tx.transaction(async (sp) => {
      await sp.insert(bookings).values(
        valid.map((b) => ({
          organizationId: orgId,
          resource: b.resource,
          resourceId: b.resourceId,
          startsAt: b.startsAt,
          endsAt: b.endsAt,
          ownerKind: owner.kind,
          ownerId: owner.id,
          shared: b.shared ?? false,
        })),
      );
    });
  } catch (err) {
    if (pgErrorOf(err)?.code !== PG_EXCLUSION_VIOLATION) throw err;
    const [late] = await clashesOf(tx, orgId, owner, valid);
    if (late) throw await clashError(tx, orgId, late);
    throw err;
  }
}

export async function unbook(tx: DbOrTx, orgId: number, owner: Owner): Promise<void> {
  await tx
    .delete(bookings)
    .where(and(eq(bookings.organizationId, orgId), eq(bookings.ownerKind, owner.kind), eq(bookings.ownerId, owner.id)));
}
