import { DownloadOutlined } from '@ant-design/icons';
import {
  labelOf,
  POINT_BUSINESS,
  type PointBusiness,
  type PointEntry,
  type PointLedgerFilter,
  pointActionLabels,
} from '@lyceum/contract';
import { Button, DatePicker, Form, type TableColumnsType, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { EnumFilter, KeywordFilter, SelectFilter } from '../../crud/filter-fields';
import { ResourceListPage } from '../../crud/resource-list-page';
import { usePagedList } from '../../crud/use-paged-list';
import { useLang } from '../../shell/i18n';
import { usePermission } from '../../shell/permission';
import { pointBusinessTitle, pointBusinessTitles } from '../../ui/point-business';
import { pointsText, signedPointsText } from '../../ui/points-format';
import { TIME } from '../../ui/portal-format';
import { StudentSelect } from '../../ui/student-select';
import { POINTS_KEY, pointCalls } from './points-api';
import { DAY, usePointsTexts } from './points-words';

const toFilter = (v: Record<string, unknown>): PointLedgerFilter => {
  const range = v.dates as [Dayjs | null, Dayjs | null] | null | undefined;
  return {
    userId: (v.userId as number | undefined) ?? undefined,
    keyword: (v.keyword as string | undefined)?.trim() || undefined,
    action: v.action as PointLedgerFilter['action'],
    business: v.business as PointBusiness | undefined,
    from: range?.[0]?.format(DAY),
    to: range?.[1]?.format(DAY),
  };
};

// The organisation's ledger, newest first: every change of every balance, what it was for, why, by
// whom and the balance it left; by person, action, business and dates, and to Excel as filtered.
// `userId` opens it on one person (the accounts' "History").
export function LedgerTab({ userId }: { userId?: number }) {
  const { t } = usePointsTexts();
  const lang = useLang();
  const canExport = usePermission(['point:export']);
  const [exporting, setExporting] = useState(false);
  const list = usePagedList<PointEntry, PointLedgerFilter>(
    POINTS_KEY,
    (req, cancel) => pointCalls.ledger(req, cancel),
    userId ? { userId } : {},
    { list: 'ledger' },
  );

  async function exportSheet() {
    setExporting(true);
    try {
      await pointCalls.exportLedger(list.filters, lang);
    } catch {
      // The request client has said why.
    } finally {
      setExporting(false);
    }
  }

  const columns: TableColumnsType<PointEntry> = [
    { key: 'time', title: t('points.time'), width: 150, render: (_, e) => dayjs(e.createTime).format(TIME) },
    {
      key: 'person',
      title: t('points.person'),
      width: 150,
      render: (_, e) => (
        <div>
          <div>{e.realName}</div>
          <Typography.Text type="secondary" className="points-sub">
            {e.userName}
          </Typography.Text>
        </div>
      ),
    },
    {
      key: 'action',
      title: t('points.action'),
      width: 80,
      render: (_, e) => (
        <Tag color={pointActionLabels[e.action].color}>{labelOf(pointActionLabels, e.action, lang)}</Tag>
      ),
    },
    {
      key: 'amount',
      title: t('points.amount'),
      width: 90,
      align: 'right',
      render: (_, e) => (
        <span className={`points-figure ${e.amount > 0 ? 'points-gain' : 'points-loss'}`}>
          {signedPointsText(e.amount, lang)}
        </span>
      ),
    },
    {
      key: 'balanceAfter',
      title: t('points.entryBalanceAfter'),
      width: 110,
      align: 'right',
      render: (_, e) => <span className="points-figure">{pointsText(e.balanceAfter, lang)}</span>,
    },
    {
      key: 'business',
      title: t('points.business'),
      width: 240,
      ellipsis: true,
      render: (_, e) => (
        <div className="points-why">
          <div>{e.business ? pointBusinessTitle(e.business, lang) : '—'}</div>
          {e.remark && (
            <Typography.Text type="secondary" className="points-sub" title={e.remark}>
              {e.remark}
            </Typography.Text>
          )}
        </div>
      ),
    },
    {
      key: 'operator',
      title: t('points.operator'),
      width: 110,
      render: (_, e) => e.operatorName ?? <Typography.Text type="secondary">{t('points.automatic')}</Typography.Text>,
    },
  ];

  return (
    <ResourceListPage<PointEntry, PointLedgerFilter>
      list={list}
      columns={columns}
      emptyText={t('points.ledgerEmpty')}
      filterFormName="points-ledger-filter"
      toFilter={toFilter}
      filterFields={
        <>
          <Form.Item name="userId" label={t('points.person')}>
            <StudentSelect placeholder={t('points.pickPerson')} style={{ width: 200 }} />
          </Form.Item>
          <EnumFilter name="action" label={t('points.action')} labels={pointActionLabels} width={110} />
          <SelectFilter
            name="business"
            label={t('points.business')}
            width={170}
            options={POINT_BUSINESS.map((b) => ({ value: b, label: pointBusinessTitles[b][lang] }))}
          />
          <Form.Item name="dates" label={t('points.dates')}>
            <DatePicker.RangePicker allowEmpty={[true, true]} style={{ width: 240 }} />
          </Form.Item>
          <KeywordFilter label={t('points.keyword')} placeholder={t('points.keywordHint')} />
        </>
      }
      toolbar={
        canExport && (
          <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportSheet()}>
            {t('points.export')}
          </Button>
        )
      }
    />
  );
}
