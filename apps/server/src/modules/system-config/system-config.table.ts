import { cameraSourceLabels, MAIL_LANGS, mailSecurityLabels, questionNumberModeLabels } from '@lyceum/contract';
import { sql } from 'drizzle-orm';
import { boolean, char, check, integer, pgTable, smallint, text, varchar } from 'drizzle-orm/pg-core';
import { enumCheck, organizationId, updateTime } from '../../platform/columns';
import { organizations } from '../../platform/organizations.table';

// Settings beyond the organisation's public face (which lives on the organisation itself).
export const systemConfigs = pgTable(
  'system_configs',
  {
    organizationId: organizationId()
      .primaryKey()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    cameraSource: smallint('camera_source').notNull().default(1),
    questionNumberMode: smallint('question_number_mode').notNull().default(1),
    loginNotice: varchar('login_notice', { length: 500 }),
    // ISO 4217: the currency of course prices, invoices and payments, in its minor unit (issue 33).
    currency: char('currency', { length: 3 }).notNull().default('CNY'),
    updateTime: updateTime(),
  },
  (t) => [
    enumCheck('system_configs_camera_ck', t.cameraSource, cameraSourceLabels),
    enumCheck('system_configs_qnm_ck', t.questionNumberMode, questionNumberModeLabels),
  ],
);

// The organisation's SMTP server (issue 29), apart from the other settings: only those who may
// change the settings read it, and the password is kept encrypted (modules/mail/mail-secret.ts).
export const mailSettings = pgTable(
  'mail_settings',
  {
    organizationId: organizationId()
      .primaryKey()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    enabled: boolean('enabled').notNull().default(false),
    host: varchar('host', { length: 253 }),
    port: integer('port').notNull().default(587),
    security: smallint('security').notNull().default(2),
    userName: varchar('user_name', { length: 254 }),
    password: text('password'),
    fromAddress: varchar('from_address', { length: 254 }),
    fromName: varchar('from_name', { length: 100 }),
    lang: varchar('lang', { length: 5 }).notNull().default('zh'),
    timeZone: varchar('time_zone', { length: 64 }).notNull().default('Asia/Shanghai'),
    updateTime: updateTime(),
  },
  (t) => [
    enumCheck('mail_settings_security_ck', t.security, mailSecurityLabels),
    check('mail_settings_port_ck', sql`${t.port} between 1 and 65535`),
    check('mail_settings_lang_ck', sql`${t.lang} in (${sql.raw(MAIL_LANGS.map((l) => `'${l}'`).join(', '))})`),
    // On, it has somewhere to send from.
    check('mail_settings_on_ck', sql`not ${t.enabled} or (${t.host} is not null and ${t.fromAddress} is not null)`),
  ],
);
