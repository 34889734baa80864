import type { KnowledgeCategory } from '@lyceum/contract';

export interface CategoryNode {
  value: number;
  title: string;
  count: number;
  children?: CategoryNode[];
}

// The categories as a tree with the articles of each branch summed; branches without any are left
// out (a reader sees only where there is something to read).
export function categoryTree(list: KnowledgeCategory[], keepEmpty = false): CategoryNode[] {
  const children = new Map<number | null, KnowledgeCategory[]>();
  for (const c of list) children.set(c.parentId, [...(children.get(c.parentId) ?? []), c]);
  const build = (parent: number | null, seen: Set<number>): CategoryNode[] =>
    (children.get(parent) ?? []).flatMap((c) => {
      if (seen.has(c.id)) return [];
      const below = build(c.id, new Set([...seen, c.id]));
      const count = c.count + below.reduce((n, b) => n + b.count, 0);
      if (!count && !keepEmpty) return [];
      return [{ value: c.id, title: c.name, count, ...(below.length ? { children: below } : {}) }];
    });
  return build(null, new Set());
}
