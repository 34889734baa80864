import { api, zIdParam, zImportReport } from '@lyceum/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { noteSubject } from '../../platform/operation-log';
import { requestLang } from '../../platform/resource-io';
import { registerResource } from '../../platform/resource-routes';
import { defineEndpoint, defineFileEndpoint, defineRoute } from '../../platform/route';
import { importBody, XLSX_TYPE } from '../../platform/xlsx-reader';
import { getAccommodation, setAccommodation } from './accommodation.service';
import { importMembers, memberTemplate } from './member-import';
import { teamResource } from './team.resource';
import { teamMemberPage, teamsOf } from './team.service';

const tags = ['team'];
const zLang = z.object({ lang: z.enum(['en', 'zh']).optional() });

export function teamRoutes(app: FastifyInstance) {
  registerResource(app, teamResource);
  defineEndpoint(app, api.team.members, ({ ctx, params, body }) => teamMemberPage(ctx, params.id, body));
  defineEndpoint(app, api.team.mine, ({ ctx }) => teamsOf(ctx, ctx.userId));

  defineFileEndpoint(app, api.team.memberTemplate, async ({ req }) => {
    const lang = requestLang(req);
    return {
      filename: lang === 'zh' ? '班级成员导入模板.xlsx' : 'Class members import template.xlsx',
      contentType: XLSX_TYPE,
      body: await memberTemplate(lang),
    };
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/team/importMembers/:id',
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
    querystring: zLang.extend({ dryRun: z.enum(['true', 'false', '1', '0']).default('true') }),
    response: zImportReport,
    handler: async ({ ctx, req, params, query }) => {
      const dryRun = query.dryRun === 'true' || query.dryRun === '1';
      noteSubject(req, { action: dryRun ? 'importCheck' : 'import' });
      // The class first: "not found" (or refused) before anything of the file is read.
      await teamResource.loadForWrite(ctx.db, ctx, params.id);
      return importMembers(ctx, params.id, importBody(req), dryRun, requestLang(req));
    },
  });

  defineEndpoint(app, api.accommodation.get, ({ ctx, params }) => getAccommodation(ctx, params.id));
  defineEndpoint(app, api.accommodation.set, ({ ctx, params, body }) => setAccommodation(ctx, params.id, body));
}
