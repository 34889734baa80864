import { type BuiltInRoleCode, DepartmentType, UserSex, UserStatus, UserVerified } from '@lyceum/contract';
import { eq } from 'drizzle-orm';
import { departments, userCategories } from '../modules/department/department.table';
import type { FileStorage } from '../modules/file/file.storage';
import { createOrganization } from '../modules/organization/organization.service';
import { userRoles, users } from '../modules/user/user.table';
import { hashPassword } from '../platform/crypto';
import type { Db } from '../platform/db';
import { inOrg } from '../platform/tenant-sql';
import { seedAdmissions } from './admissions';
import { seedAttendance } from './attendance';
import { seedBaseData } from './base-data';
import { seedCertificates } from './certificates';
import { seedClasses } from './classes';
import { seedCourses } from './courses';
import { seedExams } from './exams';
import { seedGraduation } from './graduation';
import { seedKnowledge } from './knowledge';
import { seedLiveClasses } from './live';
import { seedMessages } from './messages';
import { seedPapers } from './papers';
import { seedPayments } from './payments';
import { seedPoints } from './points';
import { seedQuestions } from './questions';
import { seedRecords } from './records';
import { seedShop } from './shop';
import { seedTasks } from './tasks';
import { seedTimetable } from './timetable';
import { seedTraining } from './training';

const TEACHERS: [string, string, 1 | 2][] = [
  ['wang.fang', '王芳', 2],
  ['li.wei', '李伟', 1],
  ['zhang.min', '张敏', 2],
  ['liu.yang', '刘洋', 1],
  ['chen.jing', '陈静', 2],
  ['emma.clark', 'Emma Clark', 2],
  ['david.nguyen', 'David Nguyen', 1],
  ['sofia.rossi', 'Sofia Rossi', 2],
  ['omar.haddad', 'Omar Haddad', 1],
  ['zhao.lei', '赵磊', 1],
];
const SURNAMES = ['王', '李', '张', '刘', '陈', '杨', '黄', '赵', '吴', '周', '徐', '孙', '马', '朱', '胡', '郭'];
const GIVEN = ['子涵', '浩然', '欣怡', '梓轩', '一诺', '宇轩', '雨桐', '思远', '佳琪', '俊杰', '诗涵', '明哲'];
const LATIN = [
  'Ava Thompson',
  'Noah Patel',
  'Mia Fischer',
  'Lucas Silva',
  'Chloe Martin',
  'Ethan Kim',
  'Isla Murphy',
  'Leo Novak',
];

// Students with plausible names and numbers: s2026001, s2026002, ...
function students(count: number) {
  return Array.from({ length: count }, (_, i) => {
    const latin = i % 5 === 4 ? LATIN[Math.floor(i / 5) % LATIN.length] : null;
    const realName = latin ?? `${SURNAMES[i % SURNAMES.length]}${GIVEN[(i * 7) % GIVEN.length]}`;
    return {
      userName: `s2026${String(i + 1).padStart(3, '0')}`,
      realName,
      sex: (i % 2 === 0 ? UserSex.Female : UserSex.Male) as UserSex,
      verified: (i % 9 === 0 ? UserVerified.UnderReview : UserVerified.Verified) as UserVerified,
      status: (i === 37 ? UserStatus.Disabled : UserStatus.Enabled) as UserStatus,
    };
  });
}

export interface DemoOptions {
  password: string;
  students?: number;
  // Tests hash once and reuse it: the argon2 cost is the point in production, not in fixtures.
  reuseHash?: boolean;
  // The demo's content: the question bank (60+ questions), papers and classes; tests that count
  // questions or classes leave it out.
  questions?: boolean;
  // Where the demo's figure is stored; without it the question with the figure has none.
  storage?: FileStorage | null;
}

async function seedOrganization(
  db: Db,
  opts: DemoOptions,
  org: { domain: string; name: string; icpNumber: string; copyright: string },
  people: {
    userName: string;
    realName: string;
    role: BuiltInRoleCode;
    sex?: UserSex;
    verified?: UserVerified;
    status?: UserStatus;
    dept?: string;
    category?: string;
  }[],
) {
  const { org: created, roleIds } = await createOrganization(db, org);
  const orgId = created.id;
  const dept = async (name: string, type: DepartmentType, parentId: number | null) => {
    const [row] = await db
      .insert(departments)
      .values({ organizationId: orgId, name, type, parentId })
      .returning({ id: departments.id });
    return row.id;
  };
  const science = await dept('College of Science', DepartmentType.College, null);
  const humanities = await dept('College of Humanities', DepartmentType.College, null);
  const deptIds: Record<string, number> = {
    science,
    humanities,
    maths: await dept('Mathematics', DepartmentType.Major, science),
    cs: await dept('Computer Science', DepartmentType.Major, science),
    english: await dept('English', DepartmentType.Major, humanities),
    affairs: await dept('Academic Affairs Office', DepartmentType.Office, null),
    training: await dept('Training Division', DepartmentType.Division, null),
  };
  const categoryIds: Record<string, number> = {};
  for (const [sort, [key, name]] of (
    [
      ['undergraduate', 'Undergraduate'],
      ['postgraduate', 'Postgraduate'],
      ['adult', 'Adult education'],
      ['trainee', 'Short-course trainee'],
    ] as const
  ).entries()) {
    const [row] = await db
      .insert(userCategories)
      .values({ organizationId: orgId, name, sort })
      .returning({ id: userCategories.id });
    categoryIds[key] = row.id;
  }
  const shared = opts.reuseHash ? await hashPassword(opts.password) : null;
  const hashes = await Promise.all(people.map(() => shared ?? hashPassword(opts.password)));
  const rows = await db
    .insert(users)
    .values(
      people.map((p, i) => ({
        organizationId: orgId,
        userName: p.userName,
        realName: p.realName,
        passwordHash: hashes[i],
        sex: p.sex ?? null,
        status: p.status ?? UserStatus.Enabled,
        verified: p.verified ?? UserVerified.Verified,
        email: `${p.userName}@${org.domain}.example.edu`,
        departmentId: p.dept ? deptIds[p.dept] : null,
        userCategoryId: p.category ? categoryIds[p.category] : null,
      })),
    )
    .returning({ id: users.id });
  await db
    .insert(userRoles)
    .values(rows.map((r, i) => ({ organizationId: orgId, userId: r.id, roleId: roleIds[people[i].role] })));
  await seedBaseData(db, orgId, people.length > 10);
  return { orgId, roleIds, deptIds, categoryIds };
}

// The demo organisations: `demo` (Demo Academy) with staff and a few dozen students, and `north`
// (North College), a second tenant that must never see Demo Academy's data.
export async function seedDemo(db: Db, opts: DemoOptions) {
  const categories = ['undergraduate', 'postgraduate', 'adult', 'trainee'];
  const majors = ['maths', 'cs', 'english'];
  const demo = await seedOrganization(
    db,
    opts,
    { domain: 'demo', name: 'Demo Academy', icpNumber: '京ICP备20260001号', copyright: '© 2026 Demo Academy' },
    [
      { userName: 'admin', realName: 'Alice Admin', role: 'admin', sex: UserSex.Female, dept: 'affairs' },
      { userName: 'academic', realName: '孙教务', role: 'academic', sex: UserSex.Male, dept: 'affairs' },
      { userName: 'teacher', realName: 'Tom Teacher', role: 'teacher', sex: UserSex.Male, dept: 'cs' },
      {
        userName: 'student',
        realName: 'Sam Student',
        role: 'student',
        sex: UserSex.Female,
        dept: 'cs',
        category: 'undergraduate',
      },
      ...TEACHERS.map(([userName, realName, sex], i) => ({
        userName,
        realName,
        sex,
        role: 'teacher' as const,
        dept: majors[i % majors.length],
      })),
      ...students(opts.students ?? 40).map((s, i) => ({
        ...s,
        role: 'student' as const,
        dept: majors[i % majors.length],
        category: categories[i % categories.length],
      })),
    ],
  );
  const north = await seedOrganization(
    db,
    opts,
    { domain: 'north', name: 'North College', icpNumber: '沪ICP备20260002号', copyright: '© 2026 North College' },
    [
      { userName: 'admin', realName: 'Nora North', role: 'admin', sex: UserSex.Female },
      { userName: 'teacher', realName: '北方老师', role: 'teacher', sex: UserSex.Male },
      { userName: 'student', realName: 'Nick Learner', role: 'student', sex: UserSex.Male },
    ],
  );
  if (opts.questions !== false) {
    const [teacher] = await db
      .select({ id: users.id })
      .from(users)
      .where(inOrg(users, demo.orgId, [eq(users.userName, 'teacher')]));
    await seedQuestions(db, demo.orgId, teacher.id, opts.storage ?? null);
    await seedPapers(db, demo.orgId, teacher.id);
    await seedClasses(db, demo.orgId);
    await seedExams(db, demo.orgId, teacher.id);
    await seedTasks(db, demo.orgId, teacher.id);
    await seedMessages(db, demo.orgId, teacher.id);
    await seedCourses(db, demo.orgId, teacher.id, opts.storage ?? null);
    await seedKnowledge(db, demo.orgId, teacher.id);
    // After the exams, whose sittings the timetable goes round; attendance on the timetable.
    const [admin] = await db
      .select({ id: users.id })
      .from(users)
      .where(inOrg(users, demo.orgId, [eq(users.userName, 'admin')]));
    const timetable = await seedTimetable(db, demo.orgId, admin?.id ?? teacher.id);
    if (timetable) {
      await seedAttendance(db, demo.orgId, timetable);
      await seedLiveClasses(db, demo.orgId, timetable);
    }
    // Points from the homework, exams and attendance above, then the shop's orders spend some.
    const [academic] = await db
      .select({ id: users.id })
      .from(users)
      .where(inOrg(users, demo.orgId, [eq(users.userName, 'academic')]));
    const office = academic?.id ?? admin?.id ?? teacher.id;
    await seedPoints(db, demo.orgId, office);
    await seedShop(db, demo.orgId, office);
    // Priced courses, one bought; this term's tuition with a student paid in two instalments and one overdue.
    await seedPayments(db, demo.orgId, office, teacher.id);
    // Issue 34: records (a suspension and resumption), an open admission round, a graduation batch under
    // review, certificates (one revoked) and training with a full session and its waitlist.
    await seedRecords(db, demo.orgId, office, admin?.id ?? office);
    await seedAdmissions(db, demo.orgId, office);
    await seedGraduation(db, demo.orgId, office);
    await seedCertificates(db, demo.orgId, office);
    await seedTraining(db, demo.orgId, office);
  }
  return { demo, north };
}
