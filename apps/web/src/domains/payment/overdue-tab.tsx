import { BellOutlined, NotificationOutlined } from '@ant-design/icons';
import type { OverdueRequest, OverdueRow } from '@lyceum/contract';
import { App, Button, Form, InputNumber, type TableColumnsType, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useConfirm } from '../../crud/confirm';
import { KeywordFilter, SelectFilter } from '../../crud/filter-fields';
import { ResourceListPage, useSelection } from '../../crud/resource-list-page';
import { usePagedList } from '../../crud/use-paged-list';
import { useLang } from '../../shell/i18n';
import { usePermission } from '../../shell/permission';
import { ClassFilter } from '../../ui/class-filter';
import { useSemesters } from '../../ui/lookups';
import { formatMoney } from '../../ui/money-format';
import { TIME } from '../../ui/portal-format';
import { paymentCalls, TUITION_KEY } from './payment-api';
import { usePaymentTexts } from './payment-words';

type Filter = Omit<OverdueRequest, 'pageIndex' | 'pageSize'>;
// The list frame keys rows by `id`: a row is one instalment.
type Row = OverdueRow & { id: number };

const toFilter = (v: Record<string, unknown>): Filter => ({
  keyword: (v.keyword as string | undefined)?.trim() || undefined,
  teamId: (v.teamId as number | undefined) ?? undefined,
  semesterId: (v.semesterId as number | undefined) ?? undefined,
  minDays: (v.minDays as number | null | undefined) ?? undefined,
});

// Instalments past their day and still owing, the longest overdue first: who, which invoice, how much
// and how many days; the selected students (or every one overdue) are reminded through Messages, each
// instalment at most once a day (the daily job reminds by itself too).
export function OverdueTab() {
  const { t } = usePaymentTexts();
  const lang = useLang();
  const { message } = App.useApp();
  const confirm = useConfirm();
  const canRemind = usePermission(['payment:remind']);
  const semesters = useSemesters();
  const selection = useSelection();
  const list = usePagedList<Row, Filter>(
    TUITION_KEY,
    async (req, cancel) => {
      const page = await paymentCalls.overdue(req, cancel);
      return { ...page, list: page.list.map((r) => ({ ...r, id: r.instalmentId })) };
    },
    {},
    { list: 'overdue' },
  );
  const rows = list.data?.list ?? [];
  const selectedInvoices = [...new Set(rows.filter((r) => selection.selected.includes(r.id)).map((r) => r.invoiceId))];

  const remind = (invoiceIds?: number[]) =>
    confirm({
      title: invoiceIds ? t('payment.remindSelectedTitle', { count: invoiceIds.length }) : t('payment.remindAllTitle'),
      content: t('payment.remindText'),
      okText: t('payment.remind'),
      onOk: async () => {
        const done = await paymentCalls.remind(invoiceIds);
        message.success(t('payment.remindDone', done));
        selection.setSelected([]);
        await list.reload();
      },
    });

  const columns: TableColumnsType<Row> = [
    {
      key: 'student',
      title: t('payment.student'),
      width: 160,
      render: (_, r) => (
        <div>
          <div>{r.studentName}</div>
          <Typography.Text type="secondary" className="pay-sub pay-cut" title={r.teamName ?? undefined}>
            {[r.userName, r.teamName].filter(Boolean).join(' · ')}
          </Typography.Text>
        </div>
      ),
    },
    {
      key: 'invoice',
      title: t('payment.invoice'),
      width: 200,
      render: (_, r) => (
        <div>
          <div>{r.title}</div>
          <Typography.Text type="secondary" className="pay-sub">
            {r.invoiceNo} · {t('payment.instalmentN', { n: r.seq })}
          </Typography.Text>
        </div>
      ),
    },
    { key: 'due', title: t('payment.dueDate'), width: 110, render: (_, r) => r.dueDate },
    {
      key: 'outstanding',
      title: t('payment.outstanding'),
      width: 150,
      align: 'right',
      render: (_, r) => (
        <div>
          <div className="pay-figure pay-loss">{formatMoney(r.outstanding, r.currency, lang)}</div>
          <Typography.Text type="secondary" className="pay-sub">
            {t('payment.ofAmount', { amount: formatMoney(r.amount, r.currency, lang) })}
          </Typography.Text>
        </div>
      ),
    },
    {
      key: 'days',
      title: t('payment.daysOverdue'),
      width: 120,
      render: (_, r) => (
        <Tag color={r.daysOverdue > 30 ? 'error' : 'warning'}>{t('payment.daysN', { count: r.daysOverdue })}</Tag>
      ),
    },
    {
      key: 'reminded',
      title: t('payment.lastReminded'),
      width: 150,
      render: (_, r) =>
        r.remindedAt ? (
          dayjs(r.remindedAt).format(TIME)
        ) : (
          <Typography.Text type="secondary">{t('payment.never')}</Typography.Text>
        ),
    },
  ];

  return (
    <ResourceListPage<Row, Filter>
      list={list}
      columns={columns}
      emptyText={t('payment.overdueEmpty')}
      filterFormName="overdue-filter"
      toFilter={toFilter}
      selectable={canRemind}
      selection={selection}
      filterFields={
        <>
          <KeywordFilter label={t('payment.keyword')} placeholder={t('payment.keywordHint')} width={220} />
          <ClassFilter label={t('payment.class')} width={160} searchable />
          <SelectFilter
            name="semesterId"
            label={t('payment.semester')}
            width={170}
            loading={semesters.isPending}
            options={semesters.data}
          />
          <Form.Item name="minDays" label={t('payment.minDays')}>
            <InputNumber min={1} max={3660} precision={0} style={{ width: 100 }} />
          </Form.Item>
        </>
      }
      toolbar={
        canRemind && (
          <>
            <Button
              type="primary"
              icon={<NotificationOutlined />}
              disabled={rows.length === 0}
              onClick={() => remind()}
            >
              {t('payment.remindAll')}
            </Button>
            <Button
              icon={<BellOutlined />}
              disabled={selectedInvoices.length === 0}
              onClick={() => remind(selectedInvoices)}
            >
              {t('payment.remindSelected')}
              {selectedInvoices.length > 0 && ` (${selectedInvoices.length})`}
            </Button>
          </>
        )
      }
    />
  );
}
