// B6 (papers): per-student papers for an exam. Seeds a 5,000-question bank with knowledge points and
// tags, publishes a rule-based paper drawn per student, then loads its plan once and draws a paper
// for each of 2,000 students: total time and the memory it takes (heap and RSS before and after).
// Targets: under 2 s on PostgreSQL, under 4 s on PGlite. PGlite by default; PostgreSQL with DATABASE_URL.
import {
  PaperBuildMode,
  QuestionNumberMode,
  QuestionType,
  type StudentPaper,
  TagType,
  zExamPaperCreate,
} from '@lyceum/contract';
import { and, eq } from 'drizzle-orm';
import { courseCategories, tags } from '../apps/server/src/modules/catalogue/catalogue.table';
import { examPaperResource } from '../apps/server/src/modules/exam-paper/exam-paper.resource';
import { drawForStudent } from '../apps/server/src/modules/exam-paper/paper-draw';
import { loadStudentPlan } from '../apps/server/src/modules/exam-paper/paper-rules.service';
import { organizations } from '../apps/server/src/modules/organization/organization.table';
import { questions, questionTags } from '../apps/server/src/modules/question/question.table';
import { users } from '../apps/server/src/modules/user/user.table';
import { openPrepared } from '../apps/server/src/platform/bootstrap';
import { seedDemo } from '../apps/server/src/seed/demo';
import { seedContext } from '../apps/server/src/seed/seed-context';
import '../apps/server/src/wiring';
import { scratchDatabase } from './lib';

const BANK = Number(process.env.QUESTIONS ?? 5000);
const STUDENTS = Number(process.env.STUDENTS ?? 2000);
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
const ms = (n: number) => `${n.toFixed(0)} ms`;

// On PostgreSQL the benchmark gets a scratch database of its own, dropped at the end.
const { url, drop } = await scratchDatabase('lyceum_bench');
const database = await openPrepared({ databaseUrl: url, dataDir: null });
try {
  const db = database.db;
  await seedDemo(db, { password: 'bench-pass-2026', students: 0, questions: false, reuseHash: true });
  const [{ orgId }] = await db
    .select({ orgId: organizations.id })
    .from(organizations)
    .where(eq(organizations.domain, 'demo'));
  const [{ userId }] = await db
    .select({ userId: users.id })
    .from(users)
    .where(and(eq(users.organizationId, orgId), eq(users.userName, 'teacher')));
  const ctx = seedContext(db, orgId, userId, ['examPaper:page', 'examPaper:all', 'examPaper:publish']);

  // The bank: 10 knowledge point trees of 1 + 5 entries, 5 tags, 3 subjects.
  const seedStart = performance.now();
  const subjects: number[] = [];
  for (let i = 0; i < 3; i++) {
    const [row] = await db
      .insert(courseCategories)
      .values({ organizationId: orgId, name: `Bench subject ${i}` })
      .returning({ id: courseCategories.id });
    subjects.push(row!.id);
  }
  const addTag = async (name: string, type: number, parentId: number | null) =>
    (await db.insert(tags).values({ organizationId: orgId, name, type, parentId }).returning({ id: tags.id }))[0]!.id;
  const roots: number[] = [];
  const leaves: number[] = [];
  for (let r = 0; r < 10; r++) {
    const root = await addTag(`Bench area ${r}`, TagType.KnowledgePoint, null);
    roots.push(root);
    for (let c = 0; c < 5; c++) leaves.push(await addTag(`Bench point ${r}.${c}`, TagType.KnowledgePoint, root));
  }
  const plain: number[] = [];
  for (let i = 0; i < 5; i++) plain.push(await addTag(`Bench tag ${i}`, TagType.Tag, null));
  const opts = (n: number) =>
    'ABCDE'
      .slice(0, n)
      .split('')
      .map((label) => ({ label, content: `<p>${label}</p>` }));
  const typeOf = (i: number) =>
    [1, 1, 1, 1, 2, 2, 3, 3, 4, 5][i % 10] as (typeof QuestionType)[keyof typeof QuestionType];
  for (let from = 0; from < BANK; from += 500) {
    const batch = Array.from({ length: Math.min(500, BANK - from) }, (_, k) => from + k);
    const rows = await db
      .insert(questions)
      .values(
        batch.map((i) => {
          const type = typeOf(i);
          const shape =
            type === QuestionType.SingleChoice
              ? { options: opts(4), answer: 'ABCD'[i % 4] }
              : type === QuestionType.MultipleChoice
                ? { options: opts(5), answer: ['A', 'C'] }
                : type === QuestionType.TrueFalse
                  ? { options: [], answer: i % 2 === 0 }
                  : type === QuestionType.GapFilling
                    ? { options: [], answer: { blanks: [{ score: 2, answers: ['42'] }], rules: {} } }
                    : { options: [], answer: { reference: '', keywords: [] } };
          return {
            organizationId: orgId,
            type,
            stem: `<p>Bench question ${i}</p>`,
            ...shape,
            score: 2,
            judgeType: type === QuestionType.ShortAnswer ? 2 : 1,
            difficulty: (Math.floor(i / 10) % 5) + 1,
            subjectId: subjects[i % 3]!,
            creatorId: userId,
          };
        }),
      )
      .returning({ id: questions.id });
    const links = rows.flatMap((r, k) => {
      const i = batch[k]!;
      return [
        { organizationId: orgId, questionId: r.id, tagId: leaves[(i * 7) % leaves.length]! },
        ...(i % 4 === 0 ? [{ organizationId: orgId, questionId: r.id, tagId: plain[i % plain.length]! }] : []),
      ];
    });
    await db.insert(questionTags).values(links);
  }
  const seeded = performance.now() - seedStart;

  // A paper of 50 questions drawn per student: every rule leaves plenty of choice.
  const rule = (questionType: number, count: number, score: number, extra: Record<string, unknown> = {}) => ({
    questionType,
    numberMode: QuestionNumberMode.EnterNumbers,
    count,
    score,
    ...extra,
  });
  const paper = await examPaperResource.create(
    ctx,
    zExamPaperCreate.parse({
      name: 'Bench per-student paper',
      buildMode: PaperBuildMode.PerStudent,
      shuffleQuestions: true,
      shuffleOptions: true,
      sections: [
        {
          title: 'Single choice',
          rules: [
            rule(1, 10, 2, { knowledgePointIds: roots.slice(0, 5), includeSubtree: true }),
            rule(1, 10, 2, { difficultyMin: 2, difficultyMax: 4, subjectId: subjects[0] }),
          ],
        },
        {
          title: 'Multiple choice',
          rules: [rule(2, 10, 3, { knowledgePointIds: roots.slice(5), includeSubtree: true })],
        },
        { title: 'True or false', rules: [rule(3, 10, 1)] },
        { title: 'Gaps and short answers', rules: [rule(4, 5, 2, { tagIds: plain }), rule(5, 5, 4)] },
      ],
    }),
  );
  await examPaperResource.runAction(ctx, 'publish', paper.id as number, {});

  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const before = process.memoryUsage();
  const start = performance.now();
  const plan = await loadStudentPlan(db, ctx, paper.id as number);
  const loaded = performance.now();
  const papers: StudentPaper[] = [];
  for (let s = 1; s <= STUDENTS; s++) papers.push(drawForStudent(plan, 1, s));
  const end = performance.now();
  const after = process.memoryUsage();
  // The same draws again, warm: the steady cost per student once the code is compiled.
  const again = performance.now();
  for (let s = 1; s <= STUDENTS; s++) drawForStudent(plan, 1, s);
  const warm = performance.now() - again;

  const totals = new Set(papers.map((p) => p.totalScore));
  const sets = new Set(
    papers.map((p) =>
      p.sections[0]!.items.map((i) => i.questionId)
        .sort()
        .join(),
    ),
  );
  console.log(`database       ${url ? 'PostgreSQL' : 'PGlite'}`);
  console.log(
    `bank           ${BANK} questions (seeded in ${ms(seeded)}), paper of ${papers[0]!.sections.reduce((n, s) => n + s.items.length, 0)} questions`,
  );
  console.log(
    `load plan      ${ms(loaded - start)} (pool and candidates of ${plan.sections.flatMap((s) => s.rules).length} rules, once)`,
  );
  console.log(
    `draw           ${ms(end - loaded)} for ${STUDENTS} students (${(((end - loaded) / STUDENTS) * 1000).toFixed(0)} µs each)`,
  );
  console.log(`draw, warm     ${ms(warm)} (${((warm / STUDENTS) * 1000).toFixed(0)} µs each)`);
  console.log(`total          ${ms(end - start)} (target ${url ? '2000' : '4000'} ms)`);
  console.log(
    `heap delta     ${mb(after.heapUsed - before.heapUsed)} (the ${STUDENTS} papers kept)${gc ? '' : ' (run with --expose-gc for a clean baseline)'}`,
  );
  console.log(`RSS delta      ${mb(after.rss - before.rss)}, RSS ${mb(after.rss)}`);
  console.log(
    `checks         ${totals.size} distinct total (${[...totals].join()}), ${sets.size} distinct single-choice sets`,
  );
  if (totals.size !== 1) process.exitCode = 1;
} finally {
  await database.close();
  await drop();
}
