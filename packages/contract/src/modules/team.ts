import { z } from 'zod';
import { defineEntity, f } from '../entity';
import { zDateText, zDateTime, zId, zIdParam, zUserName } from '../fields';
import { zPlainPageRequest } from '../paging';
import { zUserBrief } from './user';

// A class: a group of students with a class teacher, addressed as one by exams, homework and messages.
export const teamEntity = defineEntity({
  name: 'team',
  title: { en: 'Classes', zh: '班级' },
  one: { en: 'Class', zh: '班级' },
  keyword: true,
  fields: {
    name: f.text(['Name', '班级名称'], 64, { sortable: true }),
    // The year the class entered the school (its grade: "class of 2024").
    gradeYear: f.int(
      ['Grade (entry year)', '年级（入学年份）'],
      { min: 2000, max: 2100 },
      {
        sortable: true,
        filter: true,
        width: 130,
      },
    ),
    // A department of type 1 (a major).
    majorId: f.ref('department', ['Major', '专业'], { filter: true }),
    semesterId: f.ref('semester', ['Semester', '学期'], { filter: true }),
    classTeacherId: f.ref('user', ['Class teacher', '班主任'], { labelKey: 'realName', filter: true }),
    remark: f.optionalText(['Remark', '备注'], 200, { list: false }),
  },
});

// One member of a class: a student and the day they joined. `id` names a kept row on save.
export const zTeamMemberInput = z.object({
  id: zId.nullable().optional(),
  userId: zId,
  joinDate: zDateText('date').nullable().optional(),
});
export const zTeamMember = z.object({
  id: zId,
  teamId: zId,
  userId: zId,
  joinDate: z.string().nullable(),
});
// Members arrive inside the class's own save (an owned collection, saved by difference).
const members = { members: z.array(zTeamMemberInput).max(2000).default([]) };
export const zTeamCreate = teamEntity.schemas.create.extend(members);
export const zTeamUpdate = teamEntity.schemas.update.extend(members);
export const zTeam = teamEntity.schemas.row.extend({
  memberCount: z.number().int(),
  updateTime: zDateTime,
  // Present when one class is read (select), not in pages.
  members: z.array(zTeamMember).optional(),
});
export type Team = z.infer<typeof zTeam>;
export type TeamInput = z.input<typeof zTeamCreate>;
export const zTeamFilter = teamEntity.schemas.filter.extend({
  // Classes that have this student as a member.
  memberId: zId.optional(),
});
export const teamMeta = {
  ...teamEntity.meta,
  fields: [
    ...teamEntity.meta.fields,
    { key: 'memberCount', label: { en: 'Members', zh: '人数' }, kind: 'number' as const, form: false, width: 90 },
  ],
};

// The members of one class with their names (the class detail page), paged and searchable.
export const zTeamMemberPageRequest = zPlainPageRequest.extend({ keyword: z.string().trim().max(64).optional() });
export const zTeamMemberRow = zUserBrief.extend({
  memberId: zId,
  joinDate: z.string().nullable(),
  departmentName: z.string().nullable(),
});
export const zTeamMemberParams = zIdParam;

// Excel import of members by user name (columns "User name", "Join date"): every row checked first
// (an unknown user, not a student, a repeat in the file), then added in one transaction; members
// already in the class are counted as valid and left as they are. The answer is the import report.
export const zMemberImportRow = z.object({ userName: zUserName, joinDate: zDateText('date').nullable().optional() });

// A student's classes (their profile, the portal greeting).
export const zTeamBrief = z.object({ id: zId, name: z.string(), gradeYear: z.number().int() });
