import {
  compileScorer,
  PaperStatus,
  type QuestionInput,
  QuestionType,
  type StudentAnswer,
  type StudentPaper,
  type StudentPaperItem,
  ThrowOutMode,
  toScorable,
  zQuestionInput,
  zRegradeKey,
  zStudentPaper,
} from '@lyceum/contract';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { bus } from '../../platform/bus';
import type { DbOrTx } from '../../platform/db';
import { invalidParams } from '../../platform/errors';
import { inOrg, sameOrg } from '../../platform/tenant-sql';
import { syncQuizScores } from '../course/course-quiz';
import { attemptAnswers, examAttempts } from '../exam/attempt.table';
import { exams } from '../exam/exam.table';
import { readVersionSnapshots } from '../question/question-versions';
import { syncForAttempts } from '../task/task-status';
import { attemptMarks, examAdjustments, examQuestions as examQuestionsTable } from './marking.table';

// The marking engine: (frozen paper item, question version, the exam's adjustment, answer) ->
// the mark of one answer. The one scoring engine of the contract does the judging; this scales it
// to the paper's score for the question and decides what a teacher must still look at.

export type RegradeKey = z.output<typeof zRegradeKey>;
export interface Adjustment {
  key: RegradeKey | null;
  throwOut: ThrowOutMode | null;
}

export interface Mark {
  max: number;
  autoScore: number;
  // The score that counts now: the machine's, or null while a teacher has to mark it.
  score: number | null;
  parts: { index: number; score: number; max: number; correct: boolean | null }[];
  manual: boolean;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

// Something was written: not null, not an empty string, not a list of empty entries.
export function isAnswered(a: StudentAnswer): boolean {
  if (a === null || a === undefined) return false;
  if (typeof a === 'string') return a.trim() !== '';
  if (typeof a === 'boolean') return true;
  return a.some((x) => isAnswered(x));
}

// Question versions never change, so each process keeps what it parsed (a process without it reads it).
const MAX_CACHED = 20_000;
const versionCache = new Map<string, QuestionInput>();
bus.onReset(() => versionCache.clear());

export async function loadVersions(
  db: DbOrTx,
  orgId: number,
  wanted: { questionId: number; questionVersion: number }[],
): Promise<Map<string, QuestionInput>> {
  const keyOf = (q: number, v: number) => `${orgId}:${q}:${v}`;
  const out = new Map<string, QuestionInput>();
  const missing = new Map<string, { questionId: number; questionVersion: number }>();
  for (const w of wanted) {
    const k = keyOf(w.questionId, w.questionVersion);
    const hit = versionCache.get(k);
    if (hit) out.set(`${w.questionId}:${w.questionVersion}`, hit);
    else missing.set(k, w);
  }
  const found = await readVersionSnapshots(db, orgId, [...missing.values()]);
  if (versionCache.size + found.length > MAX_CACHED) versionCache.clear();
  for (const f of found) {
    const q = zQuestionInput.parse(f.snapshot);
    versionCache.set(keyOf(f.questionId, f.version), q);
    out.set(`${f.questionId}:${f.version}`, q);
  }
  return out;
}

// The question with an adjusted key in place of its own. A bad key is refused naming the field.
export function adjustedQuestion(q: QuestionInput, key: RegradeKey | null, field = 'change.key'): QuestionInput {
  if (!key) return q;
  if (q.type === QuestionType.Compose) throw invalidParams(field, 'regradeCompose');
  const candidate = {
    ...q,
    answer: key.answer,
    partialCredit: key.partialCredit ?? q.partialCredit,
    partScore: key.partScore === undefined ? q.partScore : key.partScore,
  };
  // Gap filling: the blanks' scores must still add up to the question's.
  const parsed = zQuestionInput.safeParse(candidate);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const path = issue.path.filter((p) => p !== 'answer').join('.');
    throw invalidParams(path ? `${field}.answer.${path}` : `${field}.answer`, 'invalid');
  }
  return parsed.data;
}

export type ScoreFn = (answer: StudentAnswer) => Mark;

// One item of a paper marked: the question's own scores scaled to the paper's score for it.
export function scorerFor(item: Pick<StudentPaperItem, 'score'>, q: QuestionInput, adj: Adjustment | null): ScoreFn {
  const max = item.score;
  if (adj?.throwOut === ThrowOutMode.Remove) {
    return () => ({ max: 0, autoScore: 0, score: 0, parts: [], manual: false });
  }
  if (adj?.throwOut === ThrowOutMode.FullMarks) {
    return () => ({ max, autoScore: max, score: max, parts: [], manual: false });
  }
  const scorer = compileScorer(toScorable(adjustedQuestion(q, adj?.key ?? null)));
  return (answer) => {
    const r = scorer(answer);
    const factor = r.max > 0 ? max / r.max : 0;
    const autoScore = round2(Math.min(max, r.score * factor));
    const parts = r.parts.map((p) => ({ ...p, score: round2(p.score * factor), max: round2(p.max * factor) }));
    // A blank answer needs no teacher: it scores 0.
    const manual = r.pending && isAnswered(answer);
    return {
      max,
      autoScore: r.pending && !manual ? 0 : autoScore,
      score: manual ? null : r.pending ? 0 : autoScore,
      parts,
      manual,
    };
  };
}

export const paperItems = (paper: StudentPaper) => paper.sections.flatMap((s) => s.items);

export async function adjustmentsOf(db: DbOrTx, orgId: number, examId: number): Promise<Map<number, Adjustment>> {
  const list = await db
    .select({ questionId: examAdjustments.questionId, key: examAdjustments.key, throwOut: examAdjustments.throwOut })
    .from(examAdjustments)
    .where(inOrg(examAdjustments, orgId, [eq(examAdjustments.examId, examId)]));
  return new Map(
    list.map((a) => [
      a.questionId,
      { key: a.key ? zRegradeKey.parse(a.key) : null, throwOut: (a.throwOut as ThrowOutMode | null) ?? null },
    ]),
  );
}

// The attempt's totals from its marks; status 7 once nothing waits for a teacher (and back to how it
// ended when something waits again); paper answer status 1 once scored.
export async function refreshAttempts(db: DbOrTx, orgId: number, attemptIds: number[]): Promise<void> {
  if (!attemptIds.length) return;
  const { HandedIn, AutoCollected, ForceCollected, Marked } = PaperStatus;
  // Raw: one statement sets every attempt from its marks' sums, with the status rules as cases.
  await db.execute(
    sql`update ${examAttempts} t set score = m.s, score_max = m.mx, pending_count = m.p, marked_at = now(),
        end_status = coalesce(t.end_status, t.status),
        status = case
          when m.p = 0 and t.status in (${HandedIn}, ${AutoCollected}, ${ForceCollected}) then ${Marked}
          when m.p > 0 and t.status = ${Marked} then coalesce(t.end_status, ${HandedIn})
          else t.status end,
        answer_status = case when t.answer_status in (3, 4) then 1 else t.answer_status end
      from (select attempt_id, coalesce(sum(coalesce(score, 0)), 0) as s, coalesce(sum(max), 0) as mx,
              count(*) filter (where manual and marking_flag = 1)::int as p
            from ${attemptMarks} where organization_id = ${orgId}
              and attempt_id in (${sql.join(
                attemptIds.map((id) => sql`${id}`),
                sql`, `,
              )})
            group by attempt_id) m
      where t.organization_id = ${orgId} and t.id = m.attempt_id`,
  );
  // Homework (decision 39): the students' task status follows their marked papers.
  await syncForAttempts(db, orgId, attemptIds);
  // Quiz lessons of courses: the best marked sitting is the lesson's score.
  await syncQuizScores(db, orgId, attemptIds);
}

// Marks an ended attempt: every answer scored by the machine, hand-judged answers queued. Run again
// (a retry, a second process) it gives the same result, and it keeps what teachers marked.
export async function markAttempt(
  db: DbOrTx,
  orgId: number,
  attemptId: number,
): Promise<{ marked: boolean; pending: number }> {
  const a = examAttempts;
  const [t] = await db
    .select({ id: a.id, status: a.status, examId: a.examId, paper: a.paper, confirmedAt: exams.scoresConfirmedAt })
    .from(a)
    .innerJoin(exams, sameOrg(exams, a, [eq(exams.id, a.examId)]))
    .where(inOrg(a, orgId, [eq(a.id, attemptId)]))
    .for('update', { of: a });
  // Still answering, or the exam's scores are confirmed (locked): nothing to do.
  if (!t || t.status === PaperStatus.Answering || t.confirmedAt) return { marked: false, pending: 0 };
  const paper = zStudentPaper.parse(t.paper);
  const items = paperItems(paper);
  // One after another: on a transaction's single connection, parallel queries would only queue.
  const versions = await loadVersions(db, orgId, items);
  const adjustments = await adjustmentsOf(db, orgId, t.examId);
  const answers = await db
    .select({ questionId: attemptAnswers.questionId, answer: attemptAnswers.answer })
    .from(attemptAnswers)
    .where(inOrg(attemptAnswers, orgId, [eq(attemptAnswers.attemptId, attemptId)]));
  // Stored as the contract's shape (jsonb).
  const answerOf = new Map(answers.map((x) => [x.questionId, x.answer as StudentAnswer]));
  const marks = items.flatMap((item) => {
    const q = versions.get(`${item.questionId}:${item.questionVersion}`);
    if (!q) return [];
    const m = scorerFor(item, q, adjustments.get(item.questionId) ?? null)(answerOf.get(item.questionId) ?? null);
    return [{ questionId: item.questionId, ...m }];
  });
  await recordQuestions(db, orgId, t.examId, paper);
  await upsertMarks(db, orgId, t.examId, attemptId, marks);
  await refreshAttempts(db, orgId, [attemptId]);
  return { marked: true, pending: marks.filter((m) => m.manual).length };
}

// Writes the machine's marks in one statement. A teacher's score on an answer that still needs one
// stays (capped at the new maximum); everything else takes the machine's value.
async function upsertMarks(
  db: DbOrTx,
  orgId: number,
  examId: number,
  attemptId: number,
  marks: (Mark & { questionId: number })[],
): Promise<void> {
  if (!marks.length) return;
  const data = JSON.stringify(
    marks.map((m) => ({
      question_id: m.questionId,
      max: m.max,
      auto_score: m.autoScore,
      score: m.score,
      parts: m.parts,
      manual: m.manual,
      marking_flag: m.manual ? 1 : 3,
    })),
  );
  // Raw: a bulk upsert from a JSON recordset, keeping a teacher's score.
  await db.execute(
    sql`insert into ${attemptMarks} as am (organization_id, attempt_id, exam_id, question_id, max, auto_score, score,
          parts, manual, marking_flag)
        select ${orgId}, ${attemptId}, ${examId}, x.question_id, x.max, x.auto_score, x.score, x.parts, x.manual,
          x.marking_flag
        from jsonb_to_recordset(${data}::jsonb) as x(question_id bigint, max float8, auto_score float8, score float8,
          parts jsonb, manual boolean, marking_flag smallint)
        on conflict (organization_id, attempt_id, question_id) do update set
          max = excluded.max, auto_score = excluded.auto_score, parts = excluded.parts, manual = excluded.manual,
          score = case when am.marker_id is not null and excluded.manual then least(am.score, excluded.max)
                       else excluded.score end,
          marking_flag = case when am.marker_id is not null and excluded.manual then am.marking_flag
                              else excluded.marking_flag end`,
  );
}

// The exam's question list (exam_questions) gains this paper's questions; a question keeps the
// earliest place any student saw it. Rows change only when a paper shows one earlier.
async function recordQuestions(db: DbOrTx, orgId: number, examId: number, paper: StudentPaper): Promise<void> {
  const data = JSON.stringify(
    paper.sections.flatMap((s, i) =>
      s.items.map((item, j) => ({
        q: item.questionId,
        v: item.questionVersion,
        score: item.score,
        s: i + 1,
        n: j + 1,
        title: s.title.slice(0, 200),
      })),
    ),
  );
  // Raw: a bulk upsert from a JSON recordset that moves a question only to an earlier place.
  await db.execute(
    sql`insert into ${examQuestionsTable} as eq (organization_id, exam_id, question_id, version, score, section_no,
          item_no, section_title)
        select ${orgId}, ${examId}, x.q, x.v, x.score, x.s, x.n, x.title
        from jsonb_to_recordset(${data}::jsonb) as x(q bigint, v int, score float8, s int, n int, title text)
        on conflict (organization_id, exam_id, question_id) do update set
          section_no = least(eq.section_no, excluded.section_no), item_no = least(eq.item_no, excluded.item_no)
        where excluded.section_no < eq.section_no or excluded.item_no < eq.item_no`,
  );
}
