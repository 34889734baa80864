import { api, type ExamPaper, zPaperQuestion } from '@lyceum/contract';
import { and, eq, inArray, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { registerResource } from '../../platform/resource-routes';
import { defineEndpoint } from '../../platform/route';
import { questions, questionVersions } from '../question/question.table';
import { examPaperResource } from './exam-paper.resource';
import { examPaperImportRoutes } from './exam-paper-import';
import { countMatching } from './paper-pool';

type Item = { questionId: number; questionVersion: number };

export function examPaperRoutes(app: FastifyInstance) {
  registerResource(app, examPaperResource);
  examPaperImportRoutes(app);
  defineEndpoint(app, api.examPaper.ruleCount, async ({ ctx, body }) => {
    const { paperId, ...criteria } = body;
    // The paper named must be one the caller reads (its own papers leave "the last N papers").
    if (paperId !== undefined) await examPaperResource.get(ctx, paperId);
    return { count: await countMatching(ctx.db, ctx, criteria, paperId ?? null) };
  });

  // The paper as the caller may read it, and each question at the version its item froze.
  defineEndpoint(app, api.examPaper.content, async ({ ctx, params }) => {
    const paper = await examPaperResource.get(ctx, params.id, examPaperResource.readScope(ctx));
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
  });
}
