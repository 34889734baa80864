import { zCommonLists, zTagTreeQuery } from '@lyceum/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { TreeNode } from '../../platform/resource';
import { defineRoute } from '../../platform/route';
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
const zNamed = z.object({ id: z.number(), name: z.string() });
const zTagNode: z.ZodType = z.lazy(() =>
  z.looseObject({ id: z.number(), name: z.string(), children: z.array(zTagNode) }),
);

// Lists every logged-in member's screens need for their selects (names only, no staff-only rows).
export function commonRoutes(app: FastifyInstance) {
  defineRoute(app, {
    method: 'GET',
    url: '/api/common/list',
    summary:
      'The shared lists the web keeps in its state: degrees, categories, type enums, user categories, venues, semesters',
    tags: ['common'],
    access: 'login',
    response: zCommonLists,
    handler: async ({ ctx }) => {
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
    },
  });
  defineRoute(app, {
    method: 'GET',
    url: '/api/common/tag/tree',
    summary:
      'Tags and knowledge points as a tree (type 1 tags, 2 knowledge points; keyword keeps matches and their ancestors)',
    tags: ['common'],
    access: 'login',
    querystring: zTagTreeQuery,
    response: z.array(zTagNode),
    // Students filter their own work by tag and knowledge point, so every member reads the tree;
    // they get names and structure only.
    handler: async ({ ctx, query }) =>
      namesOnly(await tagResource.tree(ctx, { type: query.type, keyword: query.keyword })),
  });
  defineRoute(app, {
    method: 'GET',
    url: '/api/common/userCategoryList',
    summary: 'User categories (id, name) for selects',
    tags: ['common'],
    access: 'login',
    response: z.array(zNamed),
    handler: async ({ ctx }) =>
      (await userCategoryResource.list(ctx, {}, LIMIT)).map((r) => ({ id: r.id as number, name: r.name as string })),
  });
}
