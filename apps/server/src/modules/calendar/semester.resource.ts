import { semesterDecl, semesterEntity } from '@lyceum/contract';
import { desc, eq } from 'drizzle-orm';
import { invalidParams } from '../../platform/errors';
import { createResource, fromDecl } from '../../platform/resource';
import { inOrg } from '../../platform/tenant-sql';
import { semesters } from './calendar.table';

export const semesterResource = createResource({
  ...fromDecl(semesterDecl),
  meta: semesterEntity.meta,
  table: semesters,
  search: [semesters.name],
  sort: {
    default: [desc(semesters.year), desc(semesters.term)],
    fields: { year: semesters.year, startDate: semesters.startDate },
  },
  unique: [{ fields: ['year', 'term'], label: 'Semester of this year and term' }],
  hooks: {
    validate(input) {
      if (input.endDate <= input.startDate) throw invalidParams('endDate', 'endBeforeStart');
    },
    // Marking a semester current unmarks the previous one.
    async beforeWrite(tx, input, ctx) {
      if (!input.current) return;
      await tx
        .update(semesters)
        .set({ current: false })
        .where(inOrg(semesters, ctx.orgId, [eq(semesters.current, true)]));
    },
  },
});
