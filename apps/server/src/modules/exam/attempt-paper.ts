import {
  type AttemptSection,
  countBlanks,
  QuestionType,
  type StudentPaper,
  type StudentPaperItem,
} from '@lyceum/contract';
import { z } from 'zod';
import { bus } from '../../platform/bus';
import type { RequestContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db';
import { type DrawPlan, drawForStudent } from '../exam-paper/paper-draw';
import { loadStudentPlan } from '../exam-paper/paper-rules.service';
import { readVersionSnapshots } from '../question/question-versions';

// A student's paper for an attempt: drawn from the paper's plan (the same student always gets the
// same paper), and the page's view of it, which carries no keys and no analysis.
//
// Plans and question versions are immutable once an exam uses them (a published paper is locked,
// a version never changes), so each process keeps them for a minute: a synchronised start of a
// thousand students loads the plan once per process, not once per student. Nothing here is state
// another process needs; a process that has not cached it simply loads it.

const TTL_MS = 60_000;
const MAX_VERSIONS = 20_000;
const plans = new Map<string, { until: number; plan: Promise<DrawPlan> }>();
const versions = new Map<string, Snapshot>();
// Dropped with every other cache when the process may have missed news (nothing here goes stale).
bus.onReset(() => {
  plans.clear();
  versions.clear();
});

const zOption = z.object({ label: z.string(), content: z.string() });
const zChild = z.object({
  type: z.literal([1, 2, 3, 4, 5]),
  stem: z.string(),
  options: z.array(zOption).default([]),
  score: z.number(),
});
// What the page needs of a question version's snapshot; the key and analysis are not read at all.
const zSnapshot = z.object({
  type: z.literal([1, 2, 3, 4, 5, 6]),
  stem: z.string(),
  options: z.array(zOption).default([]),
  children: z.array(zChild).default([]),
});
type Snapshot = z.infer<typeof zSnapshot>;

async function planOf(db: DbOrTx, ctx: RequestContext, paperId: number): Promise<DrawPlan> {
  const key = `${ctx.orgId}:${paperId}`;
  const hit = plans.get(key);
  if (hit && hit.until > Date.now()) return hit.plan;
  const plan = loadStudentPlan(db, ctx, paperId);
  plans.set(key, { until: Date.now() + TTL_MS, plan });
  plan.catch(() => plans.delete(key));
  return plan;
}

async function snapshotsOf(db: DbOrTx, orgId: number, items: StudentPaperItem[]): Promise<Map<string, Snapshot>> {
  const keyOf = (i: { questionId: number; questionVersion: number }) => `${orgId}:${i.questionId}:${i.questionVersion}`;
  const missing = items.filter((i) => !versions.has(keyOf(i)));
  if (missing.length) {
    const found = await readVersionSnapshots(db, orgId, missing);
    if (versions.size + found.length > MAX_VERSIONS) versions.clear();
    for (const v of found) {
      versions.set(keyOf({ questionId: v.questionId, questionVersion: v.version }), zSnapshot.parse(v.snapshot));
    }
  }
  const out = new Map<string, Snapshot>();
  for (const i of items) {
    const s = versions.get(keyOf(i));
    if (!s) throw new Error(`question ${i.questionId} version ${i.questionVersion} is missing`);
    out.set(`${i.questionId}:${i.questionVersion}`, s);
  }
  return out;
}

// Options in the student's order; each keeps its own label, which is what an answer names.
function ordered(options: { label: string; content: string }[], order: string[] | null | undefined) {
  if (!order) return options.map((o) => ({ label: o.label, content: o.content }));
  const byLabel = new Map(options.map((o) => [o.label, o]));
  return order.flatMap((l) => {
    const o = byLabel.get(l);
    return o ? [{ label: o.label, content: o.content }] : [];
  });
}

const blanksOf = (type: number, stem: string) => (type === QuestionType.GapFilling ? countBlanks(stem) : 0);

export interface DrawnAttempt {
  paper: StudentPaper;
  view: AttemptSection[];
  questionIds: number[];
}

// The paper one candidate sits, with the exam's shuffles added to the paper's own.
export async function drawAttemptPaper(
  db: DbOrTx,
  ctx: RequestContext,
  exam: { id: number; paperId: number; shuffleQuestions: boolean; shuffleOptions: boolean },
  userId: number,
): Promise<DrawnAttempt> {
  const base = await planOf(db, ctx, exam.paperId);
  const plan: DrawPlan = {
    ...base,
    shuffleQuestions: base.shuffleQuestions || exam.shuffleQuestions,
    shuffleOptions: base.shuffleOptions || exam.shuffleOptions,
  };
  const paper = drawForStudent(plan, exam.id, userId);
  const items = paper.sections.flatMap((s) => s.items);
  const snaps = await snapshotsOf(db, ctx.orgId, items);
  const view = paper.sections.map((s) => ({
    title: s.title,
    instructions: s.instructions,
    score: s.score,
    questions: s.items.map((i) => {
      const q = snaps.get(`${i.questionId}:${i.questionVersion}`)!;
      return {
        questionId: i.questionId,
        type: q.type,
        stem: q.stem,
        options: ordered(q.options, i.optionOrder),
        blankCount: blanksOf(q.type, q.stem),
        score: i.score,
        children: q.children.map((c, ci) => ({
          type: c.type,
          stem: c.stem,
          options: ordered(c.options, i.childOptionOrders?.[ci]),
          blankCount: blanksOf(c.type, c.stem),
          score: c.score,
        })),
      };
    }),
  }));
  return { paper, view, questionIds: items.map((i) => i.questionId) };
}
