import { type ExamPaper, type PaperContent, zPaperQuestion } from '@lyceum/contract';
import { inArray } from 'drizzle-orm';
import type { RequestContext } from '../../platform/context';
import { inOrg } from '../../platform/tenant-sql';
import { questions } from '../question/question.table';
import { readVersionSnapshots } from '../question/question-versions';
import { examPaperResource } from './exam-paper.resource';

type Item = { questionId: number; questionVersion: number };

// The paper as the caller may read it, and each question at the version its item froze (the
// builder, the preview, the print view and the Word export read the same).
export async function loadPaperContent(ctx: RequestContext, id: number): Promise<PaperContent> {
  const paper = await examPaperResource.get(ctx, id, examPaperResource.readScope(ctx));
  const sections = (paper.sections ?? []) as { items: Item[] }[];
  const items = sections.flatMap((s) => s.items);
  const pairs = [...new Map(items.map((i) => [`${i.questionId}:${i.questionVersion}`, i])).values()];
  const ids = [...new Set(items.map((i) => i.questionId))];
  const [versions, current] = ids.length
    ? await Promise.all([
        readVersionSnapshots(ctx.db, ctx.orgId, pairs),
        ctx.db
          .select({ id: questions.id, version: questions.version })
          .from(questions)
          .where(inOrg(questions, ctx.orgId, [inArray(questions.id, ids)])),
      ])
    : [[], []];
  const newest = new Map(current.map((q) => [q.id, q.version]));
  return {
    paper: examPaperResource.project(ctx, [paper])[0] as ExamPaper,
    questions: versions.map((v) =>
      zPaperQuestion.parse({
        ...(v.snapshot as object),
        questionId: v.questionId,
        version: v.version,
        currentVersion: newest.get(v.questionId) ?? v.version,
      }),
    ),
  };
}
