import type { z } from 'zod';
import { defineEntity, f } from '../../entity';
import { semesterTermLabels } from '../../enums/semester-term';
import { zDateText } from '../../fields';

// A calendar date that exists (no 2026-02-31).
export const zDate = zDateText('date');

// One semester per year and term; exactly one can be the current one.
export const semesterEntity = defineEntity({
  name: 'semester',
  title: { en: 'Semesters', zh: '学期' },
  one: { en: 'Semester', zh: '学期' },
  keyword: true,
  fields: {
    name: f.text(['Name', '名称'], 64),
    year: f.int(['Year', '学年'], { min: 2000, max: 2100 }, { sortable: true, filter: true, width: 90 }),
    term: f.enum(semesterTermLabels, ['Term', '学期'], { filter: true, width: 120 }),
    startDate: f.date(['Starts', '开始日期'], { sortable: true }),
    endDate: f.date(['Ends', '结束日期']),
    current: f.boolean(['Current', '当前学期'], false, { filter: true, width: 100 }),
  },
});
export const semesterSchemas = semesterEntity.schemas;
export const semesterMeta = semesterEntity.meta;
export type Semester = z.infer<typeof semesterSchemas.row>;
