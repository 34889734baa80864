import {
  CameraOutlined,
  CloseCircleOutlined,
  FieldTimeOutlined,
  FlagFilled,
  LoginOutlined,
  LogoutOutlined,
  MessageOutlined,
  MoreOutlined,
  ProfileOutlined,
  SafetyCertificateOutlined,
  StopOutlined,
  SwapOutlined,
} from '@ant-design/icons';
import {
  type Lang,
  labelOf,
  type MonitorRow,
  type PaperStatus,
  paperStatusLabels,
  reviewDecisionLabels,
  StudentExamStatus,
  studentExamStatusLabels,
} from '@lyceum/contract';
import { Button, Dropdown, Progress, Space, type TableColumnsType, Tag, Tooltip, Typography } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { type RowAction, RowActionButtons } from '../../crud/row-actions';
import { LinkCell } from '../../ui/link-cell';
import {
  canAddTime,
  canCollect,
  canMarkAbnormal,
  canMessage,
  canReopen,
  canReview,
  type DialogKind,
  personName,
} from './monitor-actions';
import { type Ago, agoParts, clockText, serverNowAt, timeLeftNow } from './monitor-clock';

// Under this much time left the countdown turns red.
const LOW_TIME_MS = 5 * 60_000;

export function PaperStatusTag({ status, lang }: { status: PaperStatus; lang: Lang }) {
  return <Tag color={paperStatusLabels[status].color}>{labelOf(paperStatusLabels, status, lang)}</Tag>;
}

export function agoText(ago: Ago, t: TFunction): string {
  return ago.unit === 'now' ? t('monitor.justNow') : t(`monitor.ago_${ago.unit}`, { count: ago.count });
}

// One event count with its icon, named for screen readers; zero is greyed out.
function EventCount({ icon, count, label, alert }: { icon: ReactNode; count: number; label: string; alert?: boolean }) {
  return (
    <Tooltip title={label}>
      <span
        className={`monitor-count${count === 0 ? ' monitor-count-zero' : alert ? ' monitor-count-alert' : ''}`}
        role="img"
        aria-label={label}
      >
        {icon}
        <span aria-hidden>{count}</span>
      </span>
    </Tooltip>
  );
}

export interface ColumnContext {
  t: TFunction;
  lang: Lang;
  // performance.now() of this render's tick, and the reply's stamps, for the local countdown.
  now: number;
  receivedAt: number;
  serverNow: number;
  canManage: boolean;
  queue: boolean;
  // On a narrow screen only the timeline keeps its own button; the rest go in the menu.
  compact: boolean;
  openTimeline: (row: MonitorRow) => void;
  openDialog: (kind: DialogKind, rows: MonitorRow[]) => void;
  collect: (rows: MonitorRow[]) => void;
}

// The actions on one candidate, for people who may manage the exam: the board's rows and the timeline
// drawer offer the same ones, each disabled (saying why) where it cannot act.
export function candidateActions(c: Pick<ColumnContext, 't' | 'canManage' | 'openDialog' | 'collect'>) {
  const { t, canManage } = c;
  const addTime: RowAction<MonitorRow> = {
    key: 'addTime',
    label: t('monitor.addTime'),
    icon: <FieldTimeOutlined />,
    allowed: canManage,
    disabled: (r) => !canAddTime(r) && t('monitor.endedLock'),
    onClick: (r) => c.openDialog('addTime', [r]),
  };
  const collect: RowAction<MonitorRow> = {
    key: 'collect',
    label: t('monitor.collect'),
    icon: <StopOutlined />,
    danger: true,
    allowed: canManage,
    disabled: (r) => !canCollect(r) && t('monitor.answeringOnly'),
    onClick: (r) => c.collect([r]),
  };
  const notice: RowAction<MonitorRow> = {
    key: 'notice',
    label: t('monitor.sendMessage'),
    icon: <MessageOutlined />,
    allowed: canManage,
    disabled: (r) => !canMessage(r) && t(r.attemptId === null ? 'monitor.notEntered' : 'monitor.endedLock'),
    onClick: (r) => c.openDialog('notice', [r]),
  };
  const reopen: RowAction<MonitorRow> = {
    key: 'reopen',
    label: t('monitor.reopen'),
    icon: <LoginOutlined />,
    allowed: canManage,
    disabled: (r) => !canReopen(r) && t('monitor.reopenLock'),
    onClick: (r) => c.openDialog('reopen', [r]),
  };
  const abnormal: RowAction<MonitorRow> = {
    key: 'abnormal',
    label: t('monitor.markAbnormal'),
    icon: <CloseCircleOutlined />,
    danger: true,
    allowed: canManage,
    disabled: (r) => !canMarkAbnormal(r) && t(r.attemptId === null ? 'monitor.notEntered' : 'monitor.alreadyAbnormal'),
    onClick: (r) => c.openDialog('abnormal', [r]),
  };
  const review: RowAction<MonitorRow> = {
    key: 'review',
    label: t('monitor.decide'),
    icon: <SafetyCertificateOutlined />,
    allowed: canManage,
    disabled: (r) => !canReview(r) && t('monitor.reviewLock'),
    onClick: (r) => c.openDialog('review', [r]),
  };
  return { addTime, collect, notice, reopen, abnormal, review };
}

function actionsOf(c: ColumnContext): { shown: RowAction<MonitorRow>[]; more: RowAction<MonitorRow>[] } {
  const timeline: RowAction<MonitorRow> = {
    key: 'timeline',
    label: c.t('monitor.timeline'),
    icon: <ProfileOutlined />,
    onClick: c.openTimeline,
  };
  const { addTime, collect, notice, reopen, abnormal, review } = candidateActions(c);
  const visible = (list: RowAction<MonitorRow>[]) => list.filter((a) => a.allowed !== false);
  const order = c.queue
    ? [timeline, review, notice, addTime, collect, reopen, abnormal]
    : [timeline, addTime, collect, notice, reopen, abnormal, review];
  const all = visible(order);
  const own = c.compact ? 1 : c.queue ? 3 : 4;
  return { shown: all.slice(0, own), more: all.slice(own) };
}

// The rest of a row's actions in a menu; a disabled entry says why in its tooltip.
function MoreActions({ row, actions, label }: { row: MonitorRow; actions: RowAction<MonitorRow>[]; label: string }) {
  if (actions.length === 0) return null;
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: actions.map((a) => {
          const why = a.disabled?.(row);
          return {
            key: a.key,
            icon: a.icon,
            danger: a.danger,
            disabled: Boolean(why),
            label: why ? <Tooltip title={why}>{a.label}</Tooltip> : a.label,
          };
        }),
        onClick: ({ key }) => actions.find((a) => a.key === key)?.onClick(row),
      }}
    >
      <Button type="link" icon={<MoreOutlined />} aria-label={label} />
    </Dropdown>
  );
}

export function monitorColumns(c: ColumnContext): TableColumnsType<MonitorRow> {
  const { t, lang } = c;
  const serverNow = serverNowAt(c.serverNow, c.receivedAt, c.now);
  const { shown, more } = actionsOf(c);
  return [
    {
      title: t('monitor.student'),
      key: 'student',
      width: 150,
      render: (_: unknown, r) => (
        <LinkCell name={r.realName ?? r.userName} sub={r.userName} onOpen={() => c.openTimeline(r)} />
      ),
    },
    {
      title: t('monitor.classSeat'),
      key: 'class',
      width: 150,
      render: (_: unknown, r) => (
        <div>
          {/* One line per row, the whole name on hover: a room of 40 fits on a screen (issue 36). */}
          <Typography.Text ellipsis={{ tooltip: r.className }} className="monitor-class">
            {r.className ?? '—'}
          </Typography.Text>
          {r.seatNo !== null && (
            <Typography.Text type="secondary" className="monitor-sub">
              {t('monitor.seatNo', { seat: r.seatNo })}
            </Typography.Text>
          )}
        </div>
      ),
    },
    {
      title: t('monitor.status'),
      key: 'status',
      width: 150,
      render: (_: unknown, r) => (
        <div>
          <PaperStatusTag status={r.paperStatus} lang={lang} />
          <Typography.Text
            type={r.studentStatus === StudentExamStatus.Entered ? undefined : 'secondary'}
            className="monitor-sub"
          >
            {labelOf(studentExamStatusLabels, r.studentStatus, lang)}
          </Typography.Text>
        </div>
      ),
    },
    {
      title: t('monitor.answered'),
      key: 'answered',
      width: 100,
      render: (_: unknown, r) => (
        <div className="monitor-progress">
          <Progress
            percent={r.total > 0 ? Math.round((r.answered / r.total) * 100) : 0}
            showInfo={false}
            size="small"
            aria-label={t('monitor.answeredOf', { answered: r.answered, total: r.total })}
          />
          <span className="monitor-sub">
            {r.answered}/{r.total}
          </span>
        </div>
      ),
    },
    {
      title: t('monitor.timeLeft'),
      key: 'timeLeft',
      width: 110,
      render: (_: unknown, r) => {
        const left = r.timeLeftMs === null ? null : timeLeftNow(r.timeLeftMs, c.receivedAt, c.now);
        return (
          <div>
            <span className={`monitor-clock${left !== null && left < LOW_TIME_MS ? ' monitor-clock-low' : ''}`}>
              {left === null ? '—' : clockText(left)}
            </span>
            {r.extraMinutes > 0 && (
              <Typography.Text type="secondary" className="monitor-sub">
                {t('monitor.extraMinutes', { count: r.extraMinutes })}
              </Typography.Text>
            )}
          </div>
        );
      },
    },
    {
      title: t('monitor.lastSeen'),
      key: 'lastSeen',
      width: 100,
      render: (_: unknown, r) => (r.lastSeen === null ? '—' : agoText(agoParts(r.lastSeen, serverNow), t)),
    },
    {
      title: t('monitor.events'),
      key: 'events',
      width: 150,
      render: (_: unknown, r) => (
        <Space size={10} wrap>
          <EventCount
            icon={<SwapOutlined />}
            count={r.switchCount}
            alert
            label={t('monitor.switches', { count: r.switchCount })}
          />
          <EventCount
            icon={<LogoutOutlined />}
            count={r.leftCount}
            alert
            label={t('monitor.leftApp', { count: r.leftCount })}
          />
          <EventCount
            icon={<CameraOutlined />}
            count={r.snapshotCount}
            label={t('monitor.snapshots', { count: r.snapshotCount })}
          />
          {r.flagged && (
            <Tooltip title={t('monitor.flaggedHint')}>
              <FlagFilled className="monitor-flag" role="img" aria-label={t('monitor.flagged')} />
            </Tooltip>
          )}
          {r.reviewDecision !== null && (
            <Tag color={reviewDecisionLabels[r.reviewDecision].color}>
              {labelOf(reviewDecisionLabels, r.reviewDecision, lang)}
            </Tag>
          )}
        </Space>
      ),
    },
    {
      title: t('monitor.actions'),
      key: 'actions',
      fixed: 'right',
      width: 32 * (shown.length + (more.length > 0 ? 1 : 0)) + 24,
      render: (_: unknown, r) => (
        <Space size={0}>
          <RowActionButtons actions={shown} row={r} name={personName(r)} />
          <MoreActions row={r} actions={more} label={t('monitor.moreActions', { name: personName(r) })} />
        </Space>
      ),
    },
  ];
}
