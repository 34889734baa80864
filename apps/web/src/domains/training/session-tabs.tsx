import {
  CheckCircleOutlined,
  PauseCircleOutlined,
  PlayCircleOutlined,
  StopOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import {
  labelOf,
  type ResourceMeta,
  type ScreenPrefix,
  type TrainingSession,
  TrainingSessionStatus,
  trainingSessionMeta,
  trainingSessionStatusLabels,
  zTrainingSessionCreate,
} from '@lyceum/contract';
import { api } from '@lyceum/contract/routes';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type TableColumnsType, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { ResourceScreen } from '../../crud/resource-screen';
import type { RowAction } from '../../crud/row-actions';
import { useAction } from '../../crud/use-action';
import { useLang } from '../../shell/i18n';
import { usePermission } from '../../shell/permission';
import { call } from '../../shell/request';
import { formatMoney } from '../../ui/money-format';
import { TIME } from '../../ui/portal-format';
import { SessionEditor } from './session-editor';
import { REGISTRATIONS_KEY, SessionRegistrations } from './session-registrations';
import { useSessionTexts } from './session-texts';

export { ProgrammesTab } from './programme-tab';

const { Draft, Open, Closed, Cancelled, Finished } = TrainingSessionStatus;
// Sessions are read with training:page and written with training:session; exported with training:export.
const meta: ResourceMeta = { ...trainingSessionMeta, permission: 'training' as ScreenPrefix };

// Training sessions: when and where, places booked, waiting and to approve, the fee shown, and the
// status; opened, closed, finished and cancelled from the row; each session's registrations in a
// drawer (approve, decline, cancel, book people, outcomes, export).
export function SessionsTab() {
  const { t } = useSessionTexts();
  const lang = useLang();
  const client = useQueryClient();
  const canSession = usePermission(['training:session']);
  const [shown, setShown] = useState<TrainingSession | null>(null);
  // The organisation's currency, as every session carries it (a first session takes the editor's default).
  const first = useQuery({
    queryKey: ['trainingSession', 'currency'],
    queryFn: ({ signal }) => call(api.trainingSession.list, { body: { limit: 1 } }, { signal }),
    enabled: canSession,
  });
  const currency = first.data?.[0]?.currency;
  const reload = () => void client.invalidateQueries({ queryKey: ['trainingSession'] });
  const act = useAction(reload);

  const move = (
    key: 'open' | 'close' | 'finish' | 'cancel',
    icon: React.ReactNode,
    from: readonly number[],
  ): RowAction<TrainingSession> => ({
    key,
    label: t(`trainingSession.${key}`),
    icon,
    danger: key === 'cancel',
    allowed: canSession,
    hidden: (row) => !from.includes(row.status),
    onClick: (row) =>
      act(api.trainingSession[key], {
        title: `${t(`trainingSession.${key}`)}: ${row.title}`,
        content: key === 'cancel' ? t('trainingSession.cancelText') : undefined,
        okText: t(`trainingSession.${key}`),
        danger: key === 'cancel',
        input: { params: { id: row.id }, body: {} },
        done: (s) => t(`trainingSession.${key}Done`, { name: s.title }),
      }),
  });

  const columns = (base: TableColumnsType<TrainingSession>): TableColumnsType<TrainingSession> => {
    const byKey = (key: string) => base.find((c) => c.key === key) ?? {};
    return [
      {
        ...byKey('title'),
        width: 220,
        ellipsis: false,
        render: (_: unknown, s) => (
          <div>
            <div>{s.title}</div>
            <Typography.Text type="secondary">{s.programmeName}</Typography.Text>
          </div>
        ),
      },
      {
        ...byKey('startAt'),
        title: t('trainingSession.when'),
        width: 170,
        render: (_: unknown, s) => (
          <div>
            <div>{dayjs(s.startAt).format(TIME)}</div>
            <Typography.Text type="secondary">{dayjs(s.endAt).format(TIME)}</Typography.Text>
          </div>
        ),
      },
      {
        key: 'where',
        title: t('trainingSession.where'),
        width: 180,
        render: (_: unknown, s) => (
          <div>
            <div>{s.centreName}</div>
            {s.venueName && <Typography.Text type="secondary">{s.venueName}</Typography.Text>}
          </div>
        ),
      },
      {
        key: 'places',
        title: t('trainingSession.places'),
        width: 160,
        render: (_: unknown, s) => (
          <div>
            <div>{t('trainingSession.placesText', { booked: s.booked, capacity: s.capacity })}</div>
            {s.waitlisted > 0 && <Tag color="warning">{t('trainingSession.waitingText', { count: s.waitlisted })}</Tag>}
            {s.requested > 0 && (
              <Tag color="processing">{t('trainingSession.requestedText', { count: s.requested })}</Tag>
            )}
          </div>
        ),
      },
      {
        key: 'fee',
        title: t('trainingSession.fee'),
        width: 100,
        align: 'right',
        render: (_: unknown, s) => (s.fee ? formatMoney(s.fee, s.currency, lang) : t('trainingSession.free')),
      },
      {
        ...byKey('status'),
        width: 120,
        render: (_: unknown, s) => (
          <Tag color={trainingSessionStatusLabels[s.status].color}>
            {labelOf(trainingSessionStatusLabels, s.status, lang)}
          </Tag>
        ),
      },
    ];
  };

  return (
    <>
      <ResourceScreen<TrainingSession>
        meta={meta}
        schema={zTrainingSessionCreate}
        slots={{
          can: { create: canSession, update: canSession, remove: canSession },
          createLabel: t('trainingSession.create'),
          transfer: 'export',
          columns,
          rowActions: [
            {
              key: 'registrations',
              label: t('trainingSession.registrations'),
              icon: <TeamOutlined />,
              onClick: (row) => setShown(row),
            },
            move('open', <PlayCircleOutlined />, [Draft, Closed]),
            move('close', <PauseCircleOutlined />, [Open]),
            move('finish', <CheckCircleOutlined />, [Open, Closed]),
            move('cancel', <StopOutlined />, [Draft, Open, Closed]),
          ],
          editLock: (row) =>
            ([Cancelled, Finished] as number[]).includes(row.status) &&
            labelOf(trainingSessionStatusLabels, row.status, lang),
          deleteConfirm: (row) => ({ title: t('trainingSession.deleteConfirm', { name: row.title }) }),
          emptyText: t('trainingSession.empty'),
          editor: ({ editing, close, saved }) => (
            <SessionEditor editing={editing} currency={currency} onClose={close} onSaved={saved} />
          ),
        }}
      />
      <SessionRegistrations
        session={shown}
        onClose={() => {
          setShown(null);
          void client.invalidateQueries({ queryKey: [REGISTRATIONS_KEY] });
          reload();
        }}
      />
    </>
  );
}
