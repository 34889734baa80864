import { z } from 'zod';
import { MAX_EXPORT_ROWS } from './constants';
import { type EndpointAccess, endpoint } from './endpoint';
import { zIdParam } from './fields';
import { fileEndpoint, zLangQuery } from './file-endpoint';
import type { CrudPrefix } from './menu-catalogue';
import { zExportStarted } from './modules/export';
import { zImportReport } from './modules/file';
import { zIdListRequest } from './modules/user';
import { zPage, zPageRequest } from './paging';

// The verbs the resource engine serves for every declared resource (/api/{name}/page, list, create,
// update, select/{id}, delete/{id}, delete/ids; trees also tree; with spreadsheets export,
// exportAsync, template and import), declared here once: the server registers each with its
// handler, and the web can call them as endpoints.

type Guarded = Exclude<EndpointAccess, 'public'>;

export interface EngineAccess {
  read: Guarded;
  // The unpaged list and the tree (selects on other screens need them); default `read`.
  list?: Guarded;
  create: Guarded;
  update: Guarded;
  remove: Guarded;
  export?: Guarded;
  import?: Guarded;
}

// A resource whose rows only the product's own routes write (goods orders: made by a redemption,
// moved by their actions): the engine serves its reads and its export, and no create, update,
// delete or import at all.
export interface ReadOnlyAccess {
  readOnly: true;
  read: Guarded;
  list?: Guarded;
  export?: Guarded;
}

export interface EngineDecl<R extends z.ZodType, C extends z.ZodObject, U extends z.ZodObject, F extends z.ZodObject> {
  name: string;
  // One record's name in the documentation ("Exam paper").
  title: string;
  tags?: string[];
  schemas: { row: R; create: C; update: U; filter: F };
  access: EngineAccess | ReadOnlyAccess;
  // Callers without the read permission who may still read the records meant for them (students and
  // documents): they reach the read verbs with this rule.
  readers?: Guarded;
  tree?: boolean;
  // Spreadsheets: none, export only, or export and import.
  sheets?: 'none' | 'export' | 'both';
}

// The import's query: check only (the default) or write, and the language of its answer.
export const zImportQuery = zLangQuery.extend({ dryRun: z.enum(['true', 'false', '1', '0']).default('true') });
// A tree node: a record with its children.
export const zTreeNode: z.ZodType = z.lazy(() => z.looseObject({ id: z.number(), children: z.array(zTreeNode) }));
const zDeleted = z.object({ deleted: z.number().int() });

function verbsOf<R extends z.ZodType, C extends z.ZodObject, U extends z.ZodObject, F extends z.ZodObject>(
  decl: EngineDecl<R, C, U, F>,
) {
  const { name, title: t, schemas, access } = decl;
  const base = `/api/${name}`;
  const tags = decl.tags ?? [name];
  const readAccess = decl.readers ?? access.read;
  const listAccess = decl.readers ?? access.list ?? access.read;
  const readersNote = decl.readers
    ? ' Callers without the read permission see only the records meant for them.'
    : undefined;
  const row = schemas.row;
  const reads = {
    page: endpoint({
      method: 'POST',
      path: `${base}/page`,
      summary: `Page through ${t} records`,
      description: readersNote,
      tags,
      access: readAccess,
      body: zPageRequest.extend(schemas.filter.shape),
      response: zPage(row),
    }),
    list: endpoint({
      method: 'POST',
      path: `${base}/list`,
      summary: `List ${t} records (no paging, at most 1000)`,
      description: readersNote,
      tags,
      access: listAccess,
      body: schemas.filter.extend({ limit: z.number().int().min(1).max(1000).default(1000) }),
      response: z.array(row),
    }),
    select: endpoint({
      method: 'POST',
      path: `${base}/select/:id`,
      summary: `Read one ${t}`,
      description: readersNote,
      tags,
      access: readAccess,
      params: zIdParam,
      response: row,
    }),
  };
  const writes =
    'readOnly' in access
      ? undefined
      : {
          create: endpoint({
            method: 'POST',
            path: `${base}/create`,
            summary: `Create a ${t}`,
            tags,
            access: access.create,
            mutates: true,
            body: schemas.create,
            response: row,
          }),
          update: endpoint({
            method: 'POST',
            path: `${base}/update`,
            summary: `Update a ${t}`,
            tags,
            access: access.update,
            mutates: true,
            body: schemas.update,
            response: row,
          }),
          remove: endpoint({
            method: 'POST',
            path: `${base}/delete/:id`,
            summary: `Delete one ${t}`,
            description: 'Refused, with nothing removed, while other records still use it.',
            tags,
            access: access.remove,
            mutates: true,
            params: zIdParam,
            response: zDeleted,
          }),
          removeMany: endpoint({
            method: 'POST',
            path: `${base}/delete/ids`,
            summary: `Delete several ${t} records at once`,
            description: 'All or nothing: if one of them cannot be deleted, none is.',
            tags,
            access: access.remove,
            mutates: true,
            body: zIdListRequest,
            response: zDeleted,
          }),
        };
  const treeVerb = endpoint({
    method: 'POST',
    path: `${base}/tree`,
    summary: `${t} records as a tree (filters keep matches and their ancestors)`,
    tags,
    access: listAccess,
    body: schemas.filter,
    response: z.array(zTreeNode),
  });
  const tree = decl.tree ? treeVerb : undefined;
  const sheets = decl.sheets ?? 'none';
  const exportAccess = access.export ?? access.read;
  const exporting =
    sheets === 'none'
      ? undefined
      : {
          exportFile: fileEndpoint({
            method: 'POST',
            path: `${base}/export`,
            summary: `Export ${t} records matching the filters to Excel`,
            description: `Answers with an .xlsx file (headers in the language asked for), at most ${MAX_EXPORT_ROWS.toLocaleString('en')} rows.`,
            tags,
            access: exportAccess,
            body: schemas.filter,
            query: zLangQuery,
          }),
          exportAsync: endpoint({
            method: 'POST',
            path: `${base}/exportAsync`,
            summary: `Start an export of ${t} records matching the filters, run in the background`,
            description:
              'Answers {exportId} at once; the export list (/api/export/page) shows its progress and offers the file when done.',
            tags,
            access: exportAccess,
            mutates: true,
            body: schemas.filter,
            query: zLangQuery,
            response: zExportStarted,
          }),
        };
  const importAccess = 'readOnly' in access ? access.read : (access.import ?? access.create);
  const importing =
    sheets === 'both' && writes
      ? {
          template: fileEndpoint({
            method: 'GET',
            path: `${base}/template`,
            summary: `The Excel template for importing ${t} records`,
            tags,
            access: importAccess,
            query: zLangQuery,
          }),
          // The body is the .xlsx file itself.
          importFile: endpoint({
            method: 'POST',
            path: `${base}/import`,
            summary: `Import ${t} records from an Excel file`,
            description:
              'Send the .xlsx file as the request body (Content-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet). ' +
              'With dryRun=true (the default) every row is checked and the errors are listed; with dryRun=false the rows are ' +
              'written in one transaction, and only if no row has an error. Every problem of every row is listed, each with ' +
              'its row, column header and reason, coded in `error` and worded in the language asked for (?lang=zh or ' +
              'Accept-Language).',
            tags,
            access: importAccess,
            mutates: true,
            query: zImportQuery,
            response: zImportReport,
          }),
        }
      : undefined;
  return { reads, writes, tree, treeVerb, exporting, importing };
}

type VerbParts<R extends z.ZodType, C extends z.ZodObject, U extends z.ZodObject, F extends z.ZodObject> = ReturnType<
  typeof verbsOf<R, C, U, F>
>;
// What every resource has (its reads, and its tree and spreadsheets where declared) and what only
// resources written through the engine have.
type ReadVerbs<R extends z.ZodType, C extends z.ZodObject, U extends z.ZodObject, F extends z.ZodObject> = VerbParts<
  R,
  C,
  U,
  F
>['reads'] & { tree?: VerbParts<R, C, U, F>['treeVerb'] } & Partial<NonNullable<VerbParts<R, C, U, F>['exporting']>> &
  Partial<NonNullable<VerbParts<R, C, U, F>['importing']>>;
type WriteVerbs<R extends z.ZodType, C extends z.ZodObject, U extends z.ZodObject, F extends z.ZodObject> = NonNullable<
  VerbParts<R, C, U, F>['writes']
>;

// The endpoints of a declared resource: a read-only one has no write verbs, even in its type.
export function engineEndpoints<
  R extends z.ZodType,
  C extends z.ZodObject,
  U extends z.ZodObject,
  F extends z.ZodObject,
>(decl: EngineDecl<R, C, U, F> & { access: ReadOnlyAccess }): ReadVerbs<R, C, U, F>;
export function engineEndpoints<
  R extends z.ZodType,
  C extends z.ZodObject,
  U extends z.ZodObject,
  F extends z.ZodObject,
>(decl: EngineDecl<R, C, U, F> & { access: EngineAccess }): ReadVerbs<R, C, U, F> & WriteVerbs<R, C, U, F>;
export function engineEndpoints<
  R extends z.ZodType,
  C extends z.ZodObject,
  U extends z.ZodObject,
  F extends z.ZodObject,
>(decl: EngineDecl<R, C, U, F>): ReadVerbs<R, C, U, F> & Partial<WriteVerbs<R, C, U, F>>;
export function engineEndpoints<
  R extends z.ZodType,
  C extends z.ZodObject,
  U extends z.ZodObject,
  F extends z.ZodObject,
>(decl: EngineDecl<R, C, U, F>) {
  const { reads, writes, tree, exporting, importing } = verbsOf(decl);
  const { page, list, select } = reads;
  const edits = writes ? { create: writes.create, update: writes.update } : {};
  const removes = writes ? { remove: writes.remove, removeMany: writes.removeMany } : {};
  // Only the verbs the resource has (no key left undefined: the route table lists every key), in
  // the order the route table and the OpenAPI document have always listed them.
  return { page, list, ...edits, select, ...removes, ...(tree ? { tree } : {}), ...exporting, ...importing };
}

export type EngineEndpoints = ReturnType<typeof engineEndpoints>;

// A resource's declaration, typed by its schemas (for `engineEndpoints` here and the server's
// resource, which takes its name, words, schemas and access from the same object).
export function engineDecl<R extends z.ZodType, C extends z.ZodObject, U extends z.ZodObject, F extends z.ZodObject>(
  decl: EngineDecl<R, C, U, F>,
): EngineDecl<R, C, U, F> {
  asComponent(decl.name, decl.schemas.row);
  return decl;
}

// A resource's row is one component of the OpenAPI document (`DegreeRow`), referred to by its page,
// list, select, create, update and actions, rather than written out in each: the committed document
// must stay under the 1 MiB a tracked file may have. The schema itself is registered (not a copy),
// so every use of it, the actions' answers included, becomes the reference.
function asComponent(name: string, row: z.ZodType): void {
  if (z.globalRegistry.has(row)) return;
  z.globalRegistry.add(row, { id: `${name.charAt(0).toUpperCase()}${name.slice(1)}Row` });
}

// The access of a resource named by its menu prefix: `degree:page` reads, `degree:create` creates, ...
export function crudAccess(prefix: CrudPrefix): EngineAccess {
  return {
    read: [`${prefix}:page`],
    create: [`${prefix}:create`],
    update: [`${prefix}:update`],
    remove: [`${prefix}:delete`],
    export: [`${prefix}:export`],
    import: [`${prefix}:import`],
  };
}

// Reference data (degrees, categories, tags, ...): names that the selects of other staff screens
// show, so any staff member may list them; pages, exports and writes keep their own permissions.
export function referenceDataAccess(prefix: CrudPrefix): EngineAccess {
  return { ...crudAccess(prefix), list: 'staff' };
}

// The engine declaration of an entity declared with defineEntity (its name, one record's title,
// schemas and tree flag come from the entity; spreadsheets both ways unless said otherwise).
export function entityDecl<R extends z.ZodType, C extends z.ZodObject, U extends z.ZodObject, F extends z.ZodObject>(
  entity: {
    name: string;
    one: { en: string };
    schemas: { row: R; create: C; update: U; filter: F };
    meta: { tree?: boolean };
  },
  o: { access: EngineAccess; readers?: Guarded; sheets?: EngineDecl<R, C, U, F>['sheets'] },
): EngineDecl<R, C, U, F> {
  asComponent(entity.name, entity.schemas.row);
  return {
    name: entity.name,
    title: entity.one.en,
    schemas: entity.schemas,
    access: o.access,
    ...(o.readers ? { readers: o.readers } : {}),
    ...(entity.meta.tree ? { tree: true } : {}),
    sheets: o.sheets ?? 'both',
  };
}
