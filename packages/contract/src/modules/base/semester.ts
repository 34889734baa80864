import { z } from 'zod';
import { crudSchemas } from '../../crud';
import { semesterTermLabels } from '../../enums/semester-term';
import { zDateText, zEnum, zText } from '../../fields';
import { field, type ResourceMeta } from '../../resource-meta';

// A calendar date that exists (no 2026-02-31).
export const zDate = zDateText('date');

// One semester per year and term; exactly one can be the current one.
export const semesterSchemas = crudSchemas({
  input: {
    name: zText(64),
    year: z.number().int().min(2000).max(2100),
    term: zEnum(semesterTermLabels),
    startDate: zDate,
    endDate: zDate,
    current: z.boolean().default(false),
  },
  row: {
    name: z.string(),
    year: z.number().int(),
    term: zEnum(semesterTermLabels),
    startDate: z.string(),
    endDate: z.string(),
    current: z.boolean(),
  },
  filter: {
    year: z.number().int().min(2000).max(2100).optional(),
    term: zEnum(semesterTermLabels).optional(),
    current: z.boolean().optional(),
  },
});
export type Semester = z.infer<typeof semesterSchemas.row>;

export const semesterMeta: ResourceMeta = {
  name: 'semester',
  title: { en: 'Semesters', zh: '学期' },
  permission: 'semester',
  keyword: true,
  fields: [
    field('name', ['Name', '名称'], 'text', { required: true }),
    field('year', ['Year', '学年'], 'number', { required: true, sortable: true, filter: true, width: 90 }),
    field('term', ['Term', '学期'], 'enum', { required: true, enum: semesterTermLabels, filter: true, width: 120 }),
    field('startDate', ['Starts', '开始日期'], 'date', { required: true, sortable: true }),
    field('endDate', ['Ends', '结束日期'], 'date', { required: true }),
    field('current', ['Current', '当前学期'], 'boolean', { width: 100 }),
  ],
};
