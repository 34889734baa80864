import type { ActionState, Endpoint } from '@lyceum/contract';
import {
  type CrudPrefix,
  type FormMeta,
  isOperationAction,
  operationActionLabels,
  type PageRequest,
  pageOf,
  pageOffset,
} from '@lyceum/contract';
import { and, asc, count, desc, eq, getTableColumns, ilike, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { fileLinks, files } from '../modules/file/file.table';
import { canReadFile } from '../modules/file/file-access';
import type { RequestContext } from './context';
import type { DbOrTx, Tx } from './db';
import { PG_FOREIGN_KEY_VIOLATION, PG_UNIQUE_VIOLATION, pgErrorCode } from './db-errors';
import { businessError, forbidden, invalidParams, notFound } from './errors';
import type { Lookups } from './excel';
import {
  type ChildCollection,
  checkChildReferences,
  childReferences,
  type LinkSet,
  linkedTo,
  loadChildren,
  loadLinks,
  type Reference,
  saveChildren,
  saveLinks,
  type TenantTable,
  type Values,
} from './resource-children';
import { allows, type GuardedAccess } from './route';

export type { ChildCollection, LinkSet, Reference, TenantTable, Values };
export { linkedTo };

type Mode = 'create' | 'update';

// A state transition of a row (publish, withdraw, start, confirm): POST /api/{name}/{action}/{id}
// loads the row in the caller's scope and locks it, checks the state, runs, sets the new state, all
// in one transaction; it is logged, documented and in the access matrix like every route.
export interface ActionDef<I extends z.ZodObject = z.ZodObject> {
  summary: string;
  access: GuardedAccess;
  // The state column (default `status`), the states the action starts from and the one it leaves.
  field?: string;
  from?: readonly number[];
  to?: number;
  input?: I;
  // More changes in the same transaction; may return further column values for the row.
  run?: (tx: Tx, row: Values, input: z.output<I>, ctx: RequestContext) => Promise<Values | undefined>;
  // The contract's declaration it implements (implement()).
  declared?: ActionState;
}

// An action the contract declares (resourceActions: who, which states, what it takes), with what it
// does here. The engine checks at start-up that it sits under its own resource and name.
export function implement<I extends z.ZodObject, R extends z.ZodType>(
  declared: Endpoint<I, z.ZodType, undefined, R, GuardedAccess> & { action: ActionState },
  run?: (tx: Tx, row: Values, input: z.output<I>, ctx: RequestContext) => Promise<Values | undefined>,
): ActionDef {
  const { field, from, to } = declared.action;
  const def: ActionDef<I> = {
    summary: declared.summary,
    access: declared.access,
    field,
    ...(from ? { from } : {}),
    ...(to !== undefined ? { to } : {}),
    input: declared.body,
    ...(run ? { run } : {}),
    declared: declared.action,
  };
  return def as unknown as ActionDef;
}

// The verbs the engine itself registers under /api/{name}/; no action may take one of these names.
export const ENGINE_VERBS = [
  'page',
  'list',
  'create',
  'update',
  'select',
  'delete',
  'tree',
  'export',
  'template',
  'import',
];

export interface ResourceDef<C extends z.ZodObject, U extends z.ZodObject, F extends z.ZodObject, R extends z.ZodType> {
  name: string;
  title: string;
  table: TenantTable;
  schemas: { row: R; create: C; update: U; filter: F };
  // Every verb is closed unless the caller passes its rule; reads need `read` unless `list` or
  // `readers` open them wider.
  permissions: {
    read: GuardedAccess;
    // The unpaged list and the tree (selects on other screens need them); default `read`.
    list?: GuardedAccess;
    create: GuardedAccess;
    update: GuardedAccess;
    remove: GuardedAccess;
    export?: GuardedAccess;
    import?: GuardedAccess;
  };
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
  readers?: {
    access: 'login' | 'staff';
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

function pluralLabel(def: { title: string; meta?: FormMeta }): string {
  return def.meta?.title.en.toLowerCase() ?? `${def.title.toLowerCase()} records`;
}

// Counts the rows of every declared resource that point at some of these ids (a reference column
// holding one id, or an array of ids). Self references of trees are counted by the tree itself.
async function countReferrers(db: DbOrTx, ctx: RequestContext, target: TenantTable, ids: number[]) {
  const uses: { label: string; n: number }[] = [];
  const counted = async (
    table: TenantTable | LinkSet['table'],
    points: SQL,
    label: string,
    distinct?: PgColumn,
  ): Promise<void> => {
    const [{ n }] = await db
      .select({ n: distinct ? sql<number>`count(distinct ${distinct})` : count() })
      .from(table)
      .where(and(eq(table.organizationId, ctx.orgId), points));
    if (Number(n) > 0) uses.push({ label, n: Number(n) });
  };
  for (const r of declared) {
    for (const [field, ref] of Object.entries(r.references)) {
      const column = r.columns[field];
      if (ref.table !== target || !column || (r.def.table === target && field === 'parentId')) continue;
      const points =
        column.columnType === 'PgArray' ? sql`${column} && ${`{${ids.join(',')}}`}::bigint[]` : inArray(column, ids);
      await counted(r.def.table, points, pluralLabel(r.def));
    }
    for (const link of Object.values(r.def.links ?? {})) {
      if (link.ref.table === target)
        await counted(link.table, inArray(link.target, ids), pluralLabel(r.def), link.owner);
    }
    for (const spec of Object.values(r.def.children ?? {})) {
      for (const use of childReferences(spec)) {
        if (use.ref.table === target)
          await counted(use.table, inArray(use.column, ids), `${use.label}s of ${pluralLabel(r.def)}`);
      }
    }
  }
  return uses;
}

export const MAX_TREE_ROWS = 5000;

function toJson(row: Values, omit: ReadonlySet<string>): Values {
  const out: Values = {};
  for (const [k, v] of Object.entries(row)) {
    if (omit.has(k)) continue;
    out[k] = v instanceof Date ? v.toISOString() : v;
  }
  return out;
}

// What a resource takes from its entity declaration (packages/contract entity.ts): its name, one
// record's English title for messages, its schemas and the meta people and spreadsheets see.
export function fromEntity<
  S extends { create: z.ZodObject; update: z.ZodObject; filter: z.ZodObject; row: z.ZodType },
>(e: { name: string; one: { en: string }; schemas: S; meta: FormMeta }) {
  return { name: e.name, title: e.one.en, schemas: e.schemas, meta: e.meta };
}

// The permissions of a resource named by its prefix: `degree:page`, `degree:create`, ...
export function permissionsOf(
  prefix: CrudPrefix,
): ResourceDef<z.ZodObject, z.ZodObject, z.ZodObject, z.ZodType>['permissions'] {
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
export function referenceDataPermissions(prefix: CrudPrefix) {
  return { ...permissionsOf(prefix), list: 'staff' as const };
}

export function likePattern(value: string): string {
  return `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

// The ids of uploaded files a value refers to, wherever they sit (a URL field, rich text, JSON).
const FILE_REF = /\/api\/file\/(?:public\/)?([1-9][0-9]{0,15})\b/g;
export function fileIdsIn(value: unknown): number[] {
  if (value === null || value === undefined) return [];
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return [...new Set([...text.matchAll(FILE_REF)].map((m) => Number(m[1])))];
}

export function uniqueKey(rule: { fields: string[] }, input: Values): string {
  return rule.fields.map((f) => String(input[f] ?? '').toLowerCase()).join('\u0000');
}

// Builds the CRUD service of a declared resource: every query is scoped to the caller's organisation.
export function createResource<
  C extends z.ZodObject,
  U extends z.ZodObject,
  F extends z.ZodObject,
  R extends z.ZodType,
>(def: ResourceDef<C, U, F, R>): Resource<C, U, F, R> {
  const table = def.table;
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const omit = new Set(def.omit ?? []);
  const scope = (ctx: RequestContext) => eq(table.organizationId, ctx.orgId);
  const isTree = Boolean(def.meta?.tree);
  const labelColumn = def.meta?.labelKey ?? 'name';
  const links = def.links ?? {};
  const children = def.children ?? {};
  const references: Record<string, Reference> = {
    ...(isTree ? { parentId: { table, label: `parent ${def.title.toLowerCase()}`, labelColumn } } : {}),
    ...Object.fromEntries(Object.entries(links).map(([field, link]) => [field, link.ref])),
    ...def.references,
  };
  for (const [name, act] of Object.entries(def.actions ?? {})) {
    if (ENGINE_VERBS.includes(name)) throw new Error(`${def.name}: an action cannot be called "${name}"`);
    if (act.declared && (act.declared.resource !== def.name || act.declared.name !== name))
      throw new Error(`${def.name}.${name} implements ${act.declared.resource}.${act.declared.name}`);
  }
  const usedBy = [
    ...(isTree
      ? [
          {
            label: 'child entries',
            count: async (db: DbOrTx, ctx: RequestContext, ids: number[]) => {
              const [{ n }] = await db
                .select({ n: count() })
                .from(table)
                .where(and(scope(ctx), inArray(columns.parentId, ids), sql`not (${table.id} in ${ids})`));
              return Number(n);
            },
          },
        ]
      : []),
    ...(def.usedBy ?? []),
  ];

  // The rows of a page or list: the organisation's, within the resource's own row scope always (homework's
  // exams stay out of every exam list and calendar, a teacher's exports hold their rows only), then the
  // filter. Whether the caller may read the resource at all is the route's question (it passes readScope).
  function where(ctx: RequestContext, filter: Partial<z.output<F>>, extra?: SQL): SQL | undefined {
    const conds: (SQL | undefined)[] = [scope(ctx), def.scope?.read?.(ctx), extra];
    for (const [key, value] of Object.entries(filter as Values)) {
      if (value === undefined || value === null || value === '') continue;
      const custom = def.filters?.[key as keyof z.output<F>];
      if (custom) conds.push((custom as (v: unknown, c: RequestContext) => SQL | undefined)(value, ctx));
      else if (key === 'keyword' && def.search?.length) {
        conds.push(or(...def.search.map((col) => ilike(col, likePattern(String(value))))));
      } else if (Object.hasOwn(links, key)) conds.push(linkedTo(links[key], table, value));
      else if (columns[key] && typeof value === 'string') conds.push(ilike(columns[key], likePattern(value)));
      else if (columns[key]) conds.push(eq(columns[key], value));
    }
    return and(...conds);
  }

  function orderBy(req: Partial<PageRequest>): SQL[] {
    if (req.sortField) {
      const fields = def.sort?.fields;
      // Own properties only: `__proto__`, `constructor` or `toString` must not resolve to Object's members.
      const col = fields && Object.hasOwn(fields, req.sortField) ? fields[req.sortField] : undefined;
      if (!col) throw invalidParams('sortField', 'cannotSort', { field: req.sortField });
      return [req.sortOrder === 'ascend' ? asc(col) : desc(col), desc(table.id)];
    }
    return def.sort?.default ?? [desc(table.id)];
  }

  // Rows as the API answers them: dates as text, omitted columns gone, link sets and (for rows read
  // alone, or collections marked inList) owned children attached, then the resource's own decoration.
  async function decorate(ctx: RequestContext, rows: Values[], single = false, db: DbOrTx = ctx.db) {
    const plain = rows.map((r) => toJson(r, omit));
    const ids = plain.map((r) => r.id as number);
    for (const [field, link] of Object.entries(links)) {
      const byOwner = await loadLinks(db, ctx, link, ids);
      for (const r of plain) r[field] = byOwner.get(r.id as number) ?? [];
    }
    for (const [field, spec] of Object.entries(children)) {
      if (!single && !spec.inList) continue;
      const byParent = await loadChildren(db, ctx, spec, ids);
      for (const r of plain) r[field] = byParent.get(r.id as number) ?? [];
    }
    return def.hooks?.decorate ? def.hooks.decorate(plain, ctx) : plain;
  }

  async function getMany(ctx: RequestContext, ids: number[], extra?: SQL): Promise<Values[]> {
    if (!ids.length) return [];
    const rows = await ctx.db
      .select()
      .from(table)
      .where(and(scope(ctx), inArray(table.id, ids), extra));
    return decorate(ctx, rows as Values[], ids.length === 1);
  }

  async function get(ctx: RequestContext, id: number, extra?: SQL): Promise<Values> {
    const [row] = await getMany(ctx, [id], extra);
    if (!row) throw notFound(def.title);
    return row;
  }

  function readScope(ctx: RequestContext): SQL | undefined {
    const own = def.scope?.read?.(ctx);
    if (allows(ctx, def.permissions.read)) return own;
    return and(def.readers?.scope(ctx) ?? sql`false`, own);
  }

  function writeScope(ctx: RequestContext): SQL | undefined {
    return def.scope?.write ? def.scope.write(ctx) : def.scope?.read?.(ctx);
  }

  // The stored row (not decorated) for a change, optionally locked until the transaction ends.
  async function loadForWrite(db: DbOrTx, ctx: RequestContext, id: number, lock = false): Promise<Values> {
    const write = writeScope(ctx);
    const query = db
      .select({ row: table, writable: write ? sql<boolean>`coalesce((${write}), false)` : sql<boolean>`true` })
      .from(table)
      .where(and(scope(ctx), eq(table.id, id), def.scope?.read?.(ctx)));
    const [hit] = lock ? await query.for('update') : await query;
    if (!hit) throw notFound(def.title);
    if (!hit.writable) throw writeRefused();
    return hit.row as Values;
  }

  function project(ctx: RequestContext, rows: Values[]): Values[] {
    const narrow = def.readers?.project;
    return narrow && !allows(ctx, def.permissions.read) ? rows.map(narrow) : rows;
  }

  async function canReadAny(ctx: RequestContext, ids: number[]): Promise<boolean> {
    if (!ids.length) return false;
    if (def.fileReaders) return def.fileReaders(ctx, ids);
    if (!allows(ctx, def.permissions.read) && !(def.readers && allows(ctx, def.readers.access))) return false;
    const [hit] = await ctx.db
      .select({ id: table.id })
      .from(table)
      .where(and(scope(ctx), inArray(table.id, ids), readScope(ctx)))
      .limit(1);
    return Boolean(hit);
  }

  // Keeps file_links in step with the rows' file fields. A record may refer only to files its author
  // can open now (their own upload, a logo, a file readable through a record they may read): saving
  // it hands the file to everyone who may read the record, so linking must not be a way to read what
  // one cannot. Files a row referred to before stay (an editor keeps a colleague's image). A value
  // naming a file that is not there, or not one the caller can open, is refused naming its field.
  async function linkFiles(tx: Tx, ctx: RequestContext, rows: { id: number; values: Values }[]) {
    if (!def.files?.length || !rows.length) return;
    const ids = rows.map((r) => r.id);
    const linked = and(
      eq(fileLinks.organizationId, ctx.orgId),
      eq(fileLinks.entity, def.name),
      inArray(fileLinks.entityId, ids),
    );
    const before = await tx
      .select({ entityId: fileLinks.entityId, fileId: fileLinks.fileId })
      .from(fileLinks)
      .where(linked);
    const had = new Set(before.map((l) => `${l.entityId}:${l.fileId}`));
    const links = rows.flatMap((r) =>
      def.files!.flatMap((field) =>
        fileIdsIn(r.values[field]).map((fileId) => ({
          field,
          fresh: !had.has(`${r.id}:${fileId}`),
          entityId: r.id,
          fileId,
        })),
      ),
    );
    const fresh = [...new Set(links.filter((l) => l.fresh).map((l) => l.fileId))];
    if (fresh.length) {
      const found = await tx
        .select()
        .from(files)
        .where(and(eq(files.organizationId, ctx.orgId), inArray(files.id, fresh)));
      const byId = new Map(found.map((f) => [f.id, f]));
      // The readers ask on this transaction's connection (an embedded database has only one).
      const asCaller = { ...ctx, db: tx };
      const readable = new Set<number>();
      for (const id of fresh) {
        const file = byId.get(id);
        if (file && (await canReadFile(asCaller, file))) readable.add(id);
      }
      const refused = links.find((l) => l.fresh && !readable.has(l.fileId));
      if (refused) throw invalidParams(refused.field, 'fileNotReadable', { id: refused.fileId });
    }
    await tx.delete(fileLinks).where(linked);
    const rowsToLink = [...new Map(links.map((l) => [`${l.entityId}:${l.fileId}`, l])).values()].map((l) => ({
      organizationId: ctx.orgId,
      fileId: l.fileId,
      entity: def.name,
      entityId: l.entityId,
    }));
    if (rowsToLink.length) await tx.insert(fileLinks).values(rowsToLink).onConflictDoNothing();
  }

  async function checkUnique(ctx: RequestContext, input: Values, selfId: number | null) {
    for (const rule of def.unique ?? []) {
      const conds = rule.fields.map((f) => {
        const v = input[f];
        if (v === null || v === undefined) return sql`${columns[f]} is null`;
        return typeof v === 'string' ? sql`lower(${columns[f]}) = lower(${v})` : eq(columns[f], v);
      });
      const [hit] = await ctx.db
        .select({ id: table.id })
        .from(table)
        .where(and(scope(ctx), ...conds, selfId === null ? undefined : ne(table.id, selfId)))
        .limit(1);
      if (hit) {
        const shown = rule.fields.map((f) => input[f]).filter((v) => v !== null && v !== undefined);
        throw invalidParams(rule.fields[rule.fields.length - 1], 'unique', {
          label: rule.label,
          value: shown.join(' '),
        });
      }
    }
  }

  async function checkReferences(ctx: RequestContext, input: Values) {
    for (const [field, ref] of Object.entries(references)) {
      const raw = input[field];
      const ids = (Array.isArray(raw) ? raw : [raw]).filter((v): v is number => typeof v === 'number');
      if (!ids.length) continue;
      const found = await ctx.db
        .select({ id: ref.table.id })
        .from(ref.table)
        .where(and(eq(ref.table.organizationId, ctx.orgId), inArray(ref.table.id, ids)));
      const missing = ids.filter((id) => !found.some((f) => f.id === id));
      if (missing.length) throw invalidParams(field, 'noSuchReference', { entity: ref.label, ids: missing.join(', ') });
    }
    for (const [field, spec] of Object.entries(children)) {
      const items = input[field];
      if (Array.isArray(items)) await checkChildReferences(ctx.db, ctx, spec, items as Values[], field);
    }
  }

  // A node may not move under itself or one of its descendants.
  async function checkCycle(ctx: RequestContext, id: number, parentId: unknown) {
    let current = typeof parentId === 'number' ? parentId : null;
    for (let depth = 0; current !== null && depth < 100; depth++) {
      if (current === id) throw invalidParams('parentId', 'parentCycle');
      const [row] = await ctx.db
        .select({ parentId: columns.parentId })
        .from(table)
        .where(and(scope(ctx), eq(table.id, current)));
      current = (row?.parentId as number | null) ?? null;
    }
  }

  async function checkRules(
    ctx: RequestContext,
    input: Values,
    mode: Mode,
    selfId: number | null,
    current: Values | null = null,
  ) {
    await checkUnique(ctx, input, selfId);
    await checkReferences(ctx, input);
    if (isTree && selfId !== null) await checkCycle(ctx, selfId, input.parentId);
    await def.hooks?.validate?.(input as z.output<C>, ctx, mode, current);
    if (mode === 'create') for (const check of def.checks ?? []) await check.run(input as z.output<C>, ctx);
  }

  async function toValues(ctx: RequestContext, input: Values, mode: Mode): Promise<Values> {
    const mapped = def.hooks?.values ? await def.hooks.values(input as z.output<C>, ctx, mode) : input;
    const values: Values = {};
    for (const [k, v] of Object.entries(mapped)) {
      if (k === 'id' || k === 'organizationId' || !(k in columns) || v === undefined) continue;
      values[k] = v;
    }
    return values;
  }

  async function save(
    ctx: RequestContext,
    input: Values,
    mode: Mode,
    id: number | null,
    current: Values | null,
  ): Promise<number> {
    await checkRules(ctx, input, mode, id, current);
    const values = await toValues(ctx, input, mode);
    try {
      return await ctx.db.transaction(async (tx) => {
        let savedId: number;
        await def.hooks?.beforeWrite?.(tx, input as z.output<C>, ctx, mode, current);
        if (mode === 'create') {
          const [row] = await tx
            .insert(table)
            .values({ ...values, organizationId: ctx.orgId })
            .returning({ id: table.id });
          savedId = row.id as number;
        } else {
          savedId = id!;
          // In the caller's write scope again, inside the transaction: a row that left it (or was
          // deleted) since it was checked is not written.
          const [still] = await tx
            .update(table)
            .set(Object.keys(values).length ? values : { id: savedId })
            .where(and(scope(ctx), eq(table.id, savedId), writeScope(ctx)))
            .returning({ id: table.id });
          if (!still) throw notFound(def.title);
        }
        await saveOwned(tx, ctx, savedId, input);
        await def.hooks?.afterSave?.(tx, savedId, input as z.output<C>, ctx, mode, current);
        if (def.files?.some((f) => f in values)) await linkFiles(tx, ctx, [{ id: savedId, values }]);
        return savedId;
      });
    } catch (err) {
      const code = pgErrorCode(err);
      if (code === PG_UNIQUE_VIOLATION) {
        // Another request saved the same name between our check and our write: it has committed,
        // so the check now finds it and names the field.
        await checkUnique(ctx, input, id);
        throw invalidParams(def.unique?.[0]?.fields.at(-1) ?? def.name, 'entityExists', { entity: def.title });
      }
      // A child row removed by this save is still used elsewhere (an answer to an item), or a
      // referenced row went away meanwhile: nothing was saved.
      if (code === PG_FOREIGN_KEY_VIOLATION) {
        throw businessError('removedPartInUse');
      }
      throw err;
    }
  }

  async function saveOwned(tx: Tx, ctx: RequestContext, id: number, input: Values) {
    for (const [field, link] of Object.entries(links)) {
      const ids = input[field];
      if (Array.isArray(ids)) await saveLinks(tx, ctx, link, id, ids as number[]);
    }
    for (const [field, spec] of Object.entries(children)) {
      const items = input[field];
      if (Array.isArray(items)) await saveChildren(tx, ctx, spec, id, items as Values[], field);
    }
  }

  async function lookups(ctx: RequestContext): Promise<Lookups> {
    const out: Lookups = new Map();
    for (const [field, ref] of Object.entries(references)) {
      const cols = getTableColumns(ref.table) as Record<string, PgColumn>;
      const label = cols[ref.labelColumn ?? 'name'];
      if (!label) continue;
      const rows = await ctx.db
        .select({ id: ref.table.id, label })
        .from(ref.table)
        .where(eq(ref.table.organizationId, ctx.orgId));
      out.set(field, {
        byId: new Map(rows.map((r) => [r.id as number, String(r.label)])),
        byName: new Map(rows.map((r) => [String(r.label).toLowerCase(), r.id as number])),
      });
    }
    return out;
  }

  // The unique keys already taken, per rule, for checking a whole import at once.
  async function existingKeys(ctx: RequestContext): Promise<Map<string, Set<string>>> {
    const out = new Map<string, Set<string>>();
    for (const rule of def.unique ?? []) {
      const rows = await ctx.db
        .select(Object.fromEntries(rule.fields.map((f) => [f, columns[f]])))
        .from(table)
        .where(scope(ctx));
      out.set(rule.fields.join(','), new Set(rows.map((r) => uniqueKey(rule, r as Values))));
    }
    return out;
  }

  async function tree(ctx: RequestContext, filter: z.output<F>, extra?: SQL): Promise<TreeNode[]> {
    const all = await decorate(
      ctx,
      (await ctx.db
        .select()
        .from(table)
        .where(and(scope(ctx), extra))
        .orderBy(...(def.sort?.default ?? [asc(table.id)]))
        .limit(MAX_TREE_ROWS)) as Values[],
    );
    const filtered = Object.values(filter as Values).some((v) => v !== undefined && v !== '');
    let keep: Set<unknown> | null = null;
    if (filtered) {
      // Matching entries and their ancestors, so each match shows where it sits.
      const matches = await ctx.db.select({ id: table.id }).from(table).where(where(ctx, filter));
      const byId = new Map(all.map((r) => [r.id, r]));
      keep = new Set();
      for (const m of matches) {
        let node = byId.get(m.id);
        while (node && !keep.has(node.id)) {
          keep.add(node.id);
          node = byId.get(node.parentId);
        }
      }
    }
    const nodes = new Map<unknown, TreeNode>();
    for (const r of all) if (!keep || keep.has(r.id)) nodes.set(r.id, { ...r, children: [] });
    const roots: TreeNode[] = [];
    for (const node of nodes.values()) {
      const parent = node.parentId !== null ? nodes.get(node.parentId) : undefined;
      if (parent) parent.children.push(node);
      else roots.push(node);
    }
    return roots;
  }

  // "cannot publish a withdrawn exam paper": the action, the state it found, the record, in both
  // languages (the Chinese action from the operation log's labels, the state from the field's enum).
  function transitionParams(name: string, field: string, state: unknown) {
    const labels = def.meta?.fields.find((f) => f.key === field)?.enum?.[state as number];
    const stateEn = labels?.en.toLowerCase() ?? `${field} ${String(state)}`;
    const entity = def.title.toLowerCase();
    return {
      action: name,
      a: /^[aeiou]/i.test(stateEn) ? 'an' : 'a',
      state: stateEn,
      entity,
      actionZh: isOperationAction(name) ? operationActionLabels[name].zh : name,
      stateZh: labels?.zh ?? String(state),
    };
  }

  // A readable row outside the caller's write scope.
  function writeRefused() {
    const own = def.scope?.ownOnly;
    return own
      ? forbidden('ownRowsOnly', { entities: own })
      : forbidden('cannotChangeRow', { entity: def.title.toLowerCase() });
  }

  async function runAction(ctx: RequestContext, name: string, id: number, input: Values): Promise<Values> {
    const act = def.actions && Object.hasOwn(def.actions, name) ? def.actions[name] : undefined;
    if (!act) throw notFound(`Action ${name}`);
    const field = act.field ?? 'status';
    await ctx.db.transaction(async (tx) => {
      // Locked until the transaction ends, so two transitions of one row run one after the other
      // and the second sees the state the first left.
      const row = await loadForWrite(tx, ctx, id, true);
      if (act.from && !act.from.includes(row[field] as number)) {
        throw invalidParams(field, 'transition', transitionParams(name, field, row[field]));
      }
      const more = (await act.run?.(tx, row, input, ctx)) ?? {};
      const values: Values = { ...more, ...(act.to !== undefined ? { [field]: act.to } : {}) };
      if ('updateTime' in columns && !('updateTime' in values)) values.updateTime = new Date();
      if (Object.keys(values).length) {
        await tx
          .update(table)
          .set(values)
          .where(and(scope(ctx), eq(table.id, id)));
      }
    });
    return get(ctx, id, readScope(ctx));
  }

  const resource: Resource<C, U, F, R> = {
    def,
    columns,
    where,
    get,
    readable: (ctx, id) => get(ctx, id, readScope(ctx)),
    getMany,
    tree,
    lookups,
    checkRules,
    toValues,
    existingKeys,
    readScope,
    project,
    canReadAny,
    linkFiles,
    references,
    loadForWrite,
    saveOwned,
    runAction,
    async page(ctx, req, extra) {
      const cond = where(ctx, req, extra);
      // The count and the page run side by side (on PostgreSQL, on two connections).
      const [[{ total }], rows] = await Promise.all([
        ctx.db.select({ total: count() }).from(table).where(cond),
        ctx.db
          .select()
          .from(table)
          .where(cond)
          .orderBy(...orderBy(req))
          .limit(req.pageSize)
          .offset(pageOffset(req)),
      ]);
      return pageOf(await decorate(ctx, rows as Values[]), Number(total), req);
    },
    async list(ctx, filter, limit, extra) {
      const rows = await ctx.db
        .select()
        .from(table)
        .where(where(ctx, filter, extra))
        .orderBy(...(def.sort?.default ?? [desc(table.id)]))
        .limit(limit);
      return decorate(ctx, rows as Values[]);
    },
    async create(ctx, input) {
      const id = await save(ctx, input as Values, 'create', null, null);
      return get(ctx, id);
    },
    async update(ctx, input) {
      const current = await loadForWrite(ctx.db, ctx, input.id);
      await save(ctx, input as Values, 'update', input.id, toJson(current, new Set()));
      return get(ctx, input.id);
    },
    async remove(ctx, ids) {
      const unique = [...new Set(ids)];
      const write = writeScope(ctx);
      const found = (await ctx.db
        .select({ row: table, writable: write ? sql<boolean>`coalesce((${write}), false)` : sql<boolean>`true` })
        .from(table)
        .where(and(scope(ctx), inArray(table.id, unique), def.scope?.read?.(ctx)))) as {
        row: Values;
        writable: boolean;
      }[];
      if (found.length !== unique.length) {
        const missing = unique.filter((id) => !found.some((f) => f.row.id === id));
        throw notFound(`${def.title} ${missing.join(', ')}`);
      }
      if (found.some((f) => !f.writable)) {
        throw writeRefused();
      }
      await def.hooks?.beforeDelete?.(
        ctx,
        unique,
        found.map((f) => toJson(f.row, omit)),
      );
      try {
        await ctx.db.transaction(async (tx) => {
          // In the delete's transaction: what still uses these rows, declared and derived.
          for (const use of usedBy) {
            const n = await use.count(tx, ctx, unique);
            if (n > 0) throw businessError('usedBy', { count: n, by: use.label });
          }
          const [use] = await countReferrers(tx, ctx, table, unique);
          if (use) throw businessError('usedBy', { count: use.n, by: use.label });
          const gone = await tx
            .delete(table)
            .where(and(scope(ctx), inArray(table.id, unique)))
            .returning({ id: table.id });
          // A parallel delete got there first: one delete, one success.
          if (gone.length !== unique.length) throw notFound(`${def.title} ${unique.join(', ')}`);
          if (def.files) {
            await tx
              .delete(fileLinks)
              .where(
                and(
                  eq(fileLinks.organizationId, ctx.orgId),
                  eq(fileLinks.entity, def.name),
                  inArray(fileLinks.entityId, unique),
                ),
              );
          }
          await def.hooks?.afterDelete?.(ctx, unique, tx);
        });
      } catch (err) {
        // Something started using the row between the check above and the delete.
        if (pgErrorCode(err) === PG_FOREIGN_KEY_VIOLATION) {
          throw businessError('stillInUse');
        }
        throw err;
      }
      return unique.length;
    },
  };
  declared.push(resource as unknown as (typeof declared)[number]);
  return resource;
}

export type { DbOrTx };
