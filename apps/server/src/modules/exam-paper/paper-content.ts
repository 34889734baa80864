import { type ExamPaper, type PaperContent, zPaperQuestion } from '@lyceum/contract';
import { and, eq, inArray, or } from 'drizzle-orm';
import type { RequestContext } from '../../platform/context';
import { questions, questionVersions } from '../question/question.table';
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
        ctx.db
          .select({
            questionId: questionVersions.questionId,
            version: questionVersions.version,
            snapshot: questionVersions.snapshot,
          })
          .from(questionVersions)
          .where(
            and(
              eq(questionVersions.organizationId, ctx.orgId),
              or(
                ...pairs.map((p) =>
                  and(eq(questionVersions.questionId, p.questionId), eq(questionVersions.version, p.questionVersion)),
                ),
              ),
            ),
          ),
        ctx.db
          .select({ id: questions.id, version: questions.version })
          .from(questions)
          .where(and(eq(questions.organizationId, ctx.orgId), inArray(questions.id, ids))),
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
