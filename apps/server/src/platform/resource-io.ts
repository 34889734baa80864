import type { Readable, Writable } from 'node:stream';
import { type FormMeta, type ImportRowError, type Lang, MAX_EXPORT_ROWS } from '@lyceum/contract';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { RequestContext } from './context';
import { readWorkbook, streamWorkbook, writeTemplate, writeWorkbook } from './excel';
import { ImportErrors } from './import-errors';
import { type Resource, uniqueKey, type Values } from './resource';
import { refreshStatistics } from './sql-rows';
import { giveWay } from './xlsx-reader';

// The contract's, so the documented limit is the one applied.
export { MAX_EXPORT_ROWS };
export const MAX_IMPORT_ROWS = 20_000;
const INSERT_BATCH = 500;

export interface ImportReport {
  dryRun: boolean;
  total: number;
  valid: number;
  created: number;
  errors: ImportRowError[];
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

// The header of the column an input field is read from, in `lang` (the field itself when none is).
export function columnOf(meta: FormMeta, lang: Lang) {
  return (field: string) => {
    const key = field.split('.')[0];
    return meta.fields.find((f) => f.key === key)?.label[lang] ?? field;
  };
}

// The fields of an input that pass their own schema, when the whole does not: the rules on valid
// fields still run, so a row's problems are all found at once.
function validFields(schema: z.ZodObject, input: Values, invalid: Set<string>): Values {
  const out: Values = {};
  for (const [key, fieldSchema] of Object.entries(schema.shape)) {
    if (invalid.has(key)) continue;
    const parsed = (fieldSchema as z.ZodType).safeParse(input[key]);
    if (parsed.success && parsed.data !== undefined) out[key] = parsed.data;
    else if (!parsed.success) invalid.add(key);
  }
  return out;
}

// Checks every row and every rule on it, writing nothing: the cells (kinds, enums and references by
// name), the schema (every field at once), uniqueness in the database and in the file (a value
// repeated in the file is reported on each of its rows), and the resource's rules. A rule runs
// when the fields it reads are valid, however bad the rest of the row is.
async function checkRows<C extends z.ZodObject, U extends z.ZodObject, F extends z.ZodObject, R extends z.ZodType>(
  resource: Resource<C, U, F, R>,
  ctx: RequestContext,
  file: Buffer | Readable,
  errors: ImportErrors,
) {
  const { def } = resource;
  const { rows, errors: cellErrors } = await readWorkbook(
    file,
    metaOf(resource),
    await resource.lookups(ctx),
    MAX_IMPORT_ROWS,
  );
  const invalid = new Map<number, Set<string>>();
  for (const e of cellErrors) {
    errors.add(e.row, e.field, e.detail);
    invalid.set(e.row, (invalid.get(e.row) ?? new Set()).add(e.field));
  }
  const taken = await resource.existingKeys(ctx);
  // Per unique rule, the rows of the file holding each key, with the value as each row wrote it.
  const inFile = new Map<string, Map<string, { row: number; value: string }[]>>();
  const checked: { row: number; data: Values }[] = [];
  for (const [i, { row, input }] of rows.entries()) {
    await giveWay(i);
    const bad = invalid.get(row) ?? new Set<string>();
    const parsed = def.schemas.create.safeParse(input);
    let data: Values;
    if (parsed.success) data = parsed.data as Values;
    else {
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? '');
        // A cell already refused is missing from the input: its "required" says nothing new.
        if (bad.has(key)) continue;
        errors.addIssue(row, issue);
        if (key) bad.add(key);
      }
      data = validFields(def.schemas.create, input, bad);
    }
    for (const rule of def.unique ?? []) {
      if (rule.fields.some((f) => bad.has(f))) continue;
      const name = rule.fields.join(',');
      const key = uniqueKey(rule, data);
      const field = rule.fields[rule.fields.length - 1];
      // The values as the save's own check shows them ("2030 1" for a year and a term).
      const value = rule.fields
        .map((f) => data[f])
        .filter((v) => v !== null && v !== undefined)
        .join(' ');
      if (taken.get(name)?.has(key)) {
        errors.add(row, field, { key: 'unique', params: { label: rule.label, value } });
        continue;
      }
      const seen = inFile.get(name) ?? new Map<string, { row: number; value: string }[]>();
      inFile.set(name, seen);
      const holders = seen.get(key) ?? [];
      holders.push({ row, value });
      seen.set(key, holders);
    }
    for (const check of def.checks ?? []) {
      if (check.fields.some((f) => bad.has(f))) continue;
      try {
        await check.run(data as Partial<z.output<C>>, ctx);
      } catch (err) {
        errors.addThrown(row, err, check.fields[0]);
      }
    }
    // The whole-input rules need the whole input.
    if (parsed.success) {
      try {
        await def.hooks?.validate?.(data as z.output<C>, ctx, 'create', null);
      } catch (err) {
        errors.addThrown(row, err, '');
      }
    }
    checked.push({ row, data });
  }
  for (const rule of def.unique ?? []) {
    const field = rule.fields[rule.fields.length - 1];
    for (const same of inFile.get(rule.fields.join(','))?.values() ?? []) {
      if (same.length < 2) continue;
      for (const { row, value } of same) {
        const rows = same
          .filter((r) => r.row !== row)
          .map((r) => r.row)
          .join(', ');
        errors.add(row, field, { key: 'repeatsInFile', params: { label: rule.label, value, rows } });
      }
    }
  }
  const failed = errors.rows();
  return { total: rows.length, valid: checked.filter((c) => !failed.has(c.row)).map((c) => c.data) };
}

// Checks the whole file (checkRows) and writes nothing unless every row passes; then writes all
// rows in one transaction. The file (a Buffer or the request stream) is read as a stream and
// refused past MAX_IMPORT_ROWS rows. Reasons and column headers are in `lang`.
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
  lang: Lang = 'en',
): Promise<ImportReport> {
  const { def } = resource;
  const errors = new ImportErrors(lang, columnOf(metaOf(resource), lang));
  const { total, valid } = await checkRows(resource, ctx, file, errors);
  const report: ImportReport = { dryRun, total, valid: valid.length, created: 0, errors: errors.sorted() };
  if (dryRun || report.errors.length || !valid.length) return report;
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
  await refreshStatistics(ctx.db, values.length, def.table);
  return report;
}
