import { ApplicationStatus, admissionRoundActions, admissionRoundDecl, admissionRoundMeta } from '@lyceum/contract';
import { count, desc, inArray, ne, sql } from 'drizzle-orm';
import { clock } from '../../platform/clock';
import type { RequestContext } from '../../platform/context';
import { createResource, fromDecl, implement, type Values } from '../../platform/resource';
import { inOrg } from '../../platform/tenant-sql';
import { semesters } from '../calendar/calendar.table';
import { departments } from '../department/department.table';
import { degrees } from '../education/education.table';
import { teams } from '../team/team.table';
import { admissionRounds, applications } from './admission.table';

// Admission rounds (read with application:page, written, opened and closed with application:round):
// the window, the quota, the form's extra fields and the class the admitted join. A round with
// applications is not deleted (they name it).

const { Accepted, Enrolled, Draft } = ApplicationStatus;

async function decorate(rows: Values[], ctx: RequestContext): Promise<Values[]> {
  if (!rows.length) return rows;
  const ids = rows.map((r) => Number(r.id));
  const counts = await ctx.db
    .select({
      id: applications.roundId,
      applications: count(),
      taken: sql<number>`count(*) filter (where ${inArray(applications.status, [Accepted, Enrolled])})`.mapWith(Number),
    })
    .from(applications)
    .where(inOrg(applications, ctx.orgId, [inArray(applications.roundId, ids), ne(applications.status, Draft)]))
    .groupBy(applications.roundId);
  const by = new Map(counts.map((c) => [Number(c.id), c]));
  return rows.map((r) => ({
    ...r,
    applications: Number(by.get(Number(r.id))?.applications ?? 0),
    taken: by.get(Number(r.id))?.taken ?? 0,
  }));
}

export const admissionRoundResource = createResource({
  ...fromDecl(admissionRoundDecl),
  meta: admissionRoundMeta,
  table: admissionRounds,
  search: [admissionRounds.name],
  sort: {
    default: [desc(admissionRounds.id)],
    fields: { opensAt: admissionRounds.opensAt, name: admissionRounds.name },
  },
  unique: [{ fields: ['name'], label: 'Admission round' }],
  references: {
    semesterId: { table: semesters, label: 'semester' },
    degreeId: { table: degrees, label: 'degree' },
    departmentId: { table: departments, label: 'department' },
    teamId: { table: teams, label: 'class' },
  },
  usedBy: [
    {
      label: 'applications',
      count: async (db, ctx, ids) => {
        const [row] = await db
          .select({ n: count() })
          .from(applications)
          .where(inOrg(applications, ctx.orgId, [inArray(applications.roundId, ids)]));
        return Number(row?.n ?? 0);
      },
    },
  ],
  actions: {
    open: implement(admissionRoundActions.open),
    close: implement(admissionRoundActions.close),
  },
  hooks: {
    values: (input) =>
      ({
        ...input,
        opensAt: new Date(input.opensAt),
        closesAt: new Date(input.closesAt),
        updateTime: clock.date(),
      }) as Values,
    decorate,
  },
});
