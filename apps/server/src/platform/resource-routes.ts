import {
  type PageRequest,
  zExportStarted,
  zIdListRequest,
  zIdParam,
  zImportReport,
  zPage,
  zPageRequest,
} from '@lyceum/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { startExport } from '../modules/export/export.service';
import { registerFileReader } from '../modules/file/file-access';
import { type Exportable, registerExportable } from './exportables';
import { noteSubject, recordLabel, registerLabelReader } from './operation-log';
import type { Resource } from './resource';
import { exportResource, exportResourceInBatches, importResource, requestLang, templateOf } from './resource-io';
import { defineFileRoute, defineRoute } from './route';
import { importBody } from './xlsx-reader';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const zLang = z.object({ lang: z.enum(['en', 'zh']).optional() });
const zImportQuery = zLang.extend({ dryRun: z.enum(['true', 'false', '1', '0']).default('true') });
const zTreeNode: z.ZodType = z.lazy(() => z.looseObject({ id: z.number(), children: z.array(zTreeNode) }));

// Registers the spec's endpoint set for a resource: /api/{name}/page, list, create, update,
// select/{id}, delete/{id}, delete/ids; with meta also export, template and import; trees also tree.
export function registerResource<
  C extends z.ZodObject,
  U extends z.ZodObject,
  F extends z.ZodObject,
  R extends z.ZodType,
>(app: FastifyInstance, resource: Resource<C, U, F, R>): void {
  const { def } = resource;
  const base = `/api/${def.name}`;
  if (def.files) registerFileReader(def.name, resource.canReadAny, def.files);
  // The operation log names the records a call touched ("deleted degree «Bachelor»").
  const labelKey = def.meta?.labelKey;
  const labelOf = (rows: Record<string, unknown>[]) => recordLabel(rows, labelKey);
  registerLabelReader(def.name, async (ctx, ids) => labelOf(await resource.getMany(ctx, ids)));
  const tags = def.tags ?? [def.name];
  const row = def.schemas.row;
  const t = def.title;
  type RowOut = z.input<R>;
  // Readers without the read permission (students and documents) reach the read verbs too, and see
  // only their rows and fields.
  const readAccess = def.readers?.access ?? def.permissions.read;
  const listAccess = def.readers?.access ?? def.permissions.list ?? def.permissions.read;
  const readersNote = def.readers ? ' Callers without the read permission see only the records meant for them.' : '';
  defineRoute(app, {
    method: 'POST',
    url: `${base}/page`,
    summary: `Page through ${t} records`,
    description: readersNote || undefined,
    tags,
    access: readAccess,
    body: zPageRequest.extend(def.schemas.filter.shape),
    response: zPage(row),
    handler: async ({ ctx, body }) => {
      const page = await resource.page(ctx, body as PageRequest & z.output<F>, resource.readScope(ctx));
      return { ...page, list: resource.project(ctx, page.list) } as z.input<ReturnType<typeof zPage<R>>>;
    },
  });
  defineRoute(app, {
    method: 'POST',
    url: `${base}/list`,
    summary: `List ${t} records (no paging, at most 1000)`,
    description: readersNote || undefined,
    tags,
    access: listAccess,
    body: def.schemas.filter.extend({ limit: z.number().int().min(1).max(1000).default(1000) }),
    response: z.array(row),
    handler: async ({ ctx, body }) => {
      const { limit, ...filter } = body as z.output<F> & { limit: number };
      const rows = await resource.list(ctx, filter as z.output<F>, limit, resource.readScope(ctx));
      return resource.project(ctx, rows) as RowOut[];
    },
  });
  defineRoute(app, {
    method: 'POST',
    url: `${base}/create`,
    summary: `Create a ${t}`,
    tags,
    access: def.permissions.create,
    mutates: true,
    body: def.schemas.create,
    response: row,
    handler: async ({ ctx, body, req }) => {
      const created = await resource.create(ctx, body as z.output<C>);
      noteSubject(req, { ids: [created.id as number], label: labelOf([created]) });
      return created as RowOut;
    },
  });
  defineRoute(app, {
    method: 'POST',
    url: `${base}/update`,
    summary: `Update a ${t}`,
    tags,
    access: def.permissions.update,
    mutates: true,
    body: def.schemas.update,
    response: row,
    handler: async ({ ctx, body, req }) => {
      const updated = await resource.update(ctx, body as z.output<U> & { id: number });
      noteSubject(req, { label: labelOf([updated]) });
      return updated as RowOut;
    },
  });
  defineRoute(app, {
    method: 'POST',
    url: `${base}/select/:id`,
    summary: `Read one ${t}`,
    description: readersNote || undefined,
    tags,
    access: readAccess,
    params: zIdParam,
    response: row,
    handler: async ({ ctx, params }) =>
      resource.project(ctx, [await resource.get(ctx, params.id, resource.readScope(ctx))])[0] as RowOut,
  });
  defineRoute(app, {
    method: 'POST',
    url: `${base}/delete/:id`,
    summary: `Delete one ${t}`,
    description: 'Refused, with nothing removed, while other records still use it.',
    tags,
    access: def.permissions.remove,
    mutates: true,
    params: zIdParam,
    response: z.object({ deleted: z.number().int() }),
    handler: async ({ ctx, params, req }) => {
      // Named before it goes, so the log can still say what was deleted.
      noteSubject(req, { label: labelOf(await resource.getMany(ctx, [params.id])) });
      return { deleted: await resource.remove(ctx, [params.id]) };
    },
  });
  defineRoute(app, {
    method: 'POST',
    url: `${base}/delete/ids`,
    summary: `Delete several ${t} records at once`,
    description: 'All or nothing: if one of them cannot be deleted, none is.',
    tags,
    access: def.permissions.remove,
    mutates: true,
    body: zIdListRequest,
    response: z.object({ deleted: z.number().int() }),
    handler: async ({ ctx, body, req }) => {
      noteSubject(req, { label: labelOf(await resource.getMany(ctx, body.ids)) });
      return { deleted: await resource.remove(ctx, body.ids) };
    },
  });
  for (const [name, act] of Object.entries(def.actions ?? {})) {
    defineRoute(app, {
      method: 'POST',
      url: `${base}/${name}/:id`,
      summary: act.summary,
      description: act.from
        ? `Allowed from ${act.field ?? 'status'} ${act.from.join(', ')}${act.to !== undefined ? `; leaves it at ${act.to}` : ''}. Refused with 501 naming the field otherwise.`
        : undefined,
      tags,
      access: act.access,
      mutates: true,
      params: zIdParam,
      body: act.input ?? z.object({}),
      response: row,
      handler: async ({ ctx, params, body }) =>
        resource.project(ctx, [
          await resource.runAction(ctx, name, params.id, body as Record<string, unknown>),
        ])[0] as RowOut,
    });
  }
  if (def.meta?.tree) {
    defineRoute(app, {
      method: 'POST',
      url: `${base}/tree`,
      summary: `${t} records as a tree (filters keep matches and their ancestors)`,
      tags,
      access: listAccess,
      body: def.schemas.filter,
      response: z.array(zTreeNode),
      handler: ({ ctx, body }) => resource.tree(ctx, body as z.output<F>, resource.readScope(ctx)),
    });
  }
  if (!def.meta) return;
  const meta = def.meta;
  const filename = (suffix: string, lang: 'en' | 'zh') => `${meta.title[lang]}${suffix}.xlsx`;
  defineFileRoute(app, {
    method: 'POST',
    url: `${base}/export`,
    summary: `Export ${t} records matching the filters to Excel`,
    description: 'Answers with an .xlsx file (headers in the language asked for), at most 50,000 rows.',
    tags,
    access: def.permissions.export ?? def.permissions.read,
    audited: true,
    body: def.schemas.filter,
    querystring: zLang,
    handler: async ({ ctx, body, req }) => {
      const lang = requestLang(req);
      return {
        filename: filename('', lang),
        contentType: XLSX,
        body: await exportResource(resource, ctx, body as Record<string, unknown>, lang),
      };
    },
  });
  // The same export as a background job: the answer is at once, the file lands on the caller's
  // export list (/api/export/*) with its progress.
  const exportAccess = def.permissions.export ?? def.permissions.read;
  const exportable: Exportable = {
    name: def.name,
    title: meta.title,
    access: exportAccess,
    write: (ctx, filter, lang, out, onBatch) => exportResourceInBatches(resource, ctx, filter, lang, out, onBatch),
  };
  registerExportable(exportable);
  defineRoute(app, {
    method: 'POST',
    url: `${base}/exportAsync`,
    summary: `Start an export of ${t} records matching the filters, run in the background`,
    description:
      'Answers {exportId} at once; the export list (/api/export/page) shows its progress and offers the file when done.',
    tags,
    access: exportAccess,
    mutates: true,
    body: def.schemas.filter,
    querystring: zLang,
    response: zExportStarted,
    handler: async ({ ctx, body, req }) => ({
      exportId: await startExport(ctx, exportable, body as Record<string, unknown>, requestLang(req)),
    }),
  });
  if (def.excel === 'export') return;
  defineFileRoute(app, {
    method: 'GET',
    url: `${base}/template`,
    summary: `The Excel template for importing ${t} records`,
    tags,
    access: def.permissions.import ?? def.permissions.create,
    querystring: zLang,
    handler: async ({ req }) => {
      const lang = requestLang(req);
      return {
        filename: filename(lang === 'zh' ? ' 导入模板' : ' import template', lang),
        contentType: XLSX,
        body: await templateOf(resource, lang),
      };
    },
  });
  defineRoute(app, {
    method: 'POST',
    url: `${base}/import`,
    summary: `Import ${t} records from an Excel file`,
    description:
      'Send the .xlsx file as the request body (Content-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet). ' +
      'With dryRun=true (the default) every row is checked and the errors are listed; with dryRun=false the rows are ' +
      'written in one transaction, and only if no row has an error. Every problem of every row is listed, each with ' +
      'its row, column header and reason, coded in `error` and worded in the language asked for (?lang=zh or ' +
      'Accept-Language).',
    tags,
    access: def.permissions.import ?? def.permissions.create,
    mutates: true,
    querystring: zImportQuery,
    response: zImportReport,
    // The body is the request stream, bounded while it is read (MAX_IMPORT_BYTES), whatever its type.
    handler: async ({ ctx, req, query }) => {
      const dryRun = query.dryRun === 'true' || query.dryRun === '1';
      if (dryRun) noteSubject(req, { action: 'importCheck' });
      return importResource(resource, ctx, importBody(req), dryRun, requestLang(req));
    },
  });
}
