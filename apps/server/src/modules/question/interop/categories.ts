import { TagType } from '@lyceum/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { RequestContext } from '../../../platform/context';
import type { Tx } from '../../../platform/db';
import { tags } from '../../catalogue/catalogue.table';

// Where imported questions are filed. A question file's categories (Moodle's "$course$/top/Algebra/
// Linear", GIFT's $CATEGORY, ...) become the bank's knowledge-point tree: each level an entry, the
// question tagged with the last. Its free tags (Moodle's <tags>) become tags at the top of the tree.
// Entries are matched by name as the tree's unique index does (case-insensitive, per parent); what is
// missing is listed in the dry run and made in the import's transaction.

const NAME_MAX = 64;
const clean = (name: string) => name.replace(/\s+/g, ' ').trim().slice(0, NAME_MAX);
export const pathText = (path: string[]) => path.map(clean).join(' / ');

interface Node {
  id: number;
  parentId: number | null;
  name: string;
}

const key = (parentId: number | null, name: string) => `${parentId ?? 0}\u0000${clean(name).toLowerCase()}`;

export interface CategoryPlan {
  // Paths (and free tags) that do not exist yet, as "Algebra / Linear", each once, outermost first.
  missing: string[];
  // Inside the import's transaction: makes what is missing and answers the tag ids of a question.
  resolver: (tx: Tx) => Promise<(category: string[], freeTags: string[]) => Promise<number[]>>;
}

function usable(path: string[]): string[] {
  return path.map(clean).filter((p) => p !== '');
}

export async function planCategories(
  ctx: RequestContext,
  wanted: { category: string[]; tags: string[] }[],
): Promise<CategoryPlan> {
  const rows = await ctx.db
    .select({ id: tags.id, parentId: tags.parentId, name: tags.name })
    .from(tags)
    .where(eq(tags.organizationId, ctx.orgId));
  const byKey = new Map<string, Node>(rows.map((r) => [key(r.parentId, r.name), r]));
  const missing = new Set<string>();
  const seen = new Set<string>();
  for (const w of wanted) {
    const path = usable(w.category);
    let parent: number | null = null;
    for (let i = 0; i < path.length; i++) {
      const node: Node | undefined = byKey.get(key(parent, path[i]));
      if (!node) {
        // Everything below a missing entry is missing too.
        for (let j = i; j < path.length; j++) {
          const text = pathText(path.slice(0, j + 1));
          if (!seen.has(text.toLowerCase())) missing.add(text);
          seen.add(text.toLowerCase());
        }
        break;
      }
      parent = node.id;
    }
    for (const t of usable(w.tags)) {
      if (!byKey.has(key(null, t)) && !seen.has(t.toLowerCase())) missing.add(t);
      seen.add(t.toLowerCase());
    }
  }

  const resolver: CategoryPlan['resolver'] = async (tx) => {
    // Entries made here, or by an import that ran meanwhile (the unique index decides; its entry is used).
    const ensure = async (parentId: number | null, rawName: string, type: number): Promise<number> => {
      const name = clean(rawName);
      const found = byKey.get(key(parentId, name));
      if (found) return found.id;
      const [made] = await tx
        .insert(tags)
        .values({ organizationId: ctx.orgId, parentId, name, type })
        .onConflictDoNothing()
        .returning({ id: tags.id });
      let id: number | undefined = made?.id;
      if (id === undefined) {
        const same = await tx
          .select({ id: tags.id, name: tags.name })
          .from(tags)
          .where(
            and(
              eq(tags.organizationId, ctx.orgId),
              parentId === null ? isNull(tags.parentId) : eq(tags.parentId, parentId),
            ),
          );
        id = same.find((row: { id: number; name: string }) => row.name.toLowerCase() === name.toLowerCase())?.id;
      }
      if (id === undefined) throw new Error(`tag "${name}" neither made nor found`);
      byKey.set(key(parentId, name), { id, parentId, name });
      return id;
    };
    return async (category: string[], freeTags: string[]) => {
      const ids: number[] = [];
      let parent: number | null = null;
      for (const name of usable(category)) parent = await ensure(parent, name, TagType.KnowledgePoint);
      if (parent !== null) ids.push(parent);
      for (const t of usable(freeTags)) ids.push(await ensure(null, t, TagType.Tag));
      return [...new Set(ids)];
    };
  };
  return { missing: [...missing], resolver };
}
