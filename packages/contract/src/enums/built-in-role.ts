import type { Lang } from '../labels';
import { RoleKind } from './role-kind';

// The four roles every organisation starts with, one per kind. A built-in role row carries its code
// (roles people create have none); the server creates them, the web shows their title in the
// reader's language instead of the stored name.
export const builtInRoles = [
  {
    code: 'admin',
    kind: RoleKind.Administrator,
    title: { en: 'Administrator', zh: '管理员' },
    description: { en: 'Runs the organisation: users, roles and settings', zh: '管理本机构：用户、角色和设置' },
  },
  {
    code: 'academic',
    kind: RoleKind.AcademicStaff,
    title: { en: 'Academic staff', zh: '教务人员' },
    description: { en: 'Runs courses, exams and base data', zh: '管理课程、考试和基础数据' },
  },
  {
    code: 'teacher',
    kind: RoleKind.Teacher,
    title: { en: 'Teacher', zh: '教师' },
    description: { en: 'Teaches classes, writes questions, marks', zh: '授课、编写试题、阅卷' },
  },
  {
    code: 'student',
    kind: RoleKind.Student,
    title: { en: 'Student', zh: '学生' },
    description: { en: 'Takes exams and homework', zh: '参加考试、完成作业' },
  },
] as const;
export type BuiltInRoleCode = (typeof builtInRoles)[number]['code'];

// The administrator role: always holds every staff permission, and someone must keep holding it.
export const ADMIN_ROLE_CODE = 'admin' satisfies BuiltInRoleCode;

export function isBuiltInRoleCode(code: string | null | undefined): code is BuiltInRoleCode {
  return builtInRoles.some((r) => r.code === code);
}

export function builtInRoleTitles(lang: Lang): Record<BuiltInRoleCode, string> {
  return Object.fromEntries(builtInRoles.map((r) => [r.code, r.title[lang]])) as Record<BuiltInRoleCode, string>;
}

// A built-in role's description in the reader's language, while it is still the one the role started with;
// a description someone wrote stays as written.
export function builtInRoleDescription(
  role: { code?: string | null; description: string | null },
  lang: Lang,
): string | null {
  const builtIn = builtInRoles.find((r) => r.code === role.code);
  return builtIn && role.description === builtIn.description.en ? builtIn.description[lang] : role.description;
}
