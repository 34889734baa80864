import { z } from 'zod';
import { endpoint } from '../endpoint';
import { zIdParam } from '../fields';
import { fileEndpoint } from '../file-endpoint';
import { zPage } from '../paging';
import { zExportPageRequest, zExportRow } from './export';

// The export list page of the menu catalogue (Logs › Export list). Every call answers for the
// caller's own exports only; another user's id is answered like a missing one. (The download
// answers a file and stays a hand route.)
const exportAccess = ['export:page'] as const;
export const exportEndpoints = {
  page: endpoint({
    method: 'POST',
    path: '/api/export/page',
    summary: 'My exports, newest first (expired ones are gone)',
    tags: ['export'],
    access: exportAccess,
    body: zExportPageRequest,
    response: zPage(zExportRow),
  }),
  select: endpoint({
    method: 'POST',
    path: '/api/export/select/:id',
    summary: 'One of my exports, with its status and progress',
    tags: ['export'],
    access: exportAccess,
    params: zIdParam,
    response: zExportRow,
  }),
  remove: endpoint({
    method: 'POST',
    path: '/api/export/delete/:id',
    summary: 'Delete one of my exports (a running one stops)',
    tags: ['export'],
    access: exportAccess,
    mutates: true,
    params: zIdParam,
    response: z.object({ deleted: z.number().int() }),
  }),
};

// A finished export's file.
export const exportFileEndpoints = {
  download: fileEndpoint({
    method: 'GET',
    path: '/api/export/download/:id',
    summary: 'Download one of my finished exports (.xlsx)',
    tags: ['export'],
    access: exportEndpoints.page.access,
    params: zIdParam,
  }),
};
