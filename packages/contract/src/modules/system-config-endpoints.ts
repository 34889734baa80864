import { endpoint } from '../endpoint';
import { zSystemConfig, zSystemConfigRow } from './base/system-config';

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
};
