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
    description: 'Runs the organisation: users, roles and settings',
  },
  {
    code: 'academic',
    kind: RoleKind.AcademicStaff,
    title: { en: 'Academic staff', zh: '教务人员' },
    description: 'Runs courses, exams and base data',
  },
  {
    code: 'teacher',
    kind: RoleKind.Teacher,
    title: { en: 'Teacher', zh: '教师' },
    description: 'Teaches classes, writes questions, marks',
  },
  {
    code: 'student',
    kind: RoleKind.Student,
    title: { en: 'Student', zh: '学生' },
    description: 'Takes exams and homework',
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
