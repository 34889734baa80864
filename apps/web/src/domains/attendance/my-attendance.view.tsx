import {
  type AttendanceRates,
  attendanceKindLabels,
  enumValues,
  labelOf,
  type MySession,
  markSourceLabels,
} from '@lyceum/contract';
import { api } from '@lyceum/contract/routes';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, DatePicker, Empty, Skeleton, Table, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useLang } from '../../shell/i18n';
import { call } from '../../shell/request';
import { FigureTile } from '../../ui/figure-tile';
import { statusName } from './attendance-api';
import { LeaveList } from './leave-list';
import { useMyAttendanceTexts } from './my-attendance-texts';
import './my-attendance.css';

const MAX_DAYS = 365;
const percent = (rate: number) => `${Math.round(rate * 1000) / 10} %`;

// The rate and the marks by kind as one bar, each kind its share of the marked lessons.
function Rates({ rates }: { rates: AttendanceRates }) {
  const { t } = useMyAttendanceTexts();
  const lang = useLang();
  const counts = new Map(rates.byKind.map((k) => [k.kind, k.count]));
  const kinds = enumValues(attendanceKindLabels);
  return (
    <div className="my-att-rates">
      <div className="my-att-tiles">
        <FigureTile
          label={t('myAttendance.rate')}
          value={rates.rate === null ? t('myAttendance.noRate') : percent(rates.rate)}
          testId="my-attendance-rate"
        />
        <FigureTile label={t('myAttendance.sessions')} value={rates.sessions} />
        <FigureTile label={t('myAttendance.marked')} value={rates.marked} />
      </div>
      {rates.marked > 0 && (
        <div className="my-att-bar" role="img" aria-label={t('myAttendance.byKind')}>
          {kinds.map((k) =>
            counts.get(k) ? (
              <span
                key={k}
                className={`my-att-seg my-att-kind-${k}`}
                style={{ flexGrow: counts.get(k) }}
                title={`${labelOf(attendanceKindLabels, k, lang)} ${counts.get(k)}`}
              />
            ) : null,
          )}
        </div>
      )}
      <div className="my-att-legend">
        {kinds.map((k) => (
          <span key={k} className="my-att-legend-item">
            <span className={`my-att-dot my-att-kind-${k}`} aria-hidden />
            {labelOf(attendanceKindLabels, k, lang)} <strong>{counts.get(k) ?? 0}</strong>
          </span>
        ))}
      </div>
      <Typography.Text type="secondary" className="my-att-hint">
        {t('myAttendance.rateHint')}
      </Typography.Text>
    </div>
  );
}

function SessionsTable({ sessions }: { sessions: MySession[] }) {
  const { t } = useMyAttendanceTexts();
  const lang = useLang();
  const rows = [...sessions].sort((a, b) => b.startsAt.localeCompare(a.startsAt));
  return (
    <Table<MySession>
      rowKey="sessionId"
      size="middle"
      dataSource={rows}
      pagination={{ pageSize: 10, hideOnSinglePage: true }}
      scroll={{ x: 640 }}
      locale={{
        emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('myAttendance.recentEmpty')} />,
      }}
      columns={[
        {
          title: t('myAttendance.when'),
          key: 'when',
          width: 160,
          render: (_, s) => `${dayjs(s.startsAt).format('MM-DD ddd HH:mm')}–${dayjs(s.endsAt).format('HH:mm')}`,
        },
        { title: t('myAttendance.lesson'), key: 'lesson', width: 240, render: (_, s) => `${s.title} · ${s.teamName}` },
        {
          title: t('myAttendance.mark'),
          key: 'mark',
          width: 120,
          render: (_, s) =>
            s.kind && s.statusName ? (
              <Tag color={attendanceKindLabels[s.kind].color}>
                {statusName({ name: s.statusName, kind: s.kind }, lang)}
              </Tag>
            ) : (
              <Typography.Text type="secondary">{t('myAttendance.notMarked')}</Typography.Text>
            ),
        },
        {
          title: t('myAttendance.source'),
          key: 'source',
          width: 160,
          render: (_, s) =>
            s.source
              ? `${labelOf(markSourceLabels, s.source, lang)}${s.markedAt ? ` ${dayjs(s.markedAt).format('MM-DD HH:mm')}` : ''}`
              : '—',
        },
        { title: t('myAttendance.reason'), key: 'reason', width: 160, render: (_, s) => s.reason ?? '' },
      ]}
    />
  );
}

// The student's own attendance: the rate and marks over a period, each lesson's mark and where it
// came from, and their leave requests (ask, follow, withdraw).
export default function MyAttendanceView() {
  const { t } = useMyAttendanceTexts();
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [dayjs().subtract(30, 'day'), dayjs().add(14, 'day')]);
  const body = { from: range[0].format('YYYY-MM-DD'), to: range[1].format('YYYY-MM-DD') };
  const mine = useQuery({
    queryKey: ['attendance', 'mine', body],
    queryFn: ({ signal }) => call(api.attendance.mine, { body }, { signal, retry: 2 }),
  });

  return (
    <div className="my-att">
      <Card size="small">
        <div className="my-att-head">
          <DatePicker.RangePicker
            value={range}
            allowClear={false}
            aria-label={t('myAttendance.range')}
            disabledDate={(d, info) => (info.from ? Math.abs(d.diff(info.from, 'day')) >= MAX_DAYS : false)}
            onChange={(v) => v?.[0] && v[1] && setRange([v[0], v[1]])}
          />
        </div>
        {mine.isPending ? (
          <Skeleton active />
        ) : mine.isError ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('myAttendance.loadFailed')}>
            <Button onClick={() => void mine.refetch()}>{t('myAttendance.retry')}</Button>
          </Empty>
        ) : (
          <>
            <Rates rates={mine.data.rates} />
            <Typography.Title level={5}>{t('myAttendance.recent')}</Typography.Title>
            <SessionsTable sessions={mine.data.sessions} />
          </>
        )}
      </Card>
      <Typography.Title level={5} className="my-att-leave-title">
        {t('myAttendance.leaveTitle')}
      </Typography.Title>
      <LeaveList staff={false} canCreate />
    </div>
  );
}
