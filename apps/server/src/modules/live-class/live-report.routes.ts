import { api } from '@lyceum/contract';
import type { FastifyInstance } from 'fastify';
import { noteSubject } from '../../platform/operation-log';
import { requestLang } from '../../platform/resource-io';
import { defineEndpoint, defineFileEndpoint } from '../../platform/route';
import { orgTimeZone } from '../timetable/booking.service';
import { liveClassResource } from './live-class.resource';
import { importAttendance } from './live-import';
import { overrideMark } from './live-override';
import { followLiveEnds } from './live-report';
import { liveReport, liveReportCsv } from './live-report-read';

// Live classes (issue 32), after the session: the report and its CSV, an attendance import for
// external links, a teacher's correction of a derived status. The report reads in the caller's read
// scope (their own, or every one with liveClass:all); the import and the correction need them to
// manage it (the resource's write scope).
export function liveReportRoutes(app: FastifyInstance) {
  followLiveEnds();
  const ep = api.liveClass;
  const titled = (row: Record<string, unknown>) => ({ ids: [Number(row.id)], label: String(row.title) });

  defineEndpoint(app, ep.report, ({ ctx, params }) => liveReport(ctx, params.id));

  defineFileEndpoint(
    app,
    ep.reportExport,
    async ({ ctx, params, req }) => {
      const csv = await liveReportCsv(ctx, params.id, requestLang(req));
      noteSubject(req, { ids: [params.id], label: csv.title });
      return { filename: csv.filename, contentType: 'text/csv; charset=utf-8', body: csv.body };
    },
    { audited: true },
  );

  defineEndpoint(app, ep.importAttendance, async ({ ctx, req, params, query }) => {
    const dryRun = query.dryRun === 'true' || query.dryRun === '1';
    noteSubject(req, { action: dryRun ? 'importCheck' : 'importAttendance' });
    // The live class first: "not found" (or refused) before anything of the file is read.
    noteSubject(req, titled(await liveClassResource.loadForWrite(ctx.db, ctx, params.id)));
    const declared = Number(req.headers['content-length']);
    return importAttendance(
      ctx,
      params.id,
      req.body,
      Number.isFinite(declared) ? declared : 0,
      dryRun,
      requestLang(req),
      await orgTimeZone(ctx.db, ctx.orgId),
    );
  });

  defineEndpoint(app, ep.override, async ({ ctx, req, params, body }) => {
    noteSubject(req, {
      action: 'overrideLive',
      ...titled(await liveClassResource.loadForWrite(ctx.db, ctx, params.id)),
    });
    const { markId, label } = await overrideMark(ctx, params.id, body);
    noteSubject(req, { label });
    return { markId };
  });
}
