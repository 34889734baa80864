import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { inOrg, sameOrg } from '../../platform/tenant-sql';
import { examAttempts } from '../exam/attempt.table';
import { exams } from '../exam/exam.table';
import { examPapers } from '../exam-paper/exam-paper.table';
import { COUNTED_STATUSES, countedScore, sittingsOf } from './score-shared';

// What other modules read of a student's exam results (graduation's audit): for each exam named,
// its name and whether the student passed it: scores confirmed, an attempt that counts, and the
// counted score (over the sittings, as the exam counts them) at least the paper's pass score (60 %
// of the paper when it names none).

export interface ExamPass {
  id: number;
  name: string;
  passed: boolean;
}

export async function examPasses(db: DbOrTx, orgId: number, userId: number, examIds: number[]): Promise<ExamPass[]> {
  if (!examIds.length) return [];
  const a = examAttempts;
  const h = sittingsOf(db, a);
  const score = countedScore(a.score, exams.scoreCounting, h);
  const line = sql`coalesce(${examPapers.passScore}, 0.6 * coalesce(${a.scoreMax}, ${examPapers.totalScore}))`;
  const passed = await db
    .select({ id: a.examId })
    .from(a)
    .innerJoin(exams, sameOrg(exams, a, [eq(exams.id, a.examId)]))
    .innerJoin(examPapers, sameOrg(examPapers, exams, [eq(examPapers.id, exams.paperId)]))
    .leftJoinLateral(h, sql`true`)
    .where(
      inOrg(a, orgId, [
        eq(a.userId, userId),
        inArray(a.examId, examIds),
        inArray(a.status, COUNTED_STATUSES),
        isNotNull(exams.scoresConfirmedAt),
        sql`${score} >= ${line} - 1e-9`,
      ]),
    );
  const ok = new Set(passed.map((p) => Number(p.id)));
  const names = await db
    .select({ id: exams.id, name: exams.name })
    .from(exams)
    .where(and(eq(exams.organizationId, orgId), inArray(exams.id, examIds)));
  return names.map((n) => ({ id: Number(n.id), name: n.name, passed: ok.has(Number(n.id)) }));
}
