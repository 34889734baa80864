import { API_KEY_HEADER, api, sessionCookieName, type zUser } from '@lyceum/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { notLoggedIn } from '../../platform/errors';
import { defineEndpoint } from '../../platform/route';
import { toPublic } from '../organization/organization.service';
import { buildMenu, effectivePermissions } from '../role/role.service';
import { changeOwnPassword, currentUser, updateProfile } from '../user/user.service';
import { type ClientMeta, login, type NewSession } from './login.service';
import { exchangeHandoff, handoffForApiKey, handoffForCaller, logout, switchRole } from './session.service';

const DEVICE_COOKIE = 'lyceum_device';
const ep = api.auth;

function meta(req: FastifyRequest): ClientMeta {
  return { ip: req.ip, userAgent: req.headers['user-agent'] ?? null, deviceToken: req.cookies[DEVICE_COOKIE] ?? null };
}

function startSession(req: FastifyRequest, reply: FastifyReply, s: NewSession) {
  const secure = req.protocol === 'https';
  reply.setCookie(sessionCookieName(s.domain), s.token, { httpOnly: true, sameSite: 'lax', path: '/', secure });
  reply.setCookie(DEVICE_COOKIE, s.deviceToken, {
    httpOnly: true,
    sameSite: 'lax',
    path: ep.login.path,
    secure,
    maxAge: 365 * 24 * 3600,
  });
  return { userName: s.userName, realName: s.realName, token: s.token };
}

export function authRoutes(app: FastifyInstance) {
  defineEndpoint(app, ep.login, async ({ req, reply, body }) =>
    startSession(req, reply, await login(app.db, body, meta(req), req.log)),
  );
  defineEndpoint(app, ep.loginWithSecret, async ({ req, reply, query }) =>
    startSession(req, reply, await exchangeHandoff(app.db, query.secret, meta(req))),
  );
  defineEndpoint(app, ep.handoff, async ({ req, ctx, body }) => {
    const key = req.headers[API_KEY_HEADER];
    if (typeof key === 'string' && key) return handoffForApiKey(app.db, key, body.userName);
    if (!ctx) throw notLoggedIn();
    return handoffForCaller(ctx);
  });
  defineEndpoint(app, ep.logout, async ({ ctx, reply }) => {
    if (ctx) {
      await logout(app.db, ctx);
      reply.clearCookie(sessionCookieName(ctx.domain), { path: '/' });
    }
    return null;
  });
  defineEndpoint(app, ep.menu, async ({ ctx }) => {
    const perms = ctx.roleId ? await effectivePermissions(ctx.db, ctx.orgId, ctx.roleId) : null;
    return buildMenu(perms?.ids ?? new Set(), perms?.codes ?? new Set());
  });
  defineEndpoint(app, ep.current, async ({ ctx }) => {
    const me = await currentUser(ctx);
    const org = await app.db.query.organizations.findFirst({ where: (o, { eq }) => eq(o.id, ctx.orgId) });
    return { ...me, activeRoleId: ctx.roleId, organization: toPublic(org!) };
  });
  defineEndpoint(app, ep.changeRole, async ({ ctx, body }) => {
    await switchRole(ctx, body.roleId);
    return null;
  });
  defineEndpoint(app, ep.updateProfile, ({ ctx, body }) => updateProfile(ctx, body) as Promise<z.input<typeof zUser>>);
  defineEndpoint(app, ep.changePassword, async ({ ctx, body }) => {
    await changeOwnPassword(ctx, body.oldPassword, body.newPassword);
    return null;
  });
}
