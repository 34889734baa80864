import { z } from 'zod';
import { crudSchemas, zParentId, zSort } from './crud';
import { zColor, zDateText, zEnum, zId, zLink, zOptionalLink, zOptionalText, zText } from './fields';
import type { EnumLabel } from './labels';
import { isPermissionCode, type ScreenPrefix, type Title } from './menu-catalogue';
import type { FieldMeta, FormMeta, ResourceMeta } from './resource-meta';

// An entity is declared once: each field says how it is typed and limited on input, how a stored
// row carries it, whether it filters, and how people see it (labels in both languages, list, form,
// Excel and sort flags, references). The create/update/row/filter schemas and the meta that the web
// renders and the Excel import/export reads are all derived from that one declaration.

type Label = [en: string, zh: string];
type Flags = Omit<FieldMeta, 'key' | 'label' | 'kind' | 'enum' | 'ref'>;

export interface FieldSpec<I extends z.ZodType, R extends z.ZodType, F extends z.ZodType | undefined> {
  input: I;
  row: R;
  filter: F;
  meta: Omit<FieldMeta, 'key'>;
}
type AnyField = FieldSpec<z.ZodType, z.ZodType, z.ZodType | undefined>;

interface Options extends Flags {
  // Listed in the filter bar and the filter schema.
  filter?: boolean;
}
type FilterOf<O, T extends z.ZodType> = O extends { filter: true } ? z.ZodOptional<T> : undefined;

function spec<I extends z.ZodType, R extends z.ZodType, F extends z.ZodType | undefined>(
  input: I,
  row: R,
  filter: F,
  label: Label,
  kind: FieldMeta['kind'],
  o: Options,
  extra: Partial<FieldMeta> = {},
): FieldSpec<I, R, F> {
  const { filter: inFilter, ...flags } = o;
  return {
    input,
    row,
    filter,
    meta: { label: { en: label[0], zh: label[1] }, kind, ...flags, ...(inFilter ? { filter: true } : {}), ...extra },
  };
}
const keywordFilter = () => z.string().trim().max(64);

export const f = {
  // Required text of at most `max` characters.
  text<const O extends Options = Record<never, never>>(label: Label, max: number, o?: O) {
    const opts = { required: true, ...o } as O;
    const filter = (o?.filter ? keywordFilter().optional() : undefined) as FilterOf<O, z.ZodString>;
    return spec(zText(max), z.string(), filter, label, 'text', opts);
  },
  // Optional text: '' and null are stored as null.
  optionalText<const O extends Options = Record<never, never>>(
    label: Label,
    max: number,
    o?: O & { textarea?: boolean },
  ) {
    const { textarea, ...rest } = o ?? ({} as O & { textarea?: boolean });
    const filter = (o?.filter ? keywordFilter().optional() : undefined) as FilterOf<O, z.ZodString>;
    return spec(zOptionalText(max), z.string().nullable(), filter, label, textarea ? 'textarea' : 'text', rest);
  },
  // An http(s) address or an uploaded file.
  link<const O extends Options = Record<never, never>>(label: Label, max: number, o?: O) {
    return spec(zLink(max), z.string(), undefined, label, 'url', { required: true, ...o });
  },
  optionalLink<const O extends Options = Record<never, never>>(label: Label, max: number, o?: O) {
    return spec(zOptionalLink(max), z.string().nullable(), undefined, label, 'url', { ...o });
  },
  int<const O extends Options = Record<never, never>>(
    label: Label,
    range: { min: number; max: number; default?: number },
    o?: O,
  ) {
    const base = z.number().int().min(range.min).max(range.max);
    const input = range.default === undefined ? base : base.default(range.default);
    const filter = (o?.filter ? base.optional() : undefined) as FilterOf<O, z.ZodNumber>;
    return spec(input, z.number().int(), filter, label, 'number', {
      ...(range.default === undefined ? { required: true } : {}),
      ...o,
    });
  },
  // The position among siblings, 0-9999.
  sort() {
    return spec(zSort, z.number().int(), undefined, ['Sort order', '排序'], 'number', { width: 90, sortable: true });
  },
  enum<V extends number, const O extends Options = Record<never, never>>(
    labels: Record<V, EnumLabel>,
    label: Label,
    o?: O & { default?: NoInfer<V> },
  ) {
    const { default: fallback, ...rest } = o ?? ({} as O & { default?: NoInfer<V> });
    const base = zEnum(labels);
    const input = fallback === undefined ? base : base.default(fallback as never);
    const filter = (o?.filter ? zEnum(labels).optional() : undefined) as FilterOf<O, typeof base>;
    return spec(input, zEnum(labels), filter, label, 'enum', { required: true, ...rest }, { enum: labels });
  },
  boolean<const O extends Options = Record<never, never>>(label: Label, fallback: boolean, o?: O) {
    const filter = (o?.filter ? z.boolean().optional() : undefined) as FilterOf<O, z.ZodBoolean>;
    return spec(z.boolean().default(fallback), z.boolean(), filter, label, 'boolean', { ...o });
  },
  // A calendar date (2026-09-01), kept as text.
  date<const O extends Options = Record<never, never>>(label: Label, o?: O) {
    return spec(zDateText('date'), z.string(), undefined, label, 'date', { required: true, ...o });
  },
  color<const O extends Options = Record<never, never>>(label: Label, fallback: string, o?: O) {
    return spec(zColor.default(fallback), z.string(), undefined, label, 'color', { ...o });
  },
  // The id of a row of another resource, or none.
  ref<const O extends Options = Record<never, never>>(resource: string, label: Label, o?: O & { labelKey?: string }) {
    const { labelKey, ...rest } = o ?? ({} as O & { labelKey?: string });
    const filter = (o?.filter ? zId.optional() : undefined) as FilterOf<O, typeof zId>;
    return spec(zId.nullable().optional(), zId.nullable(), filter, label, 'ref', rest, {
      ref: { resource, ...(labelKey ? { labelKey } : {}) },
    });
  },
  // The id of a row of another resource, always given.
  requiredRef<const O extends Options = Record<never, never>>(
    resource: string,
    label: Label,
    o?: O & { labelKey?: string },
  ) {
    const { labelKey, ...rest } = o ?? ({} as O & { labelKey?: string });
    const filter = (o?.filter ? zId.optional() : undefined) as FilterOf<O, typeof zId>;
    return spec(
      zId,
      zId,
      filter,
      label,
      'ref',
      { required: true, ...rest },
      {
        ref: { resource, ...(labelKey ? { labelKey } : {}) },
      },
    );
  },
  // Several ids of another resource.
  refs<const O extends Options = Record<never, never>>(resource: string, label: Label, max: number, o?: O) {
    return spec(
      z.array(zId).max(max).default([]),
      z.array(zId),
      undefined,
      label,
      'refs',
      { ...o },
      { ref: { resource } },
    );
  },
  // The parent of a tree node (null at the top).
  parent(resource: string) {
    return spec(
      zParentId,
      zId.nullable(),
      undefined,
      ['Parent', '上级'],
      'ref',
      { list: false },
      { ref: { resource } },
    );
  },
};

type InputShape<Fs extends Record<string, AnyField>> = { [K in keyof Fs]: Fs[K]['input'] };
type RowShape<Fs extends Record<string, AnyField>> = { [K in keyof Fs]: Fs[K]['row'] };
type FilterShape<Fs extends Record<string, AnyField>> = {
  [K in keyof Fs as Fs[K]['filter'] extends z.ZodType ? K : never]: Exclude<Fs[K]['filter'], undefined>;
};

export interface EntityDecl<N extends string, Fs extends Record<string, AnyField>, X extends z.ZodRawShape> {
  name: N;
  // The list's title (plural) and one record's name (singular), both languages.
  title: Title;
  one: Title;
  tree?: boolean;
  labelKey?: string;
  // A `keyword` filter over the text fields the server searches.
  keyword?: boolean;
  fields: Fs;
  // Filters that are not a field (a tag and its subtree, "mine").
  extraFilters?: X;
}

// An entity whose name is a resource prefix of the menu catalogue (`semester` → semester:page,
// semester:create, ...) gets a screen's meta; others (rendered by hand-built screens) a form meta.
export function defineEntity<
  const N extends string,
  Fs extends Record<string, AnyField>,
  X extends z.ZodRawShape = Record<never, never>,
>(decl: EntityDecl<N, Fs, X>) {
  const entries = Object.entries(decl.fields) as [string, AnyField][];
  const pick = (k: 'input' | 'row') => Object.fromEntries(entries.map(([key, s]) => [key, s[k]]));
  const filters = Object.fromEntries(entries.flatMap(([key, s]) => (s.filter ? [[key, s.filter]] : [])));
  const schemas = crudSchemas({
    input: pick('input') as InputShape<Fs>,
    row: pick('row') as RowShape<Fs>,
    filter: { ...(filters as FilterShape<Fs>), ...(decl.extraFilters ?? ({} as X)) },
  });
  const screen = ['page', 'create', 'update', 'delete'].every((verb) => isPermissionCode(`${decl.name}:${verb}`));
  const meta = {
    name: decl.name,
    title: decl.title,
    ...(screen ? { permission: decl.name } : {}),
    ...(decl.tree ? { tree: true } : {}),
    ...(decl.labelKey ? { labelKey: decl.labelKey } : {}),
    ...(decl.keyword ? { keyword: true } : {}),
    fields: entries.map(([key, s]) => ({ key, ...s.meta })),
  } as FormMeta as N extends ScreenPrefix ? ResourceMeta : FormMeta;
  return { name: decl.name, title: decl.title, one: decl.one, schemas, meta };
}
