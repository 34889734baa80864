import { CheckOutlined, CloseOutlined, PlusOutlined, StopOutlined } from '@ant-design/icons';
import {
  labelOf,
  type StatusChange,
  StatusChangeState,
  statusChangeKindLabels,
  statusChangeStateLabels,
  studentStatusLabels,
} from '@lyceum/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, type TableColumnsType, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { EnumFilter, KeywordFilter } from '../../crud/filter-fields';
import { ResourceListPage } from '../../crud/resource-list-page';
import { type RowAction, RowActionButtons } from '../../crud/row-actions';
import { usePagedList } from '../../crud/use-paged-list';
import { fetchCurrentUser } from '../../shell/auth-api';
import { useLang } from '../../shell/i18n';
import { usePermission } from '../../shell/permission';
import { TIME } from '../../ui/portal-format';
import { RECORDS_KEY, recordCalls } from './records-api';
import { useChangeTexts } from './records-words';
import { DecideDialog, RequestChangeDialog, type Verb } from './status-changes-dialogs';

interface Filter {
  keyword?: string;
  kind?: StatusChange['kind'];
  state?: StatusChange['state'];
}
const toFilter = (v: Record<string, unknown>): Filter => ({
  keyword: (v.keyword as string | undefined)?.trim() || undefined,
  kind: v.kind as Filter['kind'],
  state: v.state as Filter['state'],
});
const OPEN: StatusChange['state'][] = [StatusChangeState.Requested, StatusChangeState.Approved];

// Status changes (issue 34), newest first: requested, approved (waiting for their date), in effect,
// rejected or cancelled; never deleted. Requesters ask for one; approvers approve or reject what
// someone else asked for (an administrator may decide their own); either cancels one not applied.
export function StatusChangesTab() {
  const { t } = useChangeTexts();
  const lang = useLang();
  const me = useQuery({ queryKey: ['currentUser'], queryFn: fetchCurrentUser }).data;
  const canRequest = usePermission(['statusChange:request']);
  const canApprove = usePermission(['statusChange:approve']);
  const list = usePagedList<StatusChange, Filter>(
    RECORDS_KEY,
    (req, c) => recordCalls.changes(req, c),
    {},
    {
      list: 'changes',
    },
  );
  const [asking, setAsking] = useState(false);
  const [deciding, setDeciding] = useState<{ change: StatusChange; verb: Verb } | null>(null);
  const own = (c: StatusChange) => c.requestedBy === me?.id;
  const decideLock = (c: StatusChange) => (c.state !== StatusChangeState.Requested ? t('statusChange.notOpen') : false);

  const actions: RowAction<StatusChange>[] = [
    {
      key: 'approve',
      label: t('statusChange.approve'),
      icon: <CheckOutlined />,
      allowed: canApprove,
      disabled: decideLock,
      onClick: (change) => setDeciding({ change, verb: 'approve' }),
    },
    {
      key: 'reject',
      label: t('statusChange.reject'),
      icon: <CloseOutlined />,
      danger: true,
      allowed: canApprove,
      disabled: decideLock,
      onClick: (change) => setDeciding({ change, verb: 'reject' }),
    },
    {
      key: 'cancel',
      label: t('statusChange.cancel'),
      icon: <StopOutlined />,
      allowed: canApprove || canRequest,
      hidden: (c) => !canApprove && !own(c),
      disabled: (c) => !OPEN.includes(c.state) && t('statusChange.notOpen'),
      onClick: (change) => setDeciding({ change, verb: 'cancel' }),
    },
  ];

  const columns: TableColumnsType<StatusChange> = [
    {
      key: 'student',
      title: t('statusChange.student'),
      width: 150,
      render: (_, c) => (
        <div>
          <div>{c.realName}</div>
          <Typography.Text type="secondary">{c.studentNo}</Typography.Text>
        </div>
      ),
    },
    {
      key: 'kind',
      title: t('statusChange.kind'),
      width: 130,
      render: (_, c) => (
        <div>
          <div>{labelOf(statusChangeKindLabels, c.kind, lang)}</div>
          {c.toTeamName && <Typography.Text type="secondary">→ {c.toTeamName}</Typography.Text>}
        </div>
      ),
    },
    {
      key: 'fromTo',
      title: t('statusChange.fromTo'),
      width: 160,
      render: (_, c) =>
        c.fromStatus === c.toStatus
          ? labelOf(studentStatusLabels, c.fromStatus, lang)
          : `${labelOf(studentStatusLabels, c.fromStatus, lang)} → ${labelOf(studentStatusLabels, c.toStatus, lang)}`,
    },
    { key: 'date', title: t('statusChange.effectiveDate'), width: 110, render: (_, c) => c.effectiveDate },
    {
      key: 'state',
      title: t('statusChange.state'),
      width: 240,
      render: (_, c) => (
        <Tag color={statusChangeStateLabels[c.state].color}>{labelOf(statusChangeStateLabels, c.state, lang)}</Tag>
      ),
    },
    { key: 'reason', title: t('statusChange.reason'), width: 220, render: (_, c) => c.reason },
    {
      key: 'who',
      title: `${t('statusChange.requestedBy')} / ${t('statusChange.decidedBy')}`,
      width: 200,
      render: (_, c) => (
        <div>
          <div>{c.requestedByName}</div>
          {c.decidedByName && (
            <Typography.Text type="secondary">
              {c.decidedByName} · {c.decidedAt && dayjs(c.decidedAt).format(TIME)}
              {c.decisionNote && ` · ${c.decisionNote}`}
            </Typography.Text>
          )}
        </div>
      ),
    },
    {
      key: 'actions',
      title: t('common.actions'),
      fixed: 'right',
      width: 36 * actions.length + 16,
      render: (_, c) => <RowActionButtons actions={actions} row={c} name={c.realName} />,
    },
  ];

  return (
    <>
      <ResourceListPage<StatusChange, Filter>
        list={list}
        columns={columns}
        emptyText={t('statusChange.empty')}
        filterFormName="status-change-filter"
        toFilter={toFilter}
        toolbar={
          canRequest && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setAsking(true)}>
              {t('statusChange.request')}
            </Button>
          )
        }
        filterFields={
          <>
            <EnumFilter name="state" label={t('statusChange.state')} labels={statusChangeStateLabels} width={170} />
            <EnumFilter name="kind" label={t('statusChange.kind')} labels={statusChangeKindLabels} width={130} />
            <KeywordFilter label={t('statusChange.keyword')} placeholder={t('statusChange.keywordHint')} width={200} />
          </>
        }
      />
      <RequestChangeDialog open={asking} student={null} onClose={() => setAsking(false)} />
      <DecideDialog
        change={deciding?.change ?? null}
        verb={deciding?.verb ?? 'approve'}
        onClose={() => setDeciding(null)}
      />
    </>
  );
}
