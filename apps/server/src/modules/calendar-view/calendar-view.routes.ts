import { api, ResultCode } from '@lyceum/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { clock } from '../../platform/clock';
import { noteSubject } from '../../platform/operation-log';
import { requestLang } from '../../platform/resource-io';
import { defineEndpoint, defineFileEndpoint, type FileReply } from '../../platform/route';
import { createFeed, feedOwner, feedState, revokeFeed } from './calendar-feed.service';
import { feedText } from './calendar-ics';
import { weekOf } from './week.service';

// Calendars (issue 31): the week views and the personal iCalendar feed.

// The address the caller reached this server by: the feed's URL is made of it.
function origin(req: FastifyRequest): string {
  return `${req.protocol}://${req.host}`;
}

// A calendar application reads the status, not an envelope: an unknown or revoked address is an
// HTTP 404 (the same for both), its body the envelope's words.
const NOT_FOUND_BODY = JSON.stringify({
  code: ResultCode.Error,
  message: 'Calendar feed not found',
  response: null,
  error: { key: 'notFound', params: { entity: 'Calendar feed' } },
});

export function calendarViewRoutes(app: FastifyInstance) {
  const ep = api.calendar;
  defineEndpoint(app, ep.week, async ({ ctx, body }) => weekOf(ctx, body, clock.date()));
  defineEndpoint(app, ep.feed, async ({ ctx }) => feedState(ctx.db, ctx.orgId, ctx.userId));
  defineEndpoint(app, ep.createFeed, async ({ ctx, body, req }) => {
    noteSubject(req, { action: 'create', label: ctx.realName });
    const lang = body.lang ?? requestLang(req);
    const { token, state } = await createFeed(ctx.db, ctx.orgId, ctx.userId, clock.date());
    const url = `${origin(req)}/api/calendar/ics/${token}${lang === 'zh' ? '?lang=zh' : ''}`;
    return { ...state, url };
  });
  defineEndpoint(app, ep.revokeFeed, async ({ ctx, req }) => {
    noteSubject(req, { action: 'revoke', label: ctx.realName });
    await revokeFeed(ctx.db, ctx.orgId, ctx.userId);
    return feedState(ctx.db, ctx.orgId, ctx.userId);
  });
  defineFileEndpoint(app, ep.ics, async ({ params, req, reply }): Promise<FileReply> => {
    const now = clock.date();
    const owner = await feedOwner(app.db, params.token, now);
    if (!owner) {
      reply.code(404);
      return {
        filename: 'not-found.json',
        contentType: 'application/json; charset=utf-8',
        body: Buffer.from(NOT_FOUND_BODY),
        inline: true,
        headers: { 'cache-control': 'no-store' },
      };
    }
    const text = await feedText(app.db, owner, requestLang(req), now);
    return {
      filename: 'timetable.ics',
      contentType: 'text/calendar; charset=utf-8',
      body: Buffer.from(text, 'utf8'),
      inline: true,
      // The address is a secret: no shared cache keeps a copy.
      headers: { 'cache-control': 'private, max-age=300', 'referrer-policy': 'no-referrer' },
    };
  });
}
