import { DownloadOutlined, HistoryOutlined, PlusCircleOutlined, SwapOutlined } from '@ant-design/icons';
import type { PointAccount, PointAccountsRequest } from '@lyceum/contract';
import { Button, Form, InputNumber, Space, type TableColumnsType, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { KeywordFilter } from '../../crud/filter-fields';
import { ResourceListPage } from '../../crud/resource-list-page';
import { type RowAction, RowActionButtons, visibleActions } from '../../crud/row-actions';
import { usePagedList } from '../../crud/use-paged-list';
import { useLang } from '../../shell/i18n';
import { usePermission } from '../../shell/permission';
import { ClassFilter } from '../../ui/class-filter';
import { pointsText } from '../../ui/points-format';
import { TIME } from '../../ui/portal-format';
import { saveAccounts } from './accounts-sheet';
import type { AdjustTarget } from './adjust-dialog';
import { DriftCheckButton } from './drift-check';
import { POINTS_KEY, pointCalls } from './points-api';
import { usePointsTexts } from './points-words';

type Filter = Omit<PointAccountsRequest, 'pageIndex' | 'pageSize'>;
// The list frame keys rows by `id`: a person's account is theirs.
type Row = PointAccount & { id: number };

const toFilter = (v: Record<string, unknown>): Filter => ({
  keyword: (v.keyword as string | undefined)?.trim() || undefined,
  teamId: (v.teamId as number | undefined) ?? undefined,
  minBalance: (v.minBalance as number | null | undefined) ?? undefined,
  maxBalance: (v.maxBalance as number | null | undefined) ?? undefined,
});

// Everyone with a points account, by name, class and balance: each person's balance, what they were
// given and what they spent in all, and their last change; adjust one by hand, open their history,
// or take the list to Excel.
export function AccountsTab({
  onAdjust,
  onHistory,
}: {
  onAdjust: (target: AdjustTarget) => void;
  onHistory: (row: PointAccount) => void;
}) {
  const { t } = usePointsTexts();
  const lang = useLang();
  const canAdjust = usePermission(['point:adjust']);
  const canExport = usePermission(['point:export']);
  const [exporting, setExporting] = useState(false);
  const list = usePagedList<Row, Filter>(
    POINTS_KEY,
    async (req, cancel) => {
      const page = await pointCalls.accounts(req, cancel);
      return { ...page, list: page.list.map((a) => ({ ...a, id: a.userId })) };
    },
    {},
    { list: 'accounts' },
  );

  async function exportSheet() {
    setExporting(true);
    try {
      await saveAccounts(await pointCalls.allAccounts(list.filters), t);
    } catch {
      // The request client has said why.
    } finally {
      setExporting(false);
    }
  }

  const actions: RowAction<Row>[] = visibleActions([
    {
      key: 'adjust',
      label: t('points.adjust'),
      icon: <SwapOutlined />,
      allowed: canAdjust,
      onClick: (row) => onAdjust({ userId: row.userId, name: row.realName, balance: row.balance }),
    },
    { key: 'history', label: t('points.history'), icon: <HistoryOutlined />, onClick: onHistory },
  ]);
  const figure = (v: number) => <span className="points-figure">{pointsText(v, lang)}</span>;
  const columns: TableColumnsType<Row> = [
    {
      key: 'person',
      title: t('points.person'),
      width: 200,
      render: (_, a) => (
        <div>
          <div>{a.realName}</div>
          <Typography.Text type="secondary" className="points-sub">
            {a.userName}
          </Typography.Text>
        </div>
      ),
    },
    {
      key: 'balance',
      title: t('points.balance'),
      width: 110,
      align: 'right',
      render: (_, a) => <strong className="points-figure">{pointsText(a.balance, lang)}</strong>,
    },
    { key: 'earned', title: t('points.earned'), width: 120, align: 'right', render: (_, a) => figure(a.earned) },
    { key: 'spent', title: t('points.spent'), width: 120, align: 'right', render: (_, a) => figure(a.spent) },
    {
      key: 'lastChange',
      title: t('points.lastChange'),
      width: 150,
      render: (_, a) => (a.lastChange ? dayjs(a.lastChange).format(TIME) : '—'),
    },
    {
      key: 'actions',
      title: t('common.actions'),
      fixed: 'right',
      width: 36 * actions.length + 16,
      render: (_, a) => <RowActionButtons actions={actions} row={a} name={a.realName} />,
    },
  ];

  return (
    <ResourceListPage<Row, Filter>
      list={list}
      columns={columns}
      emptyText={t('points.accountsEmpty')}
      filterFormName="points-accounts-filter"
      toFilter={toFilter}
      filterFields={
        <>
          <KeywordFilter label={t('points.keyword')} placeholder={t('points.keywordHint')} />
          <ClassFilter label={t('points.class')} width={170} searchable />
          <Form.Item label={t('points.balance')}>
            <Space.Compact>
              <Form.Item name="minBalance" noStyle>
                <InputNumber
                  precision={0}
                  placeholder={t('points.minBalance')}
                  aria-label={t('points.minBalanceOf')}
                  style={{ width: 90 }}
                />
              </Form.Item>
              <Form.Item name="maxBalance" noStyle>
                <InputNumber
                  precision={0}
                  placeholder={t('points.maxBalance')}
                  aria-label={t('points.maxBalanceOf')}
                  style={{ width: 90 }}
                />
              </Form.Item>
            </Space.Compact>
          </Form.Item>
        </>
      }
      toolbar={
        <>
          {canAdjust && (
            <Button type="primary" icon={<PlusCircleOutlined />} onClick={() => onAdjust({})}>
              {t('points.adjustPoints')}
            </Button>
          )}
          {canExport && (
            <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportSheet()}>
              {t('points.export')}
            </Button>
          )}
          <DriftCheckButton />
        </>
      }
    />
  );
}
