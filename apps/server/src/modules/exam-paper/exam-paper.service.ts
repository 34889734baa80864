import { inArray } from 'drizzle-orm';
import type { RequestContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db';
import { inOrg } from '../../platform/tenant-sql';
import { paperItems } from './exam-paper.table';

// The questions among `ids` that some paper uses (their edits then start a new version, so a
// paper already set keeps the version it was built with).
export async function questionsOnPapers(db: DbOrTx, ctx: RequestContext, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db
    .selectDistinct({ id: paperItems.questionId })
    .from(paperItems)
    .where(inOrg(paperItems, ctx.orgId, [inArray(paperItems.questionId, ids)]));
  return new Set(rows.map((r) => r.id));
}
