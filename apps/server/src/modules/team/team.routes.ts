import { api } from '@lyceum/contract';
import type { FastifyInstance } from 'fastify';
import { noteSubject } from '../../platform/operation-log';
import { requestLang } from '../../platform/resource-io';
import { registerResource } from '../../platform/resource-routes';
import { defineEndpoint, defineFileEndpoint } from '../../platform/route';
import { importBody, XLSX_TYPE } from '../../platform/xlsx-reader';
import { getAccommodation, setAccommodation } from './accommodation.service';
import { importMembers, memberTemplate } from './member-import';
import { teamResource } from './team.resource';
import { teamMemberPage, teamsOf } from './team.service';

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

  defineEndpoint(app, api.team.importMembers, async ({ ctx, req, params, query }) => {
    const dryRun = query.dryRun === 'true' || query.dryRun === '1';
    noteSubject(req, { action: dryRun ? 'importCheck' : 'import' });
    // The class first: "not found" (or refused) before anything of the file is read.
    await teamResource.loadForWrite(ctx.db, ctx, params.id);
    return importMembers(ctx, params.id, importBody(req), dryRun, requestLang(req));
  });

  defineEndpoint(app, api.accommodation.get, ({ ctx, params }) => getAccommodation(ctx, params.id));
  defineEndpoint(app, api.accommodation.set, ({ ctx, params, body }) => setAccommodation(ctx, params.id, body));
}
