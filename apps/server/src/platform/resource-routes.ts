import { actionDescription, engineEndpoints, type PageRequest, zIdParam, type zPage } from '@lyceum/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { type Exportable, registerExportable } from './exportables';
import { registerFileReader } from './file-readers';
import { noteSubject, recordLabel, registerLabelReader } from './operation-log';
import { exportStarter } from './ports';
import type { Resource } from './resource';
import { exportResource, exportResourceInBatches, importResource, requestLang, templateOf } from './resource-io';
import { defineEndpoint, defineFileEndpoint, defineRoute } from './route';
import { importBody } from './xlsx-reader';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

// Registers the spec's endpoint set for a resource: /api/{name}/page, list, create, update,
// select/{id}, delete/{id}, delete/ids; with meta also export, template and import; trees also tree.
export function registerResource<
  C extends z.ZodObject,
  U extends z.ZodObject,
  F extends z.ZodObject,
  R extends z.ZodType,
>(app: FastifyInstance, resource: Resource<C, U, F, R>): void {
  const { def } = resource;
  if (def.files) registerFileReader(def.name, resource.canReadAny, def.files);
  // The operation log names the records a call touched ("deleted degree «Bachelor»").
  const labelKey = def.meta?.labelKey;
  const labelOf = (rows: Record<string, unknown>[]) => recordLabel(rows, labelKey);
  registerLabelReader(def.name, async (ctx, ids) => labelOf(await resource.plainMany(ctx, ids)));
  type RowOut = z.input<R>;
  // The verbs as the contract declares them (engine-endpoints.ts): paths, words, access, schemas.
  const eps = engineEndpoints(def.decl);
  defineEndpoint(app, eps.page, async ({ ctx, body }) => {
    const page = await resource.page(ctx, body as PageRequest & z.output<F>, resource.readScope(ctx));
    return { ...page, list: resource.project(ctx, page.list) } as z.input<ReturnType<typeof zPage<R>>>;
  });
  defineEndpoint(app, eps.list, async ({ ctx, body }) => {
    const { limit, ...filter } = body as z.output<F> & { limit: number };
    const rows = await resource.list(ctx, filter as z.output<F>, limit, resource.listScope(ctx));
    return resource.project(ctx, rows) as RowOut[];
  });
  // A read-only resource's rows are written by its module's own routes and its actions only.
  if (eps.create && eps.update) {
    defineEndpoint(app, eps.create, async ({ ctx, body, req }) => {
      const created = await resource.create(ctx, body as z.output<C>);
      noteSubject(req, { ids: [created.id as number], label: labelOf([created]) });
      return created as RowOut;
    });
    defineEndpoint(app, eps.update, async ({ ctx, body, req }) => {
      const updated = await resource.update(ctx, body as z.output<U> & { id: number });
      noteSubject(req, { label: labelOf([updated]) });
      return updated as RowOut;
    });
  }
  defineEndpoint(
    app,
    eps.select,
    async ({ ctx, params }) =>
      resource.project(ctx, [await resource.get(ctx, params.id, resource.readScope(ctx))])[0] as RowOut,
  );
  if (eps.remove && eps.removeMany) {
    defineEndpoint(app, eps.remove, async ({ ctx, params, req }) => {
      // Named before it goes, so the log can still say what was deleted.
      noteSubject(req, { label: labelOf(await resource.getMany(ctx, [params.id])) });
      return { deleted: await resource.remove(ctx, [params.id]) };
    });
    defineEndpoint(app, eps.removeMany, async ({ ctx, body, req }) => {
      noteSubject(req, { label: labelOf(await resource.getMany(ctx, body.ids)) });
      return { deleted: await resource.remove(ctx, body.ids) };
    });
  }
  for (const [name, act] of Object.entries(def.actions ?? {})) {
    defineRoute(app, {
      method: 'POST',
      url: `/api/${def.name}/${name}/:id`,
      summary: act.summary,
      description: actionDescription(act),
      tags: def.tags ?? [def.name],
      access: act.access,
      mutates: true,
      params: zIdParam,
      body: act.input ?? z.object({}),
      response: def.schemas.row,
      handler: async ({ ctx, params, body }) =>
        resource.project(ctx, [
          await resource.runAction(ctx, name, params.id, body as Record<string, unknown>),
        ])[0] as RowOut,
    });
  }
  if (eps.tree) {
    defineEndpoint(app, eps.tree, ({ ctx, body }) => resource.tree(ctx, body as z.output<F>, resource.listScope(ctx)));
  }
  const meta = def.meta;
  if (!meta || !eps.exportFile || !eps.exportAsync) return;
  const filename = (suffix: string, lang: 'en' | 'zh') => `${meta.title[lang]}${suffix}.xlsx`;
  defineFileEndpoint(
    app,
    eps.exportFile,
    async ({ ctx, body, req }) => {
      const lang = requestLang(req);
      return {
        filename: filename('', lang),
        contentType: XLSX,
        body: await exportResource(resource, ctx, body as Record<string, unknown>, lang),
      };
    },
    { audited: true },
  );
  // The same export as a background job: the answer is at once, the file lands on the caller's
  // export list (/api/export/*) with its progress.
  const exportable: Exportable = {
    name: def.name,
    title: meta.title,
    access: eps.exportAsync.access,
    write: (ctx, filter, lang, out, onBatch) => exportResourceInBatches(resource, ctx, filter, lang, out, onBatch),
  };
  registerExportable(exportable);
  defineEndpoint(app, eps.exportAsync, async ({ ctx, body, req }) => ({
    exportId: await exportStarter.get()(ctx, exportable, body as Record<string, unknown>, requestLang(req)),
  }));
  if (!eps.template || !eps.importFile) return;
  defineFileEndpoint(app, eps.template, async ({ req }) => {
    const lang = requestLang(req);
    return {
      filename: filename(lang === 'zh' ? ' 导入模板' : ' import template', lang),
      contentType: XLSX,
      body: await templateOf(resource, lang),
    };
  });
  // The body is the request stream, bounded while it is read (MAX_IMPORT_BYTES), whatever its type.
  defineEndpoint(app, eps.importFile, async ({ ctx, req, query }) => {
    const dryRun = query.dryRun === 'true' || query.dryRun === '1';
    if (dryRun) noteSubject(req, { action: 'importCheck' });
    return importResource(resource, ctx, importBody(req), dryRun, requestLang(req));
  });
}
