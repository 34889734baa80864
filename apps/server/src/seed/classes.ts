import { DepartmentType, RoleKind, zTeamCreate } from '@lyceum/contract';
import { asc, eq, like } from 'drizzle-orm';
import { semesters } from '../modules/calendar/calendar.table';
import { departments } from '../modules/department/department.table';
import { teamResource } from '../modules/team/team.resource';
import { users } from '../modules/user/user.table';
import type { Db } from '../platform/db';
import { inOrg } from '../platform/tenant-sql';
import { seedContext } from './seed-context';

// Three classes of the demo organisation, saved through the class resource like the API saves them:
// the demo teacher's computer science class of 2024 (with the demo student and half the numbered
// students), a mathematics class of 2024 led by another teacher, and an English class of 2023.
export async function seedClasses(db: Db, orgId: number) {
  const userId = async (userName: string) => {
    const [row] = await db
      .select({ id: users.id })
      .from(users)
      .where(inOrg(users, orgId, [eq(users.userName, userName)]));
    return row?.id ?? null;
  };
  const major = async (name: string) => {
    const [row] = await db
      .select({ id: departments.id })
      .from(departments)
      .where(inOrg(departments, orgId, [eq(departments.name, name), eq(departments.type, DepartmentType.Major)]));
    return row?.id ?? null;
  };
  const [current] = await db
    .select({ id: semesters.id })
    .from(semesters)
    .where(inOrg(semesters, orgId, [eq(semesters.current, true)]));
  const [earlier] = await db
    .select({ id: semesters.id })
    .from(semesters)
    .where(inOrg(semesters, orgId, [eq(semesters.current, false)]))
    .orderBy(asc(semesters.startDate));
  const numbered = (
    await db
      .select({ id: users.id })
      .from(users)
      .where(inOrg(users, orgId, [like(users.userName, 's2026%')]))
      .orderBy(asc(users.userName))
  ).map((u) => u.id);
  const teacher = await userId('teacher');
  const student = await userId('student');
  // The office's own context: the rules (class teacher a teacher, members students) still run.
  const ctx = { ...seedContext(db, orgId, teacher ?? 0, ['team:page', 'team:all']), roleKind: RoleKind.AcademicStaff };
  // Half the numbered students in the first class, the rest shared by the other two.
  const half = Math.ceil(numbered.length / 2);
  const maths = half + Math.ceil((numbered.length - half) * 0.6);
  const member = (id: number, joinDate: string) => ({ userId: id, joinDate });
  const classes = [
    {
      name: 'Class 2024-1 Computer Science 计算机 2024-1 班',
      gradeYear: 2024,
      majorId: await major('Computer Science'),
      semesterId: current?.id ?? null,
      classTeacherId: teacher,
      remark: 'Monitor: Sam Student',
      members: [
        ...(student ? [member(student, '2024-09-01')] : []),
        ...numbered.slice(0, half).map((id) => member(id, '2024-09-01')),
      ],
    },
    {
      name: 'Class 2024-2 Mathematics 数学 2024-2 班',
      gradeYear: 2024,
      majorId: await major('Mathematics'),
      semesterId: current?.id ?? null,
      classTeacherId: await userId('wang.fang'),
      members: numbered.slice(half, maths).map((id) => member(id, '2024-09-01')),
    },
    {
      name: 'Class 2023-1 English 英语 2023-1 班',
      gradeYear: 2023,
      majorId: await major('English'),
      semesterId: earlier?.id ?? null,
      classTeacherId: await userId('emma.clark'),
      members: numbered.slice(maths).map((id, i) => member(id, i % 3 ? '2023-09-01' : '2024-02-26')),
    },
  ];
  for (const c of classes) await teamResource.create(ctx, zTeamCreate.parse(c));
}
