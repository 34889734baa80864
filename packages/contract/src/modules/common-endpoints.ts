import { z } from 'zod';
import { endpoint } from '../endpoint';
import { zCommonLists } from './base/common-lists';
import { zTagTreeQuery } from './base/tag';
import { zDomainParam, zOrganizationPublic } from './organization';

const tags = ['common'];

export const zNamed = z.object({ id: z.number(), name: z.string() });
// A tag or knowledge point with its children: names and structure only.
export interface TagNode {
  id: number;
  name: string;
  children: TagNode[];
  [key: string]: unknown;
}
export const zTagNode: z.ZodType<TagNode> = z.lazy(() =>
  z.looseObject({ id: z.number(), name: z.string(), children: z.array(zTagNode) }),
);

// Lists every logged-in member's screens need for their selects, and an organisation's login page.
export const commonEndpoints = {
  lists: endpoint({
    method: 'GET',
    path: '/api/common/list',
    summary:
      'The shared lists the web keeps in its state: degrees, categories, type enums, user categories, venues, semesters',
    tags,
    access: 'login',
    response: zCommonLists,
  }),
  tagTree: endpoint({
    method: 'GET',
    path: '/api/common/tag/tree',
    summary:
      'Tags and knowledge points as a tree (type 1 tags, 2 knowledge points; keyword keeps matches and their ancestors)',
    tags,
    access: 'login',
    query: zTagTreeQuery,
    response: z.array(zTagNode),
  }),
  userCategories: endpoint({
    method: 'GET',
    path: '/api/common/userCategoryList',
    summary: 'User categories (id, name) for selects',
    tags,
    access: 'login',
    response: z.array(zNamed),
  }),
  organization: endpoint({
    method: 'GET',
    path: '/api/common/organization/:domain',
    summary: "An organisation's public face (name, logo, ICP number, copyright, theme colour) for its login page",
    description: 'An unknown or disabled domain gives code 500 with a message and no data.',
    tags,
    access: 'public',
    params: zDomainParam,
    response: zOrganizationPublic,
  }),
};
