import { termDayDecl, termDayMeta } from '@lyceum/contract';
import { asc, eq, inArray, ne } from 'drizzle-orm';
import type { RequestContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db';
import { invalidParams } from '../../platform/errors';
import { createResource, fromDecl } from '../../platform/resource';
import { inOrg } from '../../platform/tenant-sql';
import { semesters } from '../calendar/calendar.table';
import { weekdayOf } from './local-time';
import { termDays } from './timetable.table';
import { termWeek } from './timetable-generate';

// The term's calendar: holidays and closures (no lessons), make-up days that follow another
// weekday's timetable. One row per day of the organisation; each inside its semester.

export async function semesterSpan(db: DbOrTx, orgId: number, id: number) {
  const [s] = await db
    .select({ id: semesters.id, name: semesters.name, startDate: semesters.startDate, endDate: semesters.endDate })
    .from(semesters)
    .where(inOrg(semesters, orgId, [eq(semesters.id, id)]));
  return s ?? null;
}

export const termDayResource = createResource({
  ...fromDecl(termDayDecl),
  meta: termDayMeta,
  table: termDays,
  search: [termDays.note],
  sort: { default: [asc(termDays.day)], fields: { day: termDays.day } },
  references: { semesterId: { table: semesters, label: 'semester' } },
  hooks: {
    async validate(input, ctx: RequestContext, _mode, current) {
      const s = await semesterSpan(ctx.db, ctx.orgId, input.semesterId);
      if (s && (input.day < s.startDate || input.day > s.endDate))
        throw invalidParams('day', 'outsideSemester', { from: s.startDate, to: s.endDate });
      // One row a day (the engine's own uniqueness check compares text; the day is a date).
      const [taken] = await ctx.db
        .select({ id: termDays.id })
        .from(termDays)
        .where(
          inOrg(termDays, ctx.orgId, [
            eq(termDays.day, input.day),
            current ? ne(termDays.id, Number(current.id)) : undefined,
          ]),
        );
      if (taken) throw invalidParams('day', 'unique', { label: 'Term day', value: input.day });
    },
    async decorate(rows, ctx) {
      const ids = [...new Set(rows.map((r) => Number(r.semesterId)))];
      const starts = new Map<number, string>();
      if (ids.length) {
        const found = await ctx.db
          .select({ id: semesters.id, startDate: semesters.startDate })
          .from(semesters)
          .where(inOrg(semesters, ctx.orgId, [inArray(semesters.id, ids)]));
        for (const s of found) starts.set(s.id, s.startDate);
      }
      return rows.map((r) => {
        const day = String(r.day);
        const start = starts.get(Number(r.semesterId)) ?? day;
        return { ...r, weekday: weekdayOf(day), week: termWeek(start, day) };
      });
    },
  },
});
