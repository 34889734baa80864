import type { EnumLabel } from './labels';
import type { ScreenPrefix, Title } from './menu-catalogue';

// How a declared resource looks to people: its fields with labels in both languages, how each is
// shown, filtered, edited and written to Excel. The web renders list pages and forms from it; the
// server uses it for Excel export, the import template and the import's column mapping.
export type FieldKind =
  | 'text'
  | 'textarea'
  | 'number'
  | 'enum'
  | 'boolean'
  | 'date'
  // A moment, stored as an ISO 8601 string; picked as date and time.
  | 'datetime'
  // Whole minutes, shown as "1 h 30 min".
  | 'duration'
  // HTML from the rich text editor (formulas, images), shown as text in lists.
  | 'richText'
  | 'color'
  | 'ref'
  | 'refs'
  | 'url'
  | 'file';

export interface FieldMeta {
  key: string;
  label: Title;
  kind: FieldKind;
  enum?: Record<number, EnumLabel>;
  // For 'ref'/'refs': the resource whose `list` call gives the options, shown by `labelKey` (default 'name').
  // `remote` marks references to resources that may be large (users, questions): the picker searches
  // the server's `page` endpoint as the user types instead of loading every row.
  ref?: { resource: string; labelKey?: string; remote?: boolean };
  required?: boolean;
  // Where the field appears; all default to true except `filter` and `sortable`.
  list?: boolean;
  form?: boolean;
  excel?: boolean;
  // In the import template but never exported (passwords).
  importOnly?: boolean;
  filter?: boolean;
  sortable?: boolean;
  width?: number;
  help?: Title;
  // Tree resources: a node created under a parent starts with the parent's value (a tag's type).
  inherit?: boolean;
}

export interface ResourceMeta {
  name: string;
  title: Title;
  // The prefix of its permissions: `${permission}:page` to see, `:create`, `:update`, `:delete`,
  // `:export`, `:import`; only prefixes whose screen has all of them in the menu catalogue.
  permission: ScreenPrefix;
  // Tree resources have parentId and render as trees.
  tree?: boolean;
  // The field that names a row (tree nodes, selects, "used by" messages); default 'name'.
  labelKey?: string;
  // Filters that apply to the whole resource rather than a field: a keyword over the searchable fields.
  keyword?: boolean;
  fields: FieldMeta[];
}

// The fields of a form that is not a resource (the organisation's settings): no list, no CRUD permissions.
export type FormMeta = Omit<ResourceMeta, 'permission'>;

export function metaField(meta: ResourceMeta, key: string): FieldMeta | undefined {
  return meta.fields.find((f) => f.key === key);
}

// Shorthand for declaring a field: field('name', ['Name', '名称'], 'text', { required: true }).
export function field(
  key: string,
  [en, zh]: readonly [string, string],
  kind: FieldKind,
  extra: Partial<FieldMeta> = {},
): FieldMeta {
  return { key, label: { en, zh }, kind, ...extra };
}

export const sortField = field('sort', ['Sort order', '排序'], 'number', { width: 90, sortable: true });
