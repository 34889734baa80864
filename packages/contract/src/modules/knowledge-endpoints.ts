import { z } from 'zod';
import { endpoint } from '../endpoint';
import { engineDecl, engineEndpoints } from '../engine-endpoints';
import { zIdParam } from '../fields';
import {
  zKnowledgeArticle,
  zKnowledgeCategory,
  zKnowledgeCreate,
  zKnowledgeFilter,
  zKnowledgeReceiptPage,
  zKnowledgeReceiptRequest,
  zKnowledgeUpdate,
  zKnowledgeVersion,
} from './knowledge';

const tags = ['knowledge'];

// The knowledge base at /api/knowledge/*: staff with the screen write articles (knowledge:all
// reaches every author's); every member reads the published ones meant for their audience.
export const knowledgeDecl = engineDecl({
  name: 'knowledge',
  title: 'Knowledge article',
  tags,
  schemas: { row: zKnowledgeArticle, create: zKnowledgeCreate, update: zKnowledgeUpdate, filter: zKnowledgeFilter },
  access: {
    read: ['knowledge:page'],
    create: ['knowledge:create'],
    update: ['knowledge:update'],
    remove: ['knowledge:delete'],
  },
  readers: 'login',
});
export const knowledgeVerbs = engineEndpoints(knowledgeDecl);

export const knowledgeEndpoints = {
  categories: endpoint({
    method: 'POST',
    path: '/api/knowledge/categories',
    summary: 'The course categories, each with the number of articles in it that the caller reads',
    tags,
    access: 'login',
    response: z.array(zKnowledgeCategory),
  }),
  versions: endpoint({
    method: 'POST',
    path: '/api/knowledge/versions/:id',
    summary: "A published article's versions, newest first: each saved change of its title or body",
    tags,
    access: ['knowledge:page'],
    params: zIdParam,
    response: z.array(zKnowledgeVersion),
  }),
  read: endpoint({
    method: 'POST',
    path: '/api/knowledge/read/:id',
    summary:
      'Read an article meant for the caller: answers it and records the read receipt (the version read; ' +
      'repeating it keeps the first time)',
    tags,
    access: 'login',
    mutates: true,
    params: zIdParam,
    response: zKnowledgeArticle,
  }),
  receipts: endpoint({
    method: 'POST',
    path: '/api/knowledge/receipts/:id',
    summary: 'Who read an article and which version, or who of its audience has not, with the counts',
    tags,
    access: ['knowledge:page'],
    params: zIdParam,
    body: zKnowledgeReceiptRequest,
    response: zKnowledgeReceiptPage,
  }),
};
