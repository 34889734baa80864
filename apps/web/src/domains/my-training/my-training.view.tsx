import { ClockCircleOutlined, EnvironmentOutlined, UserOutlined } from '@ant-design/icons';
import {
  type CatalogueSession,
  labelOf,
  type MyRegistration,
  type RegistrationStatus,
  registrationStatusLabels,
} from '@lyceum/contract';
import { api } from '@lyceum/contract/routes';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Empty, Input, List, Progress, Space, Tag, Timeline, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useAction } from '../../crud/use-action';
import { useLang } from '../../shell/i18n';
import { call } from '../../shell/request';
import { AddressTabs } from '../../ui/address-tabs';
import { formatMoney } from '../../ui/money-format';
import { TIME } from '../../ui/portal-format';
import { useMyTrainingTexts } from './my-training-texts';

const KEY = 'myTraining';
// A request key per click, so a retried booking books once.
function requestKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

function StatusTag({ status }: { status: RegistrationStatus }) {
  const lang = useLang();
  return <Tag color={registrationStatusLabels[status].color}>{labelOf(registrationStatusLabels, status, lang)}</Tag>;
}

type Shown = Omit<CatalogueSession, 'bookable' | 'myRegistrationId' | 'myStatus' | 'myPosition'>;
function SessionFacts({ s }: { s: Shown }) {
  const { t } = useMyTrainingTexts();
  const lang = useLang();
  return (
    <Space direction="vertical" size={2}>
      <Typography.Text>
        <ClockCircleOutlined aria-hidden /> {dayjs(s.startAt).format(TIME)} – {dayjs(s.endAt).format('HH:mm')}
      </Typography.Text>
      <Typography.Text>
        <EnvironmentOutlined aria-hidden /> {[s.centreName, s.venueName, s.centreAddress].filter(Boolean).join(' · ')}
      </Typography.Text>
      {s.trainerNames.length > 0 && (
        <Typography.Text>
          <UserOutlined aria-hidden /> {s.trainerNames.join(', ')}
        </Typography.Text>
      )}
      <Space wrap size={4}>
        <Tag>{t('myTraining.hours', { count: s.hours })}</Tag>
        <Tag>
          {s.fee ? `${formatMoney(s.fee, s.currency, lang)} · ${t('myTraining.feeHint')}` : t('myTraining.free')}
        </Tag>
        {s.requiresApproval && <Tag color="processing">{t('myTraining.approval')}</Tag>}
      </Space>
    </Space>
  );
}

function Catalogue() {
  const { t } = useMyTrainingTexts();
  const lang = useLang();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [keyword, setKeyword] = useState('');
  const list = useQuery({
    queryKey: [KEY, 'catalogue', keyword],
    queryFn: ({ signal }) =>
      call(
        api.trainingSession.catalogue,
        { body: { pageIndex: 1, pageSize: 50, keyword: keyword || undefined } },
        { signal },
      ),
  });
  async function book(s: CatalogueSession) {
    const { registration } = await call(
      api.trainingSession.book,
      { params: { id: s.id }, body: { requestKey: requestKey() } },
      { loading: true },
    );
    message.success(
      t('myTraining.booked', { name: s.title, state: labelOf(registrationStatusLabels, registration.status, lang) }),
    );
    await client.invalidateQueries({ queryKey: [KEY] });
  }
  return (
    <>
      <Input.Search
        allowClear
        placeholder={t('myTraining.search')}
        aria-label={t('myTraining.search')}
        onSearch={setKeyword}
        style={{ maxWidth: 360, marginBottom: 16 }}
      />
      <List
        loading={list.isPending}
        grid={{ gutter: 16, xs: 1, md: 2, xl: 3 }}
        dataSource={list.data?.list ?? []}
        locale={{ emptyText: <Empty description={t('myTraining.empty')} /> }}
        renderItem={(s) => (
          <List.Item>
            <Card
              size="small"
              title={s.title}
              extra={<Typography.Text type="secondary">{s.programmeName}</Typography.Text>}
              actions={[
                s.myStatus ? (
                  <Space key="mine">
                    <StatusTag status={s.myStatus} />
                    {s.myPosition ? t('myTraining.position', { n: s.myPosition }) : null}
                  </Space>
                ) : (
                  <Button
                    key="book"
                    type="primary"
                    disabled={!s.bookable}
                    aria-label={t('myTraining.bookOf', { name: s.title })}
                    onClick={() => void book(s)}
                  >
                    {s.requiresApproval
                      ? t('myTraining.requestPlace')
                      : s.seatsLeft > 0
                        ? t('myTraining.book')
                        : t('myTraining.joinWaitlist')}
                  </Button>
                ),
              ]}
            >
              <SessionFacts s={s} />
              <div style={{ marginTop: 8 }}>
                {s.seatsLeft > 0 ? (
                  <Typography.Text strong>{t('myTraining.seatsLeft', { count: s.seatsLeft })}</Typography.Text>
                ) : (
                  <Tag color="warning">{t('myTraining.full')}</Tag>
                )}
                {s.bookingDeadline && (
                  <Typography.Text type="secondary">
                    {' · '}
                    {t('myTraining.deadline', { time: dayjs(s.bookingDeadline).format(TIME) })}
                  </Typography.Text>
                )}
              </div>
            </Card>
          </List.Item>
        )}
      />
    </>
  );
}

function Mine({ list, loading }: { list: MyRegistration[]; loading: boolean }) {
  const { t } = useMyTrainingTexts();
  const lang = useLang();
  const client = useQueryClient();
  const act = useAction(() => void client.invalidateQueries({ queryKey: [KEY] }));
  return (
    <List
      loading={loading}
      dataSource={list}
      locale={{ emptyText: <Empty description={t('myTraining.mineEmpty')} /> }}
      renderItem={(r) => (
        <List.Item>
          <Card
            size="small"
            style={{ width: '100%' }}
            title={r.session.title}
            extra={
              <Space>
                <StatusTag status={r.status} />
                {r.position ? t('myTraining.position', { n: r.position }) : null}
                {r.hoursCredited ? t('myTraining.credited', { count: r.hoursCredited }) : null}
              </Space>
            }
          >
            <SessionFacts s={r.session} />
            <Typography.Title level={5} style={{ marginTop: 12 }}>
              {t('myTraining.history')}
            </Typography.Title>
            <Timeline
              items={r.events.map((e) => ({
                key: e.id,
                children: `${labelOf(registrationStatusLabels, e.toStatus, lang)} · ${dayjs(e.createTime).format(TIME)}${e.note ? ` — ${e.note}` : ''}`,
              }))}
            />
            {r.cancellable && (
              <Button
                danger
                onClick={() =>
                  act(api.trainingRegistration.cancel, {
                    title: t('myTraining.cancelTitle', { name: r.session.title }),
                    content: t('myTraining.cancelText'),
                    okText: t('myTraining.cancel'),
                    danger: true,
                    input: { params: { id: r.id }, body: {} },
                    done: () => t('myTraining.cancelled'),
                  })
                }
              >
                {t('myTraining.cancel')}
              </Button>
            )}
          </Card>
        </List.Item>
      )}
    />
  );
}

// Training (members, /study/training): the programmes with the hours credited towards each, the
// sessions open for booking (places left, the waitlist, approval), and the member's registrations
// with their history; cancelling frees the place for the next on the waitlist. The tab is in the address.
export default function MyTrainingView() {
  const { t } = useMyTrainingTexts();
  const mine = useQuery({
    queryKey: [KEY, 'mine'],
    queryFn: ({ signal }) => call(api.trainingRegistration.my, {}, { signal, retry: 2 }),
  });
  const programmes = mine.data?.programmes ?? [];
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card size="small" title={t('myTraining.progress')}>
        {programmes.length ? (
          programmes.map((p) => (
            <div key={p.programmeId} style={{ marginBottom: 8 }}>
              <Space>
                <Typography.Text strong>{p.name}</Typography.Text>
                <Typography.Text type="secondary">
                  {t('myTraining.hoursOf', { credited: p.hoursCredited, required: p.hoursRequired })}
                </Typography.Text>
                {p.completed && <Tag color="success">{t('myTraining.completed')}</Tag>}
              </Space>
              <Progress
                percent={Math.min(100, Math.round((p.hoursCredited / p.hoursRequired) * 100))}
                status={p.completed ? 'success' : 'active'}
                aria-label={p.name}
              />
            </div>
          ))
        ) : (
          <Typography.Text type="secondary">{t('myTraining.progressEmpty')}</Typography.Text>
        )}
      </Card>
      <AddressTabs
        items={[
          { key: 'sessions', label: t('myTraining.tabSessions'), children: <Catalogue /> },
          {
            key: 'mine',
            label: t('myTraining.tabMine'),
            children: <Mine list={mine.data?.registrations ?? []} loading={mine.isPending} />,
          },
        ]}
      />
    </Space>
  );
}
