import {
  API_KEY_HEADER,
  sessionCookieName,
  zChangePasswordRequest,
  zChangeRoleRequest,
  zCurrentUser,
  zHandoffRequest,
  zHandoffResponse,
  zLoginRequest,
  zLoginResponse,
  zMenuResponse,
  zProfileUpdate,
  zSecretQuery,
  zUser,
} from '@lyceum/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { notLoggedIn } from '../../platform/errors';
import { defineRoute } from '../../platform/route';
import { toPublic } from '../organization/organization.service';
import { buildMenu, effectivePermissions } from '../role/role.service';
import { changeOwnPassword, currentUser, updateProfile } from '../user/user.service';
import {
  type ClientMeta,
  exchangeHandoff,
  handoffForApiKey,
  handoffForCaller,
  login,
  logout,
  type NewSession,
  switchRole,
} from './session.service';

const DEVICE_COOKIE = 'lyceum_device';
const tags = ['auth'];

function meta(req: FastifyRequest): ClientMeta {
  return { ip: req.ip, userAgent: req.headers['user-agent'] ?? null, deviceToken: req.cookies[DEVICE_COOKIE] ?? null };
}

function startSession(req: FastifyRequest, reply: FastifyReply, s: NewSession) {
  const secure = req.protocol === 'https';
  reply.setCookie(sessionCookieName(s.domain), s.token, { httpOnly: true, sameSite: 'lax', path: '/', secure });
  reply.setCookie(DEVICE_COOKIE, s.deviceToken, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/api/user/login',
    secure,
    maxAge: 365 * 24 * 3600,
  });
  return { userName: s.userName, realName: s.realName, token: s.token };
}

export function authRoutes(app: FastifyInstance) {
  defineRoute(app, {
    method: 'POST',
    url: '/api/user/login',
    summary: 'Log in with user name, password and organisation domain',
    description:
      'Returns the session token and sets it as an HttpOnly cookie named for the organisation. ' +
      'Code 402 for a wrong user name or password; repeated failures pause the account or address (code 500 with the wait).',
    tags,
    access: 'public',
    body: zLoginRequest,
    response: zLoginResponse,
    handler: async ({ req, reply, body }) => startSession(req, reply, await login(app.db, body, meta(req), req.log)),
  });
  defineRoute(app, {
    method: 'GET',
    url: '/api/user/login',
    summary: 'Exchange a one-time staff handoff secret for a session',
    description: 'The secret is valid for 60 seconds and only once; a replayed or expired secret gives code 401.',
    tags,
    access: 'public',
    querystring: zSecretQuery,
    response: zLoginResponse,
    handler: async ({ req, reply, query }) =>
      startSession(req, reply, await exchangeHandoff(app.db, query.secret, meta(req))),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/api/user/handoff',
    summary: 'Create a one-time staff handoff secret (60 s)',
    description: `A logged-in staff user gets a secret for themselves; a trusted system sends its organisation API key in the ${API_KEY_HEADER} header and names the staff user.`,
    tags,
    access: 'public',
    mutates: true,
    body: zHandoffRequest,
    response: zHandoffResponse,
    handler: async ({ req, ctx, body }) => {
      const key = req.headers[API_KEY_HEADER];
      if (typeof key === 'string' && key) return handoffForApiKey(app.db, key, body.userName);
      if (!ctx) throw notLoggedIn();
      return handoffForCaller(ctx);
    },
  });
  defineRoute(app, {
    method: 'GET',
    url: '/api/user/logout',
    summary: 'Log out: the session ends on the server and the cookie is cleared',
    tags,
    access: 'public',
    mutates: true,
    response: z.null(),
    handler: async ({ ctx, reply }) => {
      if (ctx) {
        await logout(app.db, ctx.tokenHash);
        reply.clearCookie(sessionCookieName(ctx.domain), { path: '/' });
      }
      return null;
    },
  });
  defineRoute(app, {
    method: 'GET',
    url: '/api/user/menu',
    summary: "The caller's menu and permission list, from their active role",
    tags,
    access: 'login',
    response: zMenuResponse,
    handler: async ({ ctx }) => {
      const perms = ctx.roleId ? await effectivePermissions(ctx.db, ctx.orgId, ctx.roleId) : null;
      return buildMenu(perms?.ids ?? new Set(), perms?.codes ?? new Set());
    },
  });
  defineRoute(app, {
    method: 'GET',
    url: '/api/user/current',
    summary: 'The logged-in user, their roles, active role and organisation',
    tags,
    access: 'login',
    response: zCurrentUser,
    handler: async ({ ctx }) => {
      const me = await currentUser(ctx);
      const org = await app.db.query.organizations.findFirst({ where: (o, { eq }) => eq(o.id, ctx.orgId) });
      return { ...me, activeRoleId: ctx.roleId, organization: toPublic(org!) };
    },
  });
  defineRoute(app, {
    method: 'POST',
    url: '/api/user/change',
    summary: 'Switch the active role to another role the caller holds',
    description: 'The menu and permissions follow the active role.',
    tags,
    access: 'login',
    mutates: true,
    body: zChangeRoleRequest,
    response: z.null(),
    handler: async ({ ctx, body }) => {
      await switchRole(ctx, body.roleId);
      return null;
    },
  });
  defineRoute(app, {
    method: 'POST',
    url: '/api/user/updateProfile',
    summary: 'Update my own profile (real name, sex, phone, e-mail, avatar)',
    tags,
    access: 'login',
    mutates: true,
    body: zProfileUpdate,
    response: zUser,
    handler: ({ ctx, body }) => updateProfile(ctx, body) as Promise<z.input<typeof zUser>>,
  });
  defineRoute(app, {
    method: 'POST',
    url: '/api/user/changePassword',
    summary: 'Change my password; the current one is required',
    description: 'Other sessions of the user end; this one stays.',
    tags,
    access: 'login',
    mutates: true,
    body: zChangePasswordRequest,
    response: z.null(),
    handler: async ({ ctx, body }) => {
      await changeOwnPassword(ctx, body.oldPassword, body.newPassword);
      return null;
    },
  });
}
