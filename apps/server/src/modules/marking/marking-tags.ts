import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { inOrg } from '../../platform/tenant-sql';
import { tags } from '../catalogue/catalogue.table';

// The names of knowledge points (tags) a report shows.
export async function catalogueTags(db: DbOrTx, orgId: number, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const list = await db
    .select({ id: tags.id, name: tags.name })
    .from(tags)
    .where(inOrg(tags, orgId, [inArray(tags.id, ids)]));
  return new Map(list.map((t) => [t.id, t.name]));
}
