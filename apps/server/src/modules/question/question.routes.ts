import {
  api,
  issueDetail,
  type QuestionInput,
  questionMeta,
  ResultCode,
  scoreAnswer,
  toScorable,
  type zQuestion,
  zQuestionFilter,
  zQuestionInput,
} from '@lyceum/contract';
import { asc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { AppError, invalidParams } from '../../platform/errors';
import { type Exportable, registerExportable } from '../../platform/exportables';
import { noteSubject } from '../../platform/operation-log';
import { requestLang } from '../../platform/resource-io';
import { registerResource } from '../../platform/resource-routes';
import { defineEndpoint, defineFileEndpoint } from '../../platform/route';
import { inOrg } from '../../platform/tenant-sql';
import { readImportBody } from '../../platform/xlsx-reader';
import { tags } from '../catalogue/catalogue.table';
import { startExport } from '../export/export.service';
import { exportQuestionsAs } from './interop/export';
import { importQuestionFile } from './interop/import';
import { questionResource } from './question.resource';
import { questions, questionTags, questionVersions } from './question.table';
import { importQuestions, parseAiken, questionTemplate, writeQuestions } from './question-io';

export function questionRoutes(app: FastifyInstance) {
  registerResource(app, questionResource);
  defineEndpoint(app, api.question.copy, async ({ ctx, params }) => {
    const source = await questionResource.get(ctx, params.id);
    const input = zQuestionInput.parse(source);
    return questionResource.create(ctx, input) as Promise<z.input<typeof zQuestion>>;
  });
  defineEndpoint(app, api.question.versions, async ({ ctx, params }) => {
    await questionResource.get(ctx, params.id);
    const rows = await ctx.db
      .select()
      .from(questionVersions)
      .where(inOrg(questionVersions, ctx.orgId, [eq(questionVersions.questionId, params.id)]))
      .orderBy(asc(questionVersions.version));
    return rows.map((r) => ({
      version: r.version,
      snapshot: r.snapshot,
      editorId: r.editorId,
      createTime: r.createTime.toISOString(),
    }));
  });
  defineEndpoint(app, api.question.bulkTag, async ({ ctx, body }) => {
    const found = await questionResource.getMany(ctx, body.ids);
    if (found.length !== new Set(body.ids).size) throw invalidParams('ids', 'someMissing', { entity: 'questions' });
    const known = await ctx.db
      .select({ id: tags.id })
      .from(tags)
      .where(inOrg(tags, ctx.orgId, [inArray(tags.id, body.tagIds)]));
    const missing = body.tagIds.filter((id) => !known.some((k) => k.id === id));
    if (missing.length)
      throw invalidParams('tagIds', 'noSuchReference', { entity: 'tag or knowledge point', ids: missing.join(', ') });
    await ctx.db.transaction(async (tx) => {
      const pairs = [...new Set(body.ids)].flatMap((questionId) =>
        [...new Set(body.tagIds)].map((tagId) => ({ organizationId: ctx.orgId, questionId, tagId })),
      );
      await tx.insert(questionTags).values(pairs).onConflictDoNothing();
      await tx
        .update(questions)
        .set({ updateTime: new Date() })
        .where(inOrg(questions, ctx.orgId, [inArray(questions.id, body.ids)]));
    });
    return { updated: found.length };
  });
  defineEndpoint(app, api.question.tryAnswer, async ({ body }) => {
    const parsed = zQuestionInput.safeParse(body.question);
    if (!parsed.success) {
      // Named from the request body: "question.options" (the field inside the question tried).
      const issue = parsed.error.issues[0];
      throw new AppError(
        ResultCode.InvalidParams,
        issueDetail({ ...issue, path: ['question', ...issue.path] }, 'question'),
      );
    }
    return scoreAnswer(toScorable(parsed.data as QuestionInput), body.answer);
  });

  const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
  defineFileEndpoint(app, api.question.template, async ({ req }) => {
    const lang = requestLang(req);
    return {
      filename: lang === 'zh' ? '题目导入模板.xlsx' : 'Question import template.xlsx',
      contentType: XLSX,
      body: await questionTemplate(lang),
    };
  });
  defineFileEndpoint(
    app,
    api.question.exportFile,
    async ({ ctx, body, req }) => {
      const lang = requestLang(req);
      const rows = await questionResource.list(ctx, body, 20_000);
      return {
        filename: lang === 'zh' ? '题目.xlsx' : 'Questions.xlsx',
        contentType: XLSX,
        body: await writeQuestions(rows, lang),
      };
    },
    { audited: true },
  );
  // The same re-importable sheet as a background export (the export list keeps the file).
  const exportable: Exportable = {
    name: questionMeta.name,
    title: questionMeta.title,
    access: ['question:export'],
    write: async (ctx, filter, lang, out, onBatch) => {
      const rows = await questionResource.list(ctx, zQuestionFilter.parse(filter), 20_000);
      await onBatch(rows.length, rows.length);
      const sheet = await writeQuestions(rows, lang);
      await new Promise<void>((resolve, reject) =>
        out.end(sheet, (err?: Error | null) => (err ? reject(err) : resolve())),
      );
      return rows.length;
    },
  };
  registerExportable(exportable);
  defineEndpoint(app, api.question.exportAsync, async ({ ctx, body, req }) => ({
    exportId: await startExport(ctx, exportable, body as Record<string, unknown>, requestLang(req)),
  }));
  // The body is the file, read whole within MAX_IMPORT_BYTES whatever its type: Excel, Moodle XML,
  // GIFT, Aiken or a QTI package (interop/import.ts).
  defineEndpoint(app, api.question.importFile, async ({ ctx, req, query }) => {
    const dryRun = query.dryRun === 'true' || query.dryRun === '1';
    if (dryRun) noteSubject(req, { action: 'importCheck' });
    return importQuestionFile(ctx, app.storage, await readImportBody(req), {
      dryRun,
      skipRefused: query.skipRefused === 'true' || query.skipRefused === '1',
      lang: requestLang(req),
      format: query.format,
      score: query.score ?? 1,
    });
  });
  defineFileEndpoint(
    app,
    api.question.exportAs,
    async ({ ctx, body, req }) => {
      const file = await exportQuestionsAs(ctx, app.storage, body, requestLang(req));
      return {
        filename: file.filename,
        contentType: file.contentType,
        body: file.body,
        headers: { 'x-lyceum-skipped': file.skipped, 'x-lyceum-count': file.count },
      };
    },
    { audited: true },
  );
  defineEndpoint(app, api.question.importAiken, ({ ctx, body, req }) => {
    if (body.dryRun) noteSubject(req, { action: 'importCheck' });
    return importQuestions(ctx, parseAiken(body.text, body.score), body.dryRun, requestLang(req), false);
  });
}
