import { defineEnum, type EnumValue } from '../labels';

// What a role is for. Built-in roles have one each; roles an admin creates pick one, which decides
// whether its holders count as staff (may use the staff handoff) or as teachers or students in user lists.
export const { values: RoleKind, labels: roleKindLabels } = defineEnum({
  Administrator: [1, 'Administrator', '管理员', 'error'],
  AcademicStaff: [2, 'Academic staff', '教务人员', 'warning'],
  Teacher: [3, 'Teacher', '教师', 'processing'],
  Student: [4, 'Student', '学生', 'success'],
});
export type RoleKind = EnumValue<typeof RoleKind>;

export function isStaffKind(kind: RoleKind): boolean {
  return kind !== RoleKind.Student;
}
