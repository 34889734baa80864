import { graduationRequirementDecl, graduationRequirementMeta } from '@lyceum/contract';
import { desc } from 'drizzle-orm';
import { clock } from '../../platform/clock';
import { createResource, fromDecl, type Values } from '../../platform/resource';
import { courses } from '../course/course.table';
import { departments } from '../department/department.table';
import { degrees } from '../education/education.table';
import { exams } from '../exam/exam.table';
import { graduationRequirements as gr, requirementCourses, requirementExams } from './graduation.table';

// Requirement sets (read with educational:page, written with graduation:manage): per degree, and
// narrowed to a department and a cohort when given. The audit picks the most specific set that fits
// a student's record; one set per degree, department and cohort (the unique index), so it never has
// to guess. Courses and exams required are link sets (join tables with foreign keys), so a course
// or exam named by a set is not deleted from under it.

export const graduationRequirementResource = createResource({
  ...fromDecl(graduationRequirementDecl),
  meta: graduationRequirementMeta,
  table: gr,
  search: [gr.name],
  sort: {
    default: [desc(gr.id)],
    fields: { name: gr.name, cohortYear: gr.cohortYear, createTime: gr.createTime },
  },
  unique: [
    { fields: ['name'], label: 'Graduation requirement' },
    {
      fields: ['degreeId', 'departmentId', 'cohortYear'],
      label: 'Requirement set of this degree, department and cohort',
    },
  ],
  references: {
    degreeId: { table: degrees, label: 'degree' },
    departmentId: { table: departments, label: 'department' },
  },
  links: {
    requiredCourseIds: {
      table: requirementCourses,
      owner: requirementCourses.ownerId,
      target: requirementCourses.targetId,
      ref: { table: courses, label: 'course', labelColumn: 'title' },
    },
    requiredExamIds: {
      table: requirementExams,
      owner: requirementExams.ownerId,
      target: requirementExams.targetId,
      ref: { table: exams, label: 'exam' },
    },
  },
  hooks: {
    values: (input) =>
      ({
        ...input,
        departmentId: input.departmentId ?? null,
        cohortYear: input.cohortYear ?? null,
        minAttendancePct: input.minAttendancePct ?? null,
        note: input.note || null,
        updateTime: clock.date(),
      }) as Values,
  },
});
