import { z } from 'zod';
import { API_KEY_HEADER } from '../constants';
import { endpoint } from '../endpoint';
import {
  zChangePasswordRequest,
  zChangeRoleRequest,
  zCurrentUser,
  zHandoffRequest,
  zHandoffResponse,
  zLoginRequest,
  zLoginResponse,
  zMenuResponse,
  zSecretQuery,
} from './auth';
import { zProfileUpdate, zUser } from './user';

const tags = ['auth'];

// Logging in and out, the caller's own session, menu and profile.
export const authEndpoints = {
  login: endpoint({
    method: 'POST',
    path: '/api/user/login',
    summary: 'Log in with user name, password and organisation domain',
    description:
      'Returns the session token and sets it as an HttpOnly cookie named for the organisation. ' +
      'Code 402 for a wrong user name or password; repeated failures pause the account or address (code 500 with the wait).',
    tags,
    access: 'public',
    body: zLoginRequest,
    response: zLoginResponse,
  }),
  // Not idempotent although a GET: the secret works once.
  loginWithSecret: endpoint({
    method: 'GET',
    path: '/api/user/login',
    summary: 'Exchange a one-time staff handoff secret for a session',
    description: 'The secret is valid for 60 seconds and only once; a replayed or expired secret gives code 401.',
    tags,
    access: 'public',
    idempotent: false,
    query: zSecretQuery,
    response: zLoginResponse,
  }),
  handoff: endpoint({
    method: 'POST',
    path: '/api/user/handoff',
    summary: 'Create a one-time staff handoff secret (60 s)',
    description: `A logged-in staff user gets a secret for themselves; a trusted system sends its organisation API key in the ${API_KEY_HEADER} header and names the staff user.`,
    tags,
    access: 'public',
    mutates: true,
    body: zHandoffRequest,
    response: zHandoffResponse,
  }),
  logout: endpoint({
    method: 'GET',
    path: '/api/user/logout',
    summary: 'Log out: the session ends on the server and the cookie is cleared',
    tags,
    access: 'public',
    mutates: true,
    response: z.null(),
  }),
  menu: endpoint({
    method: 'GET',
    path: '/api/user/menu',
    summary: "The caller's menu and permission list, from their active role",
    tags,
    access: 'login',
    response: zMenuResponse,
  }),
  current: endpoint({
    method: 'GET',
    path: '/api/user/current',
    summary: 'The logged-in user, their roles, active role and organisation',
    tags,
    access: 'login',
    response: zCurrentUser,
  }),
  changeRole: endpoint({
    method: 'POST',
    path: '/api/user/change',
    summary: 'Switch the active role to another role the caller holds',
    description: 'The menu and permissions follow the active role.',
    tags,
    access: 'login',
    mutates: true,
    body: zChangeRoleRequest,
    response: z.null(),
  }),
  updateProfile: endpoint({
    method: 'POST',
    path: '/api/user/updateProfile',
    summary: 'Update my own profile (real name, sex, phone, e-mail, avatar)',
    tags,
    access: 'login',
    mutates: true,
    body: zProfileUpdate,
    response: zUser,
  }),
  changePassword: endpoint({
    method: 'POST',
    path: '/api/user/changePassword',
    summary: 'Change my password; the current one is required',
    description: 'Other sessions of the user end; this one stays.',
    tags,
    access: 'login',
    mutates: true,
    body: zChangePasswordRequest,
    response: z.null(),
  }),
};
