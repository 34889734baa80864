import { endpoint } from '../endpoint';
import { zSystemConfig, zSystemConfigRow } from './base/system-config';
import { zMailSettings, zMailSettingsRow, zTestMailRequest, zTestMailResult } from './mail';

// The organisation's settings.
export const systemConfigEndpoints = {
  get: endpoint({
    method: 'POST',
    path: '/api/systemConfig/get',
    summary: "The organisation's settings",
    tags: ['systemConfig'],
    access: ['systemConfig:page'],
    response: zSystemConfigRow,
  }),
  save: endpoint({
    method: 'POST',
    path: '/api/systemConfig/save',
    summary: "Save the organisation's settings",
    description:
      'Display name, logo, ICP number, copyright and theme colour show at once on the login page and in the shell.',
    tags: ['systemConfig'],
    access: ['systemConfig:update'],
    mutates: true,
    body: zSystemConfig,
    response: zSystemConfigRow,
  }),
  // E-mail: only those who may change the settings read them (the SMTP account is in them).
  mail: endpoint({
    method: 'POST',
    path: '/api/systemConfig/mail',
    summary: "The organisation's e-mail (SMTP) settings; the password only as set or not set",
    tags: ['systemConfig'],
    access: ['systemConfig:update'],
    response: zMailSettingsRow,
  }),
  saveMail: endpoint({
    method: 'POST',
    path: '/api/systemConfig/saveMail',
    summary: "Save the organisation's e-mail (SMTP) settings",
    description:
      'An empty password keeps the stored one; forgetPassword removes it. The password is stored encrypted and never ' +
      'returned. While e-mail is on, every published message and notice also goes to its recipients by e-mail.',
    tags: ['systemConfig'],
    access: ['systemConfig:update'],
    mutates: true,
    body: zMailSettings,
    response: zMailSettingsRow,
  }),
  testMail: endpoint({
    method: 'POST',
    path: '/api/systemConfig/testMail',
    summary: 'Send a test e-mail through the saved SMTP settings and answer what the server said',
    tags: ['systemConfig'],
    access: ['systemConfig:update'],
    mutates: true,
    body: zTestMailRequest,
    response: zTestMailResult,
  }),
};
