import { ArticleStatus, DocumentAudience, TaskItemKind } from '@lyceum/contract';
import { and, inArray, sql } from 'drizzle-orm';
import { invalidParams } from '../../platform/errors';
import { inOrg } from '../../platform/tenant-sql';
import type { TaskKind } from '../task/task-kinds';
import { knowledgeResource } from './knowledge.resource';
import { knowledgeArticles, knowledgeReads } from './knowledge.table';

const k = knowledgeArticles;
const r = knowledgeReads;

// Tasks of type 3: read these knowledge-base articles. An item is done once the student has read
// the article (any version); they start with the first. The articles must be ones the teacher
// reads, and, to publish, published for students.
export const knowledgeTaskKind: TaskKind = {
  itemKind: TaskItemKind.Article,
  async check(db, ctx, items, publishing) {
    const ids = items.map((i) => i.targetId);
    const found = ids.length
      ? await db
          .select({ id: k.id, title: k.title, status: k.status, audience: k.audience })
          .from(k)
          .where(and(inOrg(k, ctx.orgId, [inArray(k.id, ids)]), knowledgeResource.readScope(ctx)))
      : [];
    return items.map((item, i) => {
      const a = found.find((f) => f.id === item.targetId);
      const at = `items.${i}`;
      if (!a) throw invalidParams(at, 'noSuchReference', { entity: 'article', ids: String(item.targetId) });
      if (publishing && a.status !== ArticleStatus.Published) throw invalidParams(at, 'articleNotPublished');
      if (publishing && a.audience === DocumentAudience.Staff) throw invalidParams(at, 'articleStaffOnly');
      return a.title;
    });
  },
  itemState: sql`select true as done, r.${sql.raw(r.firstReadAt.name)} as done_at,
      r.${sql.raw(r.firstReadAt.name)} as started_at
    from ${r} r where r.organization_id = tu.organization_id
      and r.article_id = (i.item->>'targetId')::bigint and r.user_id = tu.user_id`,
};
