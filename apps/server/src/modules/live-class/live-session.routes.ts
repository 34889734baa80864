import { api } from '@lyceum/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { noteSubject } from '../../platform/operation-log';
import { defineEndpoint } from '../../platform/route';
import { providerCallback } from './live-callback';
import { joinLive } from './live-join';
import { changeRecording, deleteRecording, refreshRecordings } from './live-recordings';

// Live classes (issue 32), the session itself: joining, the provider's callbacks, the recordings.

// Where the provider reaches this server: PUBLIC_URL (behind a proxy, or when the conferencing
// server sees another address than the browser), else the address the join came to.
// `configured` says which: an address taken from the request's Host header is trusted only from a
// moderator (see joinLive).
function publicBase(req: FastifyRequest): { base: string; configured: boolean } {
  const configured = process.env.PUBLIC_URL?.trim();
  return configured
    ? { base: configured, configured: true }
    : { base: `${req.protocol}://${req.host}`, configured: false };
}

export function liveSessionRoutes(app: FastifyInstance) {
  const ep = api.liveClass;

  defineEndpoint(app, ep.join, ({ ctx, params, req }) =>
    joinLive(ctx, params.id, { ...publicBase(req), ip: req.ip?.slice(0, 64) || null }),
  );

  defineEndpoint(app, ep.callback, ({ query, req }) => {
    const length = Number(req.headers['content-length']);
    return providerCallback(
      app.db,
      {
        kind: query.kind,
        m: query.m,
        t: query.t,
        authorization: req.headers.authorization,
        body: req.body,
        length: Number.isFinite(length) ? length : undefined,
      },
      req.log,
    );
  });

  defineEndpoint(app, ep.recordings, ({ ctx, params }) => refreshRecordings(ctx, params.id));

  // The path's id is a recording's, not a live class's: the log names the recording itself.
  defineEndpoint(app, ep.changeRecording, async ({ ctx, params, body, req }) => {
    noteSubject(req, { label: `recording #${params.id}` });
    const { recording, label } = await changeRecording(ctx, params.id, body);
    noteSubject(req, { label });
    return recording;
  });
  defineEndpoint(app, ep.deleteRecording, async ({ ctx, params, req }) => {
    noteSubject(req, { action: 'deleteRecording', label: `recording #${params.id}` });
    const { recording, label } = await deleteRecording(ctx, params.id);
    noteSubject(req, { label });
    return recording;
  });
}
