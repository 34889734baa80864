import { api } from '@lyceum/contract';
import type { FastifyInstance } from 'fastify';
import type { TreeNode } from '../../platform/resource';
import { defineEndpoint } from '../../platform/route';
import { semesterResource } from '../calendar/semester.resource';
import { teachVenueResource } from '../calendar/teach-venue.resource';
import { tagResource } from '../catalogue/tag.resource';
import { userCategoryResource } from '../department/user-category.resource';
import { categoryResource } from '../education/category.resource';
import { degreeResource } from '../education/degree.resource';
import { typeEnumResource } from '../education/type-enum.resource';

const LIMIT = 1000;

interface NamedNode {
  id: number;
  name: string;
  type: number;
  parentId: number | null;
  children: NamedNode[];
}
function namesOnly(nodes: TreeNode[]): NamedNode[] {
  return nodes.map((n) => ({
    id: n.id as number,
    name: n.name as string,
    type: n.type as number,
    parentId: (n.parentId as number | null) ?? null,
    children: namesOnly(n.children),
  }));
}

// Lists every logged-in member's screens need for their selects (names only, no staff-only rows).
export function commonRoutes(app: FastifyInstance) {
  defineEndpoint(app, api.common.lists, async ({ ctx }) => {
    const pick = <K extends string>(rows: Record<string, unknown>[], keys: K[]) =>
      rows.map((r) => Object.fromEntries(keys.map((k) => [k, r[k]]))) as Record<K, never>[];
    return {
      degreeList: pick(await degreeResource.list(ctx, {}, LIMIT), ['id', 'name']),
      categoryList: pick(await categoryResource.list(ctx, {}, LIMIT), ['id', 'name', 'degreeId']),
      typeEnumList: pick(await typeEnumResource.list(ctx, {}, LIMIT), [
        'id',
        'name',
        'systemTypeEnum',
        'categoryId',
        'degreeId',
      ]),
      userCategoryList: pick(await userCategoryResource.list(ctx, {}, LIMIT), ['id', 'name']),
      teachVenueList: pick(await teachVenueResource.list(ctx, {}, LIMIT), ['id', 'name', 'capacity']),
      semesterList: pick(await semesterResource.list(ctx, {}, LIMIT), ['id', 'name', 'year', 'term', 'current']),
    };
  });
  // Students filter their own work by tag and knowledge point, so every member reads the tree;
  // they get names and structure only.
  defineEndpoint(app, api.common.tagTree, async ({ ctx, query }) =>
    namesOnly(await tagResource.tree(ctx, { type: query.type, keyword: query.keyword })),
  );
  defineEndpoint(app, api.common.userCategories, async ({ ctx }) =>
    (await userCategoryResource.list(ctx, {}, LIMIT)).map((r) => ({ id: r.id as number, name: r.name as string })),
  );
}
