import { PointRuleKind, type PointRuleParams } from '@lyceum/contract';
import { eq } from 'drizzle-orm';
import { post } from '../modules/ledger/ledger.service';
import { awardRules } from '../modules/points/point-awards';
import { pointsAccount } from '../modules/points/point-entries';
import { pointRules } from '../modules/shop/shop.table';
import { users } from '../modules/user/user.table';
import type { Db } from '../platform/db';
import { inOrg } from '../platform/tenant-sql';

// Points (issue 33) for the demo: three rules, run once over what the demo students have done (the
// marked homework, the confirmed mid-term, the roll calls), so they start with points earned the
// way the job earns them; and one hand adjustment with its reason, for `student` (made by
// `operatorId`, academic staff). Run after the homework, exams and attendance are seeded.
const RULES: { name: string; kind: PointRuleKind; points: number; params: PointRuleParams }[] = [
  { name: 'Homework passed 作业通过', kind: PointRuleKind.TaskPassed, points: 5, params: {} },
  {
    name: 'Exam score 80 % or more 考试 80 分以上',
    kind: PointRuleKind.ExamScoreBand,
    points: 20,
    params: { minPercent: 80, maxPercent: 100 },
  },
  {
    name: 'Five sessions in a row 连续出勤 5 次',
    kind: PointRuleKind.AttendanceStreak,
    points: 10,
    params: { days: 5 },
  },
];

export async function seedPoints(db: Db, orgId: number, operatorId: number): Promise<{ awarded: number }> {
  await db.insert(pointRules).values(RULES.map((r) => ({ organizationId: orgId, ...r })));
  const { awarded } = await awardRules(db, { orgId });
  const [student] = await db
    .select({ id: users.id })
    .from(users)
    .where(inOrg(users, orgId, [eq(users.userName, 'student')]));
  if (student) {
    await db.transaction((tx) =>
      post(tx, pointsAccount(orgId, student.id), {
        amount: 50,
        reason: 'Helped run the science fair 协助组织科技节',
        ref: { kind: 'adjust' },
        operatorId,
      }),
    );
  }
  return { awarded };
}
