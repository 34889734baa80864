import { z } from 'zod';
import { endpoint } from '../endpoint';
import { engineDecl, engineEndpoints, zImportQuery } from '../engine-endpoints';
import { zIdParam } from '../fields';
import { fileEndpoint, zLangQuery } from '../file-endpoint';
import { zPage } from '../paging';
import { zImportReport } from './file';
import {
  zTeam,
  zTeamBrief,
  zTeamCreate,
  zTeamFilter,
  zTeamMemberPageRequest,
  zTeamMemberRow,
  zTeamUpdate,
} from './team';

const tags = ['team'];

// The classes' calls beyond the resource verbs (the member import is a file route of the server).
export const teamEndpoints = {
  members: endpoint({
    method: 'POST',
    path: '/api/team/members/:id',
    summary: 'The members of a class with their names, paged (the class detail page)',
    tags,
    access: ['team:page'],
    params: zIdParam,
    body: zTeamMemberPageRequest,
    response: zPage(zTeamMemberRow),
  }),
  mine: endpoint({
    method: 'POST',
    path: '/api/team/mine',
    summary: "The caller's own classes (a student's profile and home page)",
    tags,
    access: 'login',
    response: z.array(zTeamBrief),
  }),
};

// The class members' import template.
export const teamFileEndpoints = {
  memberTemplate: fileEndpoint({
    method: 'GET',
    path: '/api/team/memberTemplate',
    summary: "The Excel template for importing a class's members (user name, join date)",
    tags: ['team'],
    access: ['team:import'],
    query: zLangQuery,
  }),
  // The body is the .xlsx file itself.
  importMembers: endpoint({
    method: 'POST',
    path: '/api/team/importMembers/:id',
    summary: 'Add students to a class from an Excel file of user names (the .xlsx as the body)',
    description:
      'Columns "User name" (required) and "Join date" (YYYY-MM-DD, default today), headers in English or Chinese. ' +
      'dryRun=true (default) checks every row and lists every problem (an unknown user name, a user who is not ' +
      'a student, a user name repeated in the file) with its row and column, in the language asked for; ' +
      'dryRun=false adds the members in one transaction, only when no row has a problem. Students already in ' +
      'the class are left as they are and count as valid. The class must be one the caller may change.',
    tags,
    access: ['team:import'],
    mutates: true,
    params: zIdParam,
    query: zImportQuery,
    response: zImportReport,
  }),
};

// The class resource (spreadsheets out only): the engine's verbs, declared once for the server and the web.
export const teamDecl = engineDecl({
  name: 'team',
  title: 'Class',
  schemas: { row: zTeam, create: zTeamCreate, update: zTeamUpdate, filter: zTeamFilter },
  access: {
    read: ['team:page'],
    create: ['team:create'],
    update: ['team:update'],
    remove: ['team:delete'],
    export: ['team:export'],
  },
  sheets: 'export',
});
export const teamVerbs = engineEndpoints(teamDecl);
