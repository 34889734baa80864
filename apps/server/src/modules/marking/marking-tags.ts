import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { tags } from '../catalogue/catalogue.table';

// The names of knowledge points (tags) a report shows.
export async function catalogueTags(db: DbOrTx, orgId: number, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const list = await db
    .select({ id: tags.id, name: tags.name })
    .from(tags)
    .where(and(eq(tags.organizationId, orgId), inArray(tags.id, ids)));
  return new Map(list.map((t) => [t.id, t.name]));
}
