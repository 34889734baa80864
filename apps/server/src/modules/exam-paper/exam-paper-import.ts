import { api, type ExamPaper, PaperType, type PaperType as PaperTypeValue, paperTypeLabels } from '@lyceum/contract';
import { and, eq, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { RequestContext } from '../../platform/context';
import { noteSubject } from '../../platform/operation-log';
import { requestLang } from '../../platform/resource-io';
import { defineEndpoint, defineFileEndpoint } from '../../platform/route';
import { inOrg } from '../../platform/tenant-sql';
import { importBody, XLSX_TYPE } from '../../platform/xlsx-reader';
import { questionVersions } from '../question/question.table';
import { examPaperResource } from './exam-paper.resource';
import { copyPaper } from './paper-copy.service';
import { checkPaperSheet, writePaper } from './paper-import.service';
import { paperTemplate, readPaperSheet, writePaperSheet } from './paper-sheet';

// Whole papers in and out of Excel, and copies: registered beside the paper resource's own routes.
export function examPaperImportRoutes(app: FastifyInstance) {
  defineFileEndpoint(app, api.examPaper.template, async ({ req, query }) => {
    const lang = requestLang(req);
    const paperType = (query.paperType ? Number(query.paperType) : PaperType.Exam) as PaperTypeValue;
    return {
      filename: lang === 'zh' ? '试卷导入模板.xlsx' : 'Paper import template.xlsx',
      contentType: XLSX_TYPE,
      body: await paperTemplate(lang, paperType),
    };
  });

  defineEndpoint(app, api.examPaper.importPaper, async ({ ctx, req, query }) => {
    const dryRun = query.dryRun === 'true' || query.dryRun === '1';
    if (dryRun) noteSubject(req, { action: 'importCheck' });
    const defaultType = (query.paperType ? Number(query.paperType) : PaperType.Exam) as PaperTypeValue;
    const sheet = await readPaperSheet(importBody(req));
    const plan = await checkPaperSheet(ctx, sheet, requestLang(req), defaultType);
    const report = { ...plan.report, dryRun };
    if (dryRun || report.errors.length || report.questions === 0) return report;
    const paper = await writePaper(ctx, plan);
    noteSubject(req, { ids: [paper.id], label: paper.name });
    return { ...report, created: report.questions, paperId: paper.id, paperType: paper.paperType };
  });

  // One paper in the template's layout: edit it and import it as a new paper. Its questions by their
  // bank IDs, or (?questions=inline) written out at the versions the paper froze, for another school.
  defineFileEndpoint(
    app,
    api.examPaper.exportSheet,
    async ({ ctx, params, req, query }) => {
      const lang = requestLang(req);
      const paper = (await examPaperResource.get(ctx, params.id, examPaperResource.readScope(ctx))) as ExamPaper;
      noteSubject(req, { ids: [paper.id], label: paper.name });
      const lookups = await examPaperResource.lookups(ctx);
      const frozen = query.questions === 'inline' ? await frozenQuestions(ctx, paper) : null;
      const nameOf = (field: string, id: number | null) =>
        id === null ? null : (lookups.get(field)?.byId.get(id) ?? null);
      const body = await writePaperSheet(
        {
          details: {
            name: paper.name,
            paperType: paperTypeLabels[paper.paperType][lang],
            subjectId: nameOf('subjectId', paper.subjectId),
            degreeId: nameOf('degreeId', paper.degreeId),
            categoryId: nameOf('categoryId', paper.categoryId),
            durationMinutes: paper.durationMinutes,
            passScore: paper.passScore,
          },
          sections: (paper.sections ?? []).map((s) => ({
            title: s.title,
            instructions: s.instructions,
            items: s.items.map((i) =>
              frozen
                ? { score: i.score, question: frozen.get(`${i.questionId}:${i.questionVersion}`) ?? {} }
                : { questionId: i.questionId, score: i.score },
            ),
          })),
        },
        lang,
      );
      return { filename: `${paper.name}.xlsx`, contentType: XLSX_TYPE, body };
    },
    { audited: true },
  );

  defineEndpoint(app, api.examPaper.copy, ({ ctx, params, req }) => copyPaper(ctx, params.id, requestLang(req)));
}

// Each question of a paper at the version its item froze, by "id:version".
async function frozenQuestions(ctx: RequestContext, paper: ExamPaper): Promise<Map<string, Record<string, unknown>>> {
  const items = (paper.sections ?? []).flatMap((s) => s.items);
  if (!items.length) return new Map();
  const rows = await ctx.db
    .select({ id: questionVersions.questionId, version: questionVersions.version, snapshot: questionVersions.snapshot })
    .from(questionVersions)
    .where(
      inOrg(questionVersions, ctx.orgId, [
        or(
          ...items.map((i) =>
            and(eq(questionVersions.questionId, i.questionId), eq(questionVersions.version, i.questionVersion)),
          ),
        ),
      ]),
    );
  return new Map(rows.map((r) => [`${r.id}:${r.version}`, r.snapshot as Record<string, unknown>]));
}
