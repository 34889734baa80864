import { PlayCircleOutlined, StopOutlined } from '@ant-design/icons';
import {
  type AdmissionRound,
  AdmissionRoundStatus,
  admissionRoundMeta,
  type ResourceMeta,
  type ScreenPrefix,
  zAdmissionRoundFilter,
} from '@lyceum/contract';
import { api } from '@lyceum/contract/routes';
import { useQueryClient } from '@tanstack/react-query';
import { Typography } from 'antd';
import { useCallback } from 'react';
import { ResourceScreen } from '../../crud/resource-screen';
import { useAction } from '../../crud/use-action';
import { usePermission } from '../../shell/permission';
import { readOrganizationConfig } from '../../shell/session';
import { useAdmissionTexts } from './admission-texts';

// Rounds are read with application:page and written, opened and closed with application:round.
const meta: ResourceMeta = { ...admissionRoundMeta, permission: 'application' as ScreenPrefix };
const { Open } = AdmissionRoundStatus;

export function RoundsTab() {
  const { t } = useAdmissionTexts();
  const client = useQueryClient();
  const canRound = usePermission(['application:round']);
  const reload = useCallback(() => void client.invalidateQueries({ queryKey: ['admissionRound'] }), [client]);
  const act = useAction(reload);
  const domain = readOrganizationConfig()?.domain;
  return (
    <>
      {domain && (
        <Typography.Paragraph type="secondary">
          {t('admission.publicLink', { url: `${window.location.origin}/apply/${domain}` })}
        </Typography.Paragraph>
      )}
      <ResourceScreen<AdmissionRound>
        meta={meta}
        schema={zAdmissionRoundFilter}
        slots={{
          can: { create: canRound, update: canRound, remove: canRound },
          transfer: false,
          rowActions: [
            {
              key: 'open',
              label: t('admission.openRound'),
              allowed: canRound,
              icon: <PlayCircleOutlined />,
              disabled: (row) => row.status === Open && t('admission.openRound'),
              onClick: (row) =>
                act(api.admissionRound.open, {
                  title: `${t('admission.openRound')} «${row.name}»`,
                  okText: t('admission.openRound'),
                  input: { params: { id: row.id }, body: {} },
                  done: () => t('admission.roundOpened'),
                }),
            },
            {
              key: 'close',
              label: t('admission.closeRound'),
              allowed: canRound,
              icon: <StopOutlined />,
              disabled: (row) => row.status !== Open && t('admission.closeRound'),
              onClick: (row) =>
                act(api.admissionRound.close, {
                  title: `${t('admission.closeRound')} «${row.name}»`,
                  okText: t('admission.closeRound'),
                  danger: true,
                  input: { params: { id: row.id }, body: {} },
                  done: () => t('admission.roundClosed'),
                }),
            },
          ],
        }}
      />
    </>
  );
}
