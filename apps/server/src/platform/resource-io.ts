import type { Readable, Writable } from 'node:stream';
import type { Lang } from '@lyceum/contract';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { RequestContext } from './context';
import { type RowError, readWorkbook, streamWorkbook, writeTemplate, writeWorkbook } from './excel';
import { type Resource, uniqueKey, type Values } from './resource';
import { giveWay } from './xlsx-reader';

export const MAX_EXPORT_ROWS = 50_000;
export const MAX_IMPORT_ROWS = 20_000;
const INSERT_BATCH = 500;
const ANALYZE_AFTER = 1000;

export interface ImportReport {
  dryRun: boolean;
  total: number;
  valid: number;
  created: number;
  errors: RowError[];
}

// English unless the caller asks for Chinese (?lang=zh or an Accept-Language starting with zh).
export function requestLang(req: FastifyRequest): Lang {
  const q = (req.query as { lang?: string } | undefined)?.lang;
  if (q === 'zh' || q === 'en') return q;
  return /^zh/i.test(req.headers['accept-language'] ?? '') ? 'zh' : 'en';
}

function metaOf(resource: {
  def: { name: string; meta?: Resource<z.ZodObject, z.ZodObject, z.ZodObject, z.ZodType>['def']['meta'] };
}) {
  const meta = resource.def.meta;
  if (!meta) throw new Error(`${resource.def.name} has no meta`);
  return meta;
}

export async function exportResource<
  C extends z.ZodObject,
  U extends z.ZodObject,
  F extends z.ZodObject,
  R extends z.ZodType,
>(resource: Resource<C, U, F, R>, ctx: RequestContext, filter: Values, lang: Lang) {
  const rows = await resource.list(ctx, filter as z.output<F>, MAX_EXPORT_ROWS);
  return writeWorkbook(metaOf(resource), rows, await resource.lookups(ctx), lang);
}

const EXPORT_BATCH = 1000;

// The export of a background job: the rows read and written a batch at a time into `out` (an
// .xlsx stream), `onBatch` told how far it got. The same rows and limit as exportResource.
export async function exportResourceInBatches<
  C extends z.ZodObject,
  U extends z.ZodObject,
  F extends z.ZodObject,
  R extends z.ZodType,
>(
  resource: Resource<C, U, F, R>,
  ctx: RequestContext,
  filter: Values,
  lang: Lang,
  out: Writable,
  onBatch: (written: number, total: number) => Promise<void>,
): Promise<number> {
  const sheet = streamWorkbook(metaOf(resource), await resource.lookups(ctx), lang, out);
  let written = 0;
  let total = 0;
  for (let pageIndex = 1; ; pageIndex++) {
    const page = await resource.page(ctx, { ...(filter as z.output<F>), pageIndex, pageSize: EXPORT_BATCH });
    total = Math.min(page.total, MAX_EXPORT_ROWS);
    const rows = page.list.slice(0, MAX_EXPORT_ROWS - written);
    sheet.add(rows);
    written += rows.length;
    await onBatch(written, total);
    if (rows.length < EXPORT_BATCH || written >= MAX_EXPORT_ROWS) break;
  }
  await sheet.commit();
  return written;
}

export function templateOf<C extends z.ZodObject, U extends z.ZodObject, F extends z.ZodObject, R extends z.ZodType>(
  resource: Resource<C, U, F, R>,
  lang: Lang,
) {
  return writeTemplate(metaOf(resource), lang);
}

// Checks every row (schema, references by name, uniqueness in the file and in the database, the
// resource's own rules) and writes nothing unless all rows pass; then writes them in one transaction.
// The file (a Buffer or the request stream) is read as a stream and refused past MAX_IMPORT_ROWS rows.
export async function importResource<
  C extends z.ZodObject,
  U extends z.ZodObject,
  F extends z.ZodObject,
  R extends z.ZodType,
>(
  resource: Resource<C, U, F, R>,
  ctx: RequestContext,
  file: Buffer | Readable,
  dryRun: boolean,
): Promise<ImportReport> {
  const { def } = resource;
  const { rows, errors } = await readWorkbook(file, metaOf(resource), await resource.lookups(ctx), MAX_IMPORT_ROWS);
  const taken = await resource.existingKeys(ctx);
  const seen = new Map<string, Map<string, number>>();
  const valid: Values[] = [];
  const badRows = new Set(errors.map((e) => e.row));
  for (const [i, { row, input }] of rows.entries()) {
    await giveWay(i);
    if (badRows.has(row)) continue;
    const parsed = def.schemas.create.safeParse(input);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        errors.push({ row, field: String(issue.path[0] ?? ''), message: issue.message });
      }
      continue;
    }
    const data = parsed.data as Values;
    let ok = true;
    for (const rule of def.unique ?? []) {
      const name = rule.fields.join(',');
      const key = uniqueKey(rule, data);
      const inFile = seen.get(name) ?? new Map<string, number>();
      seen.set(name, inFile);
      const field = rule.fields[rule.fields.length - 1];
      if (taken.get(name)?.has(key)) {
        errors.push({ row, field, message: `${rule.label} "${data[field]}" already exists` });
        ok = false;
      } else if (inFile.has(key)) {
        errors.push({ row, field, message: `${rule.label} "${data[field]}" repeats row ${inFile.get(key)}` });
        ok = false;
      } else inFile.set(key, row);
    }
    if (!ok) continue;
    try {
      await def.hooks?.validate?.(data as z.output<C>, ctx, 'create', null);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const [field, ...rest] = message.split(': ');
      errors.push({ row, field: rest.length ? field : '', message: rest.length ? rest.join(': ') : message });
      continue;
    }
    valid.push(data);
  }
  errors.sort((a, b) => a.row - b.row);
  const report: ImportReport = { dryRun, total: rows.length, valid: valid.length, created: 0, errors };
  if (dryRun || errors.length || !valid.length) return report;
  const values: Values[] = [];
  for (const [i, data] of valid.entries()) {
    await giveWay(i);
    values.push({ ...(await resource.toValues(ctx, data, 'create')), organizationId: ctx.orgId });
  }
  await ctx.db.transaction(async (tx) => {
    if (def.hooks?.beforeWrite) {
      for (const [i, data] of valid.entries()) {
        await giveWay(i);
        await def.hooks.beforeWrite(tx, data as z.output<C>, ctx, 'create', null);
      }
    }
    for (let i = 0; i < values.length; i += INSERT_BATCH) {
      const batch = values.slice(i, i + INSERT_BATCH);
      const inserted = await tx.insert(def.table).values(batch).returning({ id: def.table.id });
      for (const [j, r] of inserted.entries()) {
        await resource.saveOwned(tx, ctx, r.id as number, valid[i + j]);
        await def.hooks?.afterSave?.(tx, r.id as number, valid[i + j] as z.output<C>, ctx, 'create', null);
      }
      await resource.linkFiles(
        tx,
        ctx,
        inserted.map((r, j) => ({ id: r.id as number, values: batch[j] })),
      );
    }
  });
  report.created = values.length;
  // After a large import the planner's statistics are stale until autovacuum comes by; refresh them
  // now so the next list query uses the indexes.
  if (values.length >= ANALYZE_AFTER) await ctx.db.execute(sql`analyze ${def.table}`);
  return report;
}
