import { cameraSourceLabels, questionNumberModeLabels } from '@lyceum/contract';
import { pgTable, smallint, varchar } from 'drizzle-orm/pg-core';
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
    updateTime: updateTime(),
  },
  (t) => [
    enumCheck('system_configs_camera_ck', t.cameraSource, cameraSourceLabels),
    enumCheck('system_configs_qnm_ck', t.questionNumberMode, questionNumberModeLabels),
  ],
);
