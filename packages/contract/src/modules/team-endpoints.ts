import { z } from 'zod';
import { endpoint } from '../endpoint';
import { zIdParam } from '../fields';
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
