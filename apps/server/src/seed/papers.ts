import { PaperBuildMode, PaperType, QuestionNumberMode, QuestionType, zExamPaperCreate } from '@lyceum/contract';
import { asc, eq } from 'drizzle-orm';
import { courseCategories } from '../modules/catalogue/catalogue.table';
import { examPaperResource } from '../modules/exam-paper/exam-paper.resource';
import { questions } from '../modules/question/question.table';
import type { Db } from '../platform/db';
import { inOrg } from '../platform/tenant-sql';
import { seedContext } from './seed-context';

// Two papers from the demo question bank, built through the engine like the API builds them: a
// published calculus paper (exams will use it) and a draft homework paper.
export async function seedPapers(db: Db, orgId: number, userId: number) {
  const ctx = seedContext(db, orgId, userId, ['examPaper:page', 'examPaper:publish']);
  const [calculus] = await db
    .select({ id: courseCategories.id })
    .from(courseCategories)
    .where(inOrg(courseCategories, orgId, [eq(courseCategories.name, 'Calculus 微积分')]));
  const bank = await db
    .select({ id: questions.id, type: questions.type, score: questions.score, subjectId: questions.subjectId })
    .from(questions)
    .where(eq(questions.organizationId, orgId))
    .orderBy(asc(questions.id));
  const pick = (type: number, n: number) =>
    bank
      .filter((q) => q.type === type && (!calculus || q.subjectId === calculus.id))
      .slice(0, n)
      .map((q) => ({ questionId: q.id, score: q.score }));
  const final = await examPaperResource.create(
    ctx,
    zExamPaperCreate.parse({
      name: 'Calculus I — final practice 微积分期末练习',
      subjectId: calculus?.id ?? null,
      durationMinutes: 90,
      sections: [
        {
          title: 'Part I: single choice 单选题',
          instructions: 'Choose one answer. 每题只有一个正确答案。',
          items: pick(QuestionType.SingleChoice, 4),
        },
        { title: 'Part II: gap filling 填空题', items: pick(QuestionType.GapFilling, 3) },
        { title: 'Part III: short answer 简答题', items: pick(QuestionType.ShortAnswer, 2) },
      ].filter((s) => s.items.length),
    }),
  );
  if ((final.questionCount as number) > 0) await examPaperResource.runAction(ctx, 'publish', final.id as number, {});
  await examPaperResource.create(
    ctx,
    zExamPaperCreate.parse({
      name: 'Week 3 homework 第三周作业',
      paperType: PaperType.Homework,
      sections: [
        { title: 'Exercises 练习', items: bank.slice(0, 5).map((q) => ({ questionId: q.id, score: q.score })) },
      ],
    }),
  );
  // A draft drawn per student from rules, for the builder to open: its counts fit the demo bank.
  const count = (type: number) => bank.filter((q) => q.type === type).length;
  const rules = [
    ...(count(QuestionType.SingleChoice)
      ? [{ questionType: QuestionType.SingleChoice, count: Math.min(3, count(QuestionType.SingleChoice)), score: 2 }]
      : []),
    ...(count(QuestionType.TrueFalse)
      ? [{ questionType: QuestionType.TrueFalse, numberMode: QuestionNumberMode.AllObjective, score: 1 }]
      : []),
  ];
  if (rules.length) {
    await examPaperResource.create(
      ctx,
      zExamPaperCreate.parse({
        name: 'Practice quiz, one paper per student 随堂练习（千人千卷）',
        buildMode: PaperBuildMode.PerStudent,
        shuffleQuestions: true,
        shuffleOptions: true,
        sections: [{ title: 'Objective questions 客观题', rules }],
      }),
    );
  }
}
