import type { FieldMeta } from '@lyceum/contract';
import { useQueries } from '@tanstack/react-query';
import { type AnyRow, resourceApi } from './resource-api';

export interface RefOption {
  value: number;
  label: string;
}
export interface RefTreeOption {
  value: number;
  title: string;
  children?: RefTreeOption[];
}

// The choices of one 'ref'/'refs' field; `tree` is set when the rows point to their parents.
export interface RefChoices {
  loading: boolean;
  rows: AnyRow[];
  options: RefOption[];
  tree: RefTreeOption[] | null;
  nameOf: (id: number) => string | undefined;
}

function labelOf(row: AnyRow, key: string): string {
  const value = row[key];
  return typeof value === 'string' || typeof value === 'number' ? String(value) : `#${row.id}`;
}

function treeOf(rows: AnyRow[], key: string): RefTreeOption[] {
  const nodes = new Map<number, RefTreeOption>(rows.map((r) => [r.id, { value: r.id, title: labelOf(r, key) }]));
  const roots: RefTreeOption[] = [];
  for (const row of rows) {
    const node = nodes.get(row.id) as RefTreeOption;
    const parent = typeof row.parentId === 'number' ? nodes.get(row.parentId) : undefined;
    if (parent) parent.children = [...(parent.children ?? []), node];
    else roots.push(node);
  }
  return roots;
}

function choicesOf(rows: AnyRow[] | undefined, field: FieldMeta, loading: boolean): RefChoices {
  const key = field.ref?.labelKey ?? 'name';
  const list = rows ?? [];
  const names = new Map(list.map((r) => [r.id, labelOf(r, key)]));
  return {
    loading,
    rows: list,
    options: list.map((r) => ({ value: r.id, label: labelOf(r, key) })),
    tree: list.some((r) => 'parentId' in r) ? treeOf(list, key) : null,
    nameOf: (id) => names.get(id),
  };
}

// Options for every reference field, from POST /api/{resource}/list. Quietly empty when the user may
// not read the referenced resource: the screen then shows ids rather than an error toast.
export function useRefChoices(fields: FieldMeta[]): Map<string, RefChoices> {
  const refFields = fields.filter((f) => (f.kind === 'ref' || f.kind === 'refs') && f.ref);
  return useQueries({
    queries: refFields.map((f) => ({
      queryKey: [f.ref?.resource, 'options'],
      queryFn: () => resourceApi<AnyRow, never, never, never>(f.ref?.resource ?? '').list({}, true),
      staleTime: 60_000,
    })),
    combine: (results) =>
      new Map(refFields.map((f, i) => [f.key, choicesOf(results[i].data, f, results[i].isPending)])),
  });
}
