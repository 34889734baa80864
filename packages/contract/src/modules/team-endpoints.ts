import { z } from 'zod';
import { endpoint } from '../endpoint';
import { zIdParam } from '../fields';
import { fileEndpoint, zLangQuery } from '../file-endpoint';
import { zPage } from '../paging';
import { zTeamBrief, zTeamMemberPageRequest, zTeamMemberRow } from './team';

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
};
