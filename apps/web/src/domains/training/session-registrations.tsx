import { CheckOutlined, CloseOutlined, DownloadOutlined, StopOutlined, UserAddOutlined } from '@ant-design/icons';
import {
  labelOf,
  RegistrationStatus,
  registrationStatusLabels,
  type TrainingRegistration,
  type TrainingSession,
} from '@lyceum/contract';
import { api } from '@lyceum/contract/routes';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Drawer, Input, InputNumber, Modal, Select, Space, Table, Tag, Timeline, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useAction } from '../../crud/use-action';
import { useLang } from '../../shell/i18n';
import { usePermission } from '../../shell/permission';
import { call } from '../../shell/request';
import { downloadFrom } from '../../shell/transfer';
import { searchStudents } from '../../ui/lookups';
import { TIME } from '../../ui/portal-format';
import { UserSearchSelect } from '../../ui/user-search-select';
import { useSessionTexts } from './session-texts';
import './session.css';

const { Requested, Approved, Booked, Waitlisted, NoShow, PartlyAttended, Attended } = RegistrationStatus;
const LIVE: readonly number[] = [Requested, Approved, Booked, Waitlisted];
const RECORDABLE: readonly number[] = [Booked, NoShow, PartlyAttended, Attended];
const DECLINABLE: readonly number[] = [Requested, Approved, Waitlisted];
type Outcome = { outcome: number; hours: number | null };

export const REGISTRATIONS_KEY = 'trainingRegistrations';

function StatusTag({ status }: { status: RegistrationStatus }) {
  const lang = useLang();
  return <Tag color={registrationStatusLabels[status].color}>{labelOf(registrationStatusLabels, status, lang)}</Tag>;
}

function History({ id }: { id: number }) {
  const lang = useLang();
  const events = useQuery({
    queryKey: [REGISTRATIONS_KEY, 'history', id],
    queryFn: ({ signal }) => call(api.trainingRegistration.history, { params: { id } }, { signal }),
  });
  return (
    <Timeline
      items={(events.data ?? []).map((e) => ({
        key: e.id,
        children: (
          <span>
            {labelOf(registrationStatusLabels, e.toStatus, lang)} · {dayjs(e.createTime).format(TIME)}
            {e.actorName ? ` · ${e.actorName}` : ''}
            {e.note ? <Typography.Text type="secondary"> — {e.note}</Typography.Text> : null}
          </span>
        ),
      }))}
    />
  );
}

// A session's registrations (the waitlist in order): approve, decline, cancel, book people, record
// outcomes after the session, export.
export function SessionRegistrations({ session, onClose }: { session: TrainingSession | null; onClose: () => void }) {
  const { t } = useSessionTexts();
  const lang = useLang();
  const { message } = App.useApp();
  const client = useQueryClient();
  const canRegister = usePermission(['training:register']);
  const canExport = usePermission(['training:export']);
  const [booking, setBooking] = useState<number[]>([]);
  const [declining, setDeclining] = useState<TrainingRegistration | null>(null);
  const [reason, setReason] = useState('');
  const [outcomes, setOutcomes] = useState<Record<number, Outcome> | null>(null);
  const id = session?.id ?? 0;
  const list = useQuery({
    queryKey: [REGISTRATIONS_KEY, id],
    queryFn: ({ signal }) =>
      call(api.trainingSession.registrations, { params: { id }, body: { pageIndex: 1, pageSize: 200 } }, { signal }),
    enabled: !!session,
  });
  const reload = () =>
    void client
      .invalidateQueries({ queryKey: [REGISTRATIONS_KEY] })
      .then(() => client.invalidateQueries({ queryKey: ['trainingSession'] }));
  const act = useAction(reload);
  const rows = list.data?.list ?? [];

  async function bookPeople() {
    for (const userId of booking)
      await call(api.trainingSession.book, { params: { id }, body: { userId } }, { loading: true });
    message.success(t('trainingSession.bookDone', { count: booking.length }));
    setBooking([]);
    reload();
  }
  async function decline() {
    if (!declining || !reason.trim()) return;
    await call(
      api.trainingRegistration.decline,
      { params: { id: declining.id }, body: { reason: reason.trim() } },
      { loading: true },
    );
    setDeclining(null);
    setReason('');
    reload();
  }
  function startOutcomes() {
    const start: Record<number, Outcome> = {};
    for (const r of rows.filter((x) => RECORDABLE.includes(x.status)))
      start[r.id] = { outcome: r.status === Booked ? Attended : r.status, hours: r.hoursCredited };
    setOutcomes(start);
  }
  async function saveOutcomes() {
    if (!outcomes) return;
    const items = Object.entries(outcomes).map(([registrationId, o]) => ({
      registrationId: Number(registrationId),
      outcome: o.outcome as typeof Attended,
      hours: o.outcome === NoShow ? null : o.hours,
    }));
    if (!items.length) return;
    const done = await call(api.trainingRegistration.outcomes, { body: { sessionId: id, items } }, { loading: true });
    message.success(t('trainingSession.outcomesDone', done));
    setOutcomes(null);
    reload();
  }

  const outcomeOptions = [NoShow, PartlyAttended, Attended].map((v) => ({
    value: v,
    label: labelOf(registrationStatusLabels, v, lang),
  }));
  return (
    <Drawer
      open={!!session}
      onClose={() => {
        setOutcomes(null);
        onClose();
      }}
      width={900}
      title={session ? t('trainingSession.registrationsOf', { name: session.title }) : ''}
      extra={
        <Space wrap>
          {canExport && (
            <Button
              icon={<DownloadOutlined />}
              onClick={() =>
                void downloadFrom(
                  api.trainingRegistration.export,
                  { body: { sessionId: id }, query: { lang } },
                  { loading: true },
                )
              }
            >
              {t('trainingSession.export')}
            </Button>
          )}
          {canRegister &&
            (outcomes ? (
              <Button type="primary" onClick={() => void saveOutcomes()}>
                {t('trainingSession.outcomesSave')}
              </Button>
            ) : (
              <Button onClick={startOutcomes}>{t('trainingSession.outcomes')}</Button>
            ))}
        </Space>
      }
    >
      {canRegister && (
        <div className="training-book">
          <div className="training-pick">
            <UserSearchSelect
              kind="student"
              search={searchStudents}
              placeholder={t('trainingSession.bookPick')}
              aria-label={t('trainingSession.bookPick')}
              value={booking}
              onChange={setBooking}
            />
          </div>
          <Button icon={<UserAddOutlined />} disabled={!booking.length} onClick={() => void bookPeople()}>
            {t('trainingSession.bookFor')}
          </Button>
        </div>
      )}
      {outcomes && <Typography.Paragraph type="secondary">{t('trainingSession.outcomesHint')}</Typography.Paragraph>}
      <Table<TrainingRegistration>
        rowKey="id"
        size="small"
        loading={list.isPending}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 760 }}
        locale={{ emptyText: t('trainingSession.noRegistrations') }}
        expandable={{ expandedRowRender: (r) => <History id={r.id} /> }}
        columns={[
          {
            key: 'person',
            title: t('trainingSession.person'),
            render: (_, r) => (
              <span>
                {r.realName} <Typography.Text type="secondary">({r.userName})</Typography.Text>
              </span>
            ),
          },
          {
            key: 'status',
            title: t('trainingSession.status'),
            width: 130,
            render: (_, r) => <StatusTag status={r.status} />,
          },
          {
            key: 'position',
            title: t('trainingSession.position'),
            width: 90,
            render: (_, r) => (r.position ? t('trainingSession.positionN', { n: r.position }) : ''),
          },
          {
            key: 'hours',
            title: t('trainingSession.hoursCredited'),
            width: 220,
            render: (_, r) => {
              const o = outcomes?.[r.id];
              if (!o) return r.hoursCredited ?? '';
              const set = (patch: Partial<Outcome>) => setOutcomes({ ...outcomes, [r.id]: { ...o, ...patch } });
              return (
                <Space.Compact>
                  <Select
                    aria-label={t('trainingSession.outcome')}
                    value={o.outcome}
                    options={outcomeOptions}
                    onChange={(v) => set({ outcome: v })}
                    style={{ width: 130 }}
                  />
                  <InputNumber
                    aria-label={t('trainingSession.hoursCredited')}
                    min={0}
                    max={session?.hours}
                    step={0.5}
                    disabled={o.outcome === NoShow}
                    value={o.hours ?? undefined}
                    placeholder={String(session?.hours ?? '')}
                    onChange={(v) => set({ hours: v ?? null })}
                    style={{ width: 80 }}
                  />
                </Space.Compact>
              );
            },
          },
          {
            key: 'time',
            title: t('trainingSession.registered'),
            width: 140,
            render: (_, r) => dayjs(r.createTime).format(TIME),
          },
          {
            key: 'actions',
            width: 220,
            render: (_, r) =>
              canRegister && (
                <Space size={4} wrap>
                  {r.status === Requested && (
                    <Button
                      size="small"
                      icon={<CheckOutlined />}
                      onClick={() =>
                        act(api.trainingRegistration.approve, {
                          title: t('trainingSession.approve'),
                          okText: t('trainingSession.approve'),
                          input: { params: { id: r.id } },
                          done: () => t('trainingSession.approveDone', { name: r.realName }),
                        })
                      }
                    >
                      {t('trainingSession.approve')}
                    </Button>
                  )}
                  {DECLINABLE.includes(r.status) && (
                    <Button size="small" icon={<StopOutlined />} onClick={() => setDeclining(r)}>
                      {t('trainingSession.decline')}
                    </Button>
                  )}
                  {LIVE.includes(r.status) && (
                    <Button
                      size="small"
                      danger
                      icon={<CloseOutlined />}
                      onClick={() =>
                        act(api.trainingRegistration.cancel, {
                          title: t('trainingSession.cancelRegistrationTitle', { name: r.realName }),
                          content: t('trainingSession.cancelRegistrationText'),
                          okText: t('trainingSession.cancelRegistration'),
                          danger: true,
                          input: { params: { id: r.id }, body: {} },
                          done: () => t('trainingSession.done'),
                        })
                      }
                    >
                      {t('trainingSession.cancelRegistration')}
                    </Button>
                  )}
                </Space>
              ),
          },
        ]}
      />
      <Modal
        open={!!declining}
        title={declining ? `${t('trainingSession.decline')}: ${declining.realName}` : ''}
        okText={t('trainingSession.decline')}
        okButtonProps={{ danger: true, disabled: !reason.trim() }}
        onOk={() => void decline()}
        onCancel={() => setDeclining(null)}
      >
        <Input.TextArea
          aria-label={t('trainingSession.declineReason')}
          placeholder={t('trainingSession.declineReason')}
          value={reason}
          maxLength={200}
          onChange={(e) => setReason(e.target.value)}
        />
      </Modal>
    </Drawer>
  );
}
