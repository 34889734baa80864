import type { EnumLabel } from '../labels';

// What a role is for. Built-in roles have one each; roles an admin creates pick one, which decides
// whether its holders count as staff (may use the staff handoff) or as teachers or students in user lists.
export const RoleKind = { Administrator: 1, AcademicStaff: 2, Teacher: 3, Student: 4 } as const;
export type RoleKind = (typeof RoleKind)[keyof typeof RoleKind];
export const roleKindLabels = {
  1: { en: 'Administrator', zh: '管理员', color: 'error' },
  2: { en: 'Academic staff', zh: '教务人员', color: 'warning' },
  3: { en: 'Teacher', zh: '教师', color: 'processing' },
  4: { en: 'Student', zh: '学生', color: 'success' },
} satisfies Record<RoleKind, EnumLabel>;

export function isStaffKind(kind: RoleKind): boolean {
  return kind !== RoleKind.Student;
}
