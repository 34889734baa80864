import type { EngineDecl, FormMeta, PageRequest, pageOf } from '@lyceum/contract';
import type { SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { RequestContext } from './context';
import type { DbOrTx, Tx } from './db';
import type { Lookups } from './excel';
import { fileLinkStore } from './ports';
import { type ActionDef, createActions } from './resource-actions';
import {
  type ChildCollection,
  type LinkSet,
  linkedTo,
  type Reference,
  type TenantTable,
  type Values,
} from './resource-children';
import { createCore } from './resource-core';
import { createDelete } from './resource-delete';
import { createQuery } from './resource-query';
import { createWrite } from './resource-write';
import type { GuardedAccess } from './route';

export { type ActionDef, ENGINE_VERBS, implement } from './resource-actions';
export { likePattern, MAX_TREE_ROWS, uniqueKey } from './resource-query';
export type { ChildCollection, LinkSet, Reference, TenantTable, Values };
export { linkedTo };

export type Mode = 'create' | 'update';

export interface ResourceDef<C extends z.ZodObject, U extends z.ZodObject, F extends z.ZodObject, R extends z.ZodType> {
  // The contract's declaration of the resource's verbs (fromDecl fills it and the fields after it).
  decl: EngineDecl<R, C, U, F>;
  name: string;
  title: string;
  table: TenantTable;
  schemas: { row: R; create: C; update: U; filter: F };
  // Every verb is closed unless the caller passes its rule; reads need `read` unless `list` or
  // `readers` open them wider. A read-only resource (`readOnly`) has no write verbs at all.
  permissions:
    | {
        read: GuardedAccess;
        // The unpaged list and the tree (selects on other screens need them); default `read`.
        list?: GuardedAccess;
        create: GuardedAccess;
        update: GuardedAccess;
        remove: GuardedAccess;
        export?: GuardedAccess;
        import?: GuardedAccess;
      }
    | { readOnly: true; read: GuardedAccess; list?: GuardedAccess; export?: GuardedAccess };
  // Field labels and kinds for people and spreadsheets; a resource with meta gets export, import and template.
  meta?: FormMeta;
  // Which spreadsheet verbs a resource with meta has (default both: nested rows cannot be imported).
  excel?: 'export' | 'both';
  // Columns a `keyword` filter searches (contains, ignoring case).
  search?: PgColumn[];
  // Filters that are not a plain "column equals value"; other filter keys naming a column are.
  filters?: { [K in keyof z.output<F>]?: (value: NonNullable<z.output<F>[K]>, ctx: RequestContext) => SQL | undefined };
  sort?: { default: SQL[]; fields?: Record<string, PgColumn> };
  unique?: { fields: string[]; label: string }[];
  // Ids in the input that must name a row of this organisation (a number or an array of numbers).
  references?: Record<string, Reference>;
  // What still uses a row and so blocks its deletion, counted inside the delete's transaction (use
  // `db`, never ctx.db: on PGlite another query would wait for the transaction). Most of it needs no
  // entry here: references, link sets and child references of every declared resource are counted.
  usedBy?: { label: string; count: (db: DbOrTx, ctx: RequestContext, ids: number[]) => Promise<number> }[];
  // Id sets kept in join tables, named by the input field that carries them (`roleIds`).
  links?: Record<string, LinkSet>;
  // Rows this resource owns, named by the input field that carries them (`sections`).
  children?: Record<string, ChildCollection>;
  // Which rows a caller reaches through every generic verb and action (own papers, published ones
  // for students): `read` narrows page, list, tree, select and export; `write` (default `read`)
  // narrows update, delete and actions. A row outside `read` is "not found"; a readable row outside
  // `write` is refused (403, naming `ownOnly` when given). Undefined from either means no narrowing.
  scope?: {
    read?: (ctx: RequestContext) => SQL | undefined;
    write?: (ctx: RequestContext) => SQL | undefined;
    // Outside `write`: "you can change only your own {ownOnly}" (e.g. 'exam papers').
    ownOnly?: string;
  };
  actions?: Record<string, ActionDef>;
  // Columns never returned (password hashes).
  omit?: string[];
  // Members without the read permission who may still read some rows through page, list, select and
  // tree (documents for their audience): who they are, which rows they see, which fields.
  // (Who they are is the declaration's `readers`.)
  readers?: {
    scope: (ctx: RequestContext) => SQL | undefined;
    project?: (row: Values) => Values;
  };
  // Fields that may refer to uploaded files (/api/file/N in a URL or in rich text). The engine keeps
  // file_links in step on every save and delete, so a file is readable exactly by whoever may read
  // a record that uses it.
  files?: string[];
  // Who may read the files these rows refer to; default: whoever may read one of the rows.
  fileReaders?: (ctx: RequestContext, ids: number[]) => Promise<boolean>;
  // Rules of a new row, each on the input fields it names. Creating runs them all after `validate`;
  // an import runs every one whose fields are valid in the row, even when others are not, so one
  // check of a file lists all the problems of each row. The input holds only the valid fields.
  checks?: { fields: string[]; run: (input: Partial<z.output<C>>, ctx: RequestContext) => Promise<void> | void }[];
  // `current` is the row as stored before an update (null when creating), in the caller's scope.
  hooks?: {
    // Business rules on a whole valid input, before anything is written (throw invalidParams).
    validate?: (
      input: z.output<C> | z.output<U>,
      ctx: RequestContext,
      mode: Mode,
      current: Values | null,
    ) => Promise<void> | void;
    values?: (input: z.output<C> | z.output<U>, ctx: RequestContext, mode: Mode) => Promise<Values> | Values;
    // Inside the write's transaction, before the row is written (e.g. clear another row's flag).
    beforeWrite?: (
      tx: Tx,
      input: z.output<C> | z.output<U>,
      ctx: RequestContext,
      mode: Mode,
      current: Values | null,
    ) => Promise<void>;
    afterSave?: (
      tx: Tx,
      id: number,
      input: z.output<C> | z.output<U>,
      ctx: RequestContext,
      mode: Mode,
      current: Values | null,
    ) => Promise<void>;
    // Refusals that need the rows (authorisation, built-in rows), before the delete's transaction.
    beforeDelete?: (ctx: RequestContext, ids: number[], rows: Values[]) => Promise<void>;
    // Inside the delete's transaction (use tx only: on PGlite another query would wait for it).
    afterDelete?: (ctx: RequestContext, ids: number[], tx: Tx) => Promise<void>;
    decorate?: (rows: Values[], ctx: RequestContext) => Promise<Values[]>;
  };
  tags?: string[];
}

export interface TreeNode extends Values {
  children: TreeNode[];
}

export interface Resource<C extends z.ZodObject, U extends z.ZodObject, F extends z.ZodObject, R extends z.ZodType> {
  def: ResourceDef<C, U, F, R>;
  columns: Record<string, PgColumn>;
  page(ctx: RequestContext, req: PageRequest & z.output<F>, extra?: SQL): Promise<ReturnType<typeof pageOf<Values>>>;
  list(ctx: RequestContext, filter: z.output<F>, limit: number, extra?: SQL): Promise<Values[]>;
  tree(ctx: RequestContext, filter: z.output<F>, extra?: SQL): Promise<TreeNode[]>;
  // One row of the organisation, whatever the caller's scope (for the product's own reads).
  get(ctx: RequestContext, id: number, extra?: SQL): Promise<Values>;
  // One row the caller may read through the read verbs (their scope); else "not found". Routes
  // beside the engine's verbs that act on a row load it with this.
  readable(ctx: RequestContext, id: number): Promise<Values>;
  getMany(ctx: RequestContext, ids: number[]): Promise<Values[]>;
  // The rows' own columns, undecorated (the operation log's record names).
  plainMany(ctx: RequestContext, ids: number[]): Promise<Values[]>;
  create(ctx: RequestContext, input: z.output<C>): Promise<Values>;
  update(ctx: RequestContext, input: z.output<U> & { id: number }): Promise<Values>;
  remove(ctx: RequestContext, ids: number[]): Promise<number>;
  where(ctx: RequestContext, filter: Partial<z.output<F>>, extra?: SQL): SQL | undefined;
  lookups(ctx: RequestContext): Promise<Lookups>;
  // Checks of one valid input that need the database; used by save and by imports.
  checkRules(ctx: RequestContext, input: Values, mode: Mode, selfId: number | null): Promise<void>;
  toValues(ctx: RequestContext, input: Values, mode: Mode): Promise<Values>;
  existingKeys(ctx: RequestContext): Promise<Map<string, Set<string>>>;
  // The rows a caller may read through the read verbs: undefined = all, else an extra condition.
  readScope(ctx: RequestContext): SQL | undefined;
  // The rows of the unpaged list and the tree (wider where `list` opens them wider than `read`).
  listScope(ctx: RequestContext): SQL | undefined;
  // The fields a caller may see of rows read through the read verbs.
  project(ctx: RequestContext, rows: Values[]): Values[];
  // Whether the caller may read at least one of these rows, or the files they refer to.
  canReadAny(ctx: RequestContext, ids: number[]): Promise<boolean>;
  // Records which files the rows refer to (inside the write's transaction); imports call it too.
  linkFiles(tx: Tx, ctx: RequestContext, rows: { id: number; values: Values }[]): Promise<void>;

  // The rows of other tables this resource's fields point at (declared references, tree parents).
  references: Record<string, Reference>;
  // Loads one row for a change: "not found" outside the read scope, refused outside the write scope.
  loadForWrite(db: DbOrTx, ctx: RequestContext, id: number, lock?: boolean): Promise<Values>;
  // Saves the link sets and owned children an input carries, inside the write's transaction.
  saveOwned(tx: Tx, ctx: RequestContext, id: number, input: Values): Promise<void>;
  // Runs a declared action on one row and answers the row as it is afterwards.
  runAction(ctx: RequestContext, name: string, id: number, input: Values): Promise<Values>;
}

// Every declared resource, so a delete can find what refers to its rows: "used by" is derived from
// the references all resources declare, not written again beside each referenced table.
const declared: Resource<z.ZodObject, z.ZodObject, z.ZodObject, z.ZodType>[] = [];

export function declaredResources(): readonly (typeof declared)[number][] {
  return declared;
}

// A resource declared in the contract (engineDecl: the same object its routes and the web's route
// table come from): its name, words, schemas, access, and which spreadsheet verbs it has.
export function fromDecl<R extends z.ZodType, C extends z.ZodObject, U extends z.ZodObject, F extends z.ZodObject>(
  d: EngineDecl<R, C, U, F>,
) {
  return {
    decl: d,
    name: d.name,
    title: d.title,
    ...(d.tags ? { tags: d.tags } : {}),
    schemas: d.schemas,
    permissions: d.access,
    ...(d.sheets === 'export' ? { excel: 'export' as const } : {}),
  };
}

// The ids of uploaded files a value refers to, wherever they sit (a URL field, rich text, JSON).
const FILE_REF = /\/api\/file\/(?:public\/)?([1-9][0-9]{0,15})\b/g;
export function fileIdsIn(value: unknown): number[] {
  if (value === null || value === undefined) return [];
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return [...new Set([...text.matchAll(FILE_REF)].map((m) => Number(m[1])))];
}

// The engine's part in file_links: which files the rows' file fields name. The file module keeps
// the links and refuses a file the caller cannot open (the fileLinkStore port, filled in app.ts);
// the writes and deletes of a resource get these functions.
function fileLinksOf(def: { name: string; files?: string[] }) {
  async function linkFiles(tx: Tx, ctx: RequestContext, rows: { id: number; values: Values }[]) {
    if (!def.files?.length || !rows.length) return;
    const refs = rows.flatMap((r) =>
      def.files!.flatMap((field) => fileIdsIn(r.values[field]).map((fileId) => ({ entityId: r.id, field, fileId }))),
    );
    const ids = rows.map((r) => r.id);
    await fileLinkStore.get().link(tx, ctx, def.name, ids, refs);
  }

  async function unlinkFiles(tx: Tx, ctx: RequestContext, ids: number[]) {
    await fileLinkStore.get().unlink(tx, ctx, def.name, ids);
  }

  return { linkFiles, unlinkFiles };
}

export type FileLinks = ReturnType<typeof fileLinksOf>;

// Builds the CRUD service of a declared resource: every query is scoped to the caller's organisation.
// Each part takes what they all share (resource-core) and answers its verbs.
export function createResource<
  C extends z.ZodObject,
  U extends z.ZodObject,
  F extends z.ZodObject,
  R extends z.ZodType,
>(def: ResourceDef<C, U, F, R>): Resource<C, U, F, R> {
  // Rows for readers need the declaration to say who the readers are (it opens the read verbs).
  if (Boolean(def.readers) !== Boolean(def.decl.readers)) {
    throw new Error(`${def.name}: readers need both their rows here and their access in the declaration`);
  }
  const core = createCore(def);
  const { get, readScope } = core;
  const fileLinking = fileLinksOf(def);
  const resource: Resource<C, U, F, R> = {
    def,
    columns: core.columns,
    get,
    readable: (ctx, id) => get(ctx, id, readScope(ctx)),
    getMany: core.getMany,
    plainMany: core.plainMany,
    readScope,
    listScope: core.listScope,
    project: core.project,
    references: core.references,
    loadForWrite: core.loadForWrite,
    // Checks the declared actions' names first: a misnamed action stops the start-up.
    ...createActions(core),
    ...createQuery(core),
    ...createWrite(core, fileLinking),
    ...createDelete(core, declaredResources, fileLinking),
  };
  declared.push(resource as unknown as (typeof declared)[number]);
  return resource;
}

export type { DbOrTx };
