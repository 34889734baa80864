import { EyeOutlined, PlusOutlined } from '@ant-design/icons';
import { type Leave, LeaveStatus, leaveStatusLabels } from '@lyceum/contract';
import { Button, DatePicker, Form, type TableColumnsType, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { EnumFilter, KeywordFilter } from '../../crud/filter-fields';
import { ResourceListPage } from '../../crud/resource-list-page';
import { usePagedList } from '../../crud/use-paged-list';
import { ClassFilter } from '../../ui/class-filter';
import { ATTENDANCE_KEY, type LeaveFilter, leaveCalls } from './attendance-api';
import { LeaveDrawer, LeaveStatusTag } from './leave-drawer';
import { LeaveForm } from './leave-form';
import { useLeaveTexts } from './leave-texts';
import './attendance.css';

const moment = (iso: string) => dayjs(iso).format('MM-DD HH:mm');
const span = (l: Leave) =>
  dayjs(l.fromAt).isSame(l.toAt, 'day')
    ? `${dayjs(l.fromAt).format('YYYY-MM-DD HH:mm')}–${dayjs(l.toAt).format('HH:mm')}`
    : `${dayjs(l.fromAt).format('YYYY-MM-DD HH:mm')} – ${dayjs(l.toAt).format('YYYY-MM-DD HH:mm')}`;

type FilterValues = Omit<LeaveFilter, 'from' | 'to'> & { range?: [Dayjs | null, Dayjs | null] | null };
const toFilter = (values: Record<string, unknown>): LeaveFilter => {
  const { range, ...rest } = values as FilterValues;
  return {
    ...rest,
    from: range?.[0] ? range[0].format('YYYY-MM-DD') : undefined,
    to: range?.[1] ? range[1].format('YYYY-MM-DD') : undefined,
  };
};

interface Props {
  // Staff see the filters and the student column; a student sees their own requests.
  staff: boolean;
  // Staff who may ask for leave on a student's behalf; students always may for themselves.
  canCreate: boolean;
}

// Leave requests, newest first: pending ones first to decide for staff (the filter starts there).
export function LeaveList({ staff, canCreate }: Props) {
  const { t } = useLeaveTexts();
  const [open, setOpen] = useState<number | null>(null);
  const [creating, setCreating] = useState(false);
  const list = usePagedList<Leave, LeaveFilter>(
    `${ATTENDANCE_KEY}`,
    (req, cancel) => leaveCalls.page(req, cancel),
    staff ? { status: LeaveStatus.Pending } : {},
    { list: 'leave', staff },
  );
  const columns: TableColumnsType<Leave> = [
    ...(staff
      ? [
          {
            title: t('leaveReq.student'),
            key: 'student',
            width: 200,
            render: (_: unknown, l: Leave) => (
              <>
                {l.studentName}
                <br />
                <Typography.Text type="secondary">{l.teamNames.join(', ') || l.userName}</Typography.Text>
              </>
            ),
          },
        ]
      : []),
    { title: t('leaveReq.period'), key: 'period', width: 220, render: (_, l) => span(l) },
    {
      title: t('leaveReq.reason'),
      key: 'reason',
      width: 220,
      render: (_, l) => (
        <Typography.Paragraph ellipsis={{ rows: 2, tooltip: l.reason }} className="att-leave-reason-cell">
          {l.reason}
        </Typography.Paragraph>
      ),
    },
    {
      title: t('leaveReq.status'),
      key: 'status',
      width: 110,
      render: (_, l) => <LeaveStatusTag leave={l} />,
    },
    {
      title: t('leaveReq.requestedAt'),
      key: 'createTime',
      width: 150,
      render: (_, l) => (
        <>
          {moment(l.createTime)}
          {l.createdBy !== l.studentId && (
            <>
              <br />
              <Typography.Text type="secondary">{l.createdByName}</Typography.Text>
            </>
          )}
        </>
      ),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      fixed: 'right',
      width: 120,
      render: (_, l) => (
        <Button
          icon={<EyeOutlined />}
          aria-label={t('leaveReq.openOf', { name: l.studentName })}
          onClick={() => setOpen(l.id)}
        >
          {t('leaveReq.open')}
        </Button>
      ),
    },
  ];
  const pendingOnly = list.filters.status === LeaveStatus.Pending && !list.filters.keyword && !list.filters.teamId;

  return (
    <>
      <ResourceListPage<Leave, LeaveFilter>
        list={list}
        columns={columns}
        filterFormName={staff ? 'leave-filter' : 'my-leave-filter'}
        toFilter={toFilter}
        filterFields={
          <>
            <EnumFilter name="status" label={t('leaveReq.status')} labels={leaveStatusLabels} width={130} />
            {staff && <ClassFilter label={t('leaveReq.class')} width={180} searchable />}
            {staff && (
              <Form.Item name="range" label={t('leaveReq.dates')}>
                <DatePicker.RangePicker allowEmpty={[true, true]} style={{ width: 240 }} />
              </Form.Item>
            )}
            {staff && (
              <KeywordFilter label={t('leaveReq.keyword')} placeholder={t('leaveReq.keywordPlaceholder')} width={160} />
            )}
          </>
        }
        toolbar={
          canCreate && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
              {staff ? t('leaveReq.onBehalf') : t('leaveReq.newTitle')}
            </Button>
          )
        }
        emptyText={t(staff ? (pendingOnly ? 'leaveReq.emptyPending' : 'leaveReq.empty') : 'leaveReq.emptyMine')}
      />
      <LeaveDrawer leaveId={open} onClose={() => setOpen(null)} />
      <LeaveForm open={creating} onClose={() => setCreating(false)} forStudent={staff} />
    </>
  );
}
