import {
  DownloadOutlined,
  EyeOutlined,
  FileAddOutlined,
  MoneyCollectOutlined,
  SendOutlined,
  StopOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';
import { type Invoice, type InvoiceFilter, InvoiceStatus, invoiceStatusLabels, labelOf } from '@lyceum/contract';
import { useQuery } from '@tanstack/react-query';
import { App, Button, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useConfirm } from '../../crud/confirm';
import { CheckFilter, EnumFilter, KeywordFilter, SelectFilter } from '../../crud/filter-fields';
import { ResourceListPage, useSelection } from '../../crud/resource-list-page';
import { type RowAction, RowActionButtons, visibleActions } from '../../crud/row-actions';
import { usePagedList } from '../../crud/use-paged-list';
import { useLang } from '../../shell/i18n';
import { usePermission } from '../../shell/permission';
import { ClassFilter } from '../../ui/class-filter';
import { useSemesters } from '../../ui/lookups';
import { formatMoney } from '../../ui/money-format';
import { GenerateDialog } from './generate-dialog';
import { InvoiceCreateDrawer } from './invoice-create';
import { InvoiceDrawer } from './invoice-detail';
import { CancelInvoiceDialog, CollectDialog } from './invoice-dialogs';
import { paymentCalls, STRUCTURE_KEY, structureApi, TUITION_KEY } from './payment-api';
import { usePaymentTexts } from './payment-words';

const { Pending, Issued, PartiallyPaid } = InvoiceStatus;
export const collectable = (i: Pick<Invoice, 'status' | 'outstanding'>) =>
  (i.status === Issued || i.status === PartiallyPaid) && i.outstanding > 0;
export const cancellable = (i: Pick<Invoice, 'status' | 'paid'>) =>
  (i.status === Pending || i.status === Issued) && i.paid === 0;

const toFilter = (v: Record<string, unknown>): InvoiceFilter => ({
  keyword: (v.keyword as string | undefined)?.trim() || undefined,
  status: v.status as InvoiceFilter['status'],
  semesterId: (v.semesterId as number | undefined) ?? undefined,
  structureId: (v.structureId as number | undefined) ?? undefined,
  teamId: (v.teamId as number | undefined) ?? undefined,
  overdue: v.overdue ? true : undefined,
});

// Students' invoices: by status, term, fee structure, class, name or number, or only those overdue;
// each with its total, what is paid and still owed and the next due day. Invoices are made from a
// fee structure for classes or a grade (Generate) or one at a time, issued (then the student sees and
// pays them), collected at the desk with a receipt, cancelled while nothing is paid, exported.
export function InvoicesTab() {
  const { t } = usePaymentTexts();
  const lang = useLang();
  const { message } = App.useApp();
  const confirm = useConfirm();
  const canInvoice = usePermission(['payment:invoice']);
  const canCollect = usePermission(['payment:collect']);
  const canExport = usePermission(['payment:export']);
  const semesters = useSemesters();
  const structures = useQuery({
    queryKey: [STRUCTURE_KEY, 'options'],
    queryFn: () => structureApi.list({}, true),
    staleTime: 60_000,
  });
  const selection = useSelection();
  const [viewing, setViewing] = useState<number | null>(null);
  const [collecting, setCollecting] = useState<Invoice | null>(null);
  const [cancelling, setCancelling] = useState<Invoice | null>(null);
  const [generating, setGenerating] = useState(false);
  const [creating, setCreating] = useState(false);
  const [exporting, setExporting] = useState(false);
  const list = usePagedList<Invoice, InvoiceFilter>(
    TUITION_KEY,
    (req, cancel) => paymentCalls.invoices(req, cancel),
    {},
    {
      list: 'invoices',
    },
  );
  const reload = () => void list.reload();
  const money = (v: number, currency: string) => formatMoney(v, currency, lang);

  const issue = (row: Invoice) =>
    confirm({
      title: t('payment.issueTitle', { no: row.invoiceNo, name: row.studentName }),
      content: t('payment.issueText'),
      okText: t('payment.issue'),
      onOk: async () => {
        await paymentCalls.issue(row.id);
        message.success(t('payment.issueDone', { no: row.invoiceNo }));
        reload();
      },
    });
  const pendingSelected = (list.data?.list ?? []).filter(
    (r) => selection.selected.includes(r.id) && r.status === Pending,
  );
  const issueSelected = () =>
    confirm({
      title: t('payment.issueManyTitle', { count: pendingSelected.length }),
      content: t('payment.issueText'),
      okText: t('payment.issue'),
      onOk: async () => {
        const { issued } = await paymentCalls.issueMany(pendingSelected.map((r) => r.id));
        message.success(t('payment.issueManyDone', { count: issued }));
        selection.setSelected([]);
        reload();
      },
    });

  async function exportSheet() {
    setExporting(true);
    try {
      await paymentCalls.exportInvoices(list.filters, lang);
    } catch {
      // The request client has said why.
    } finally {
      setExporting(false);
    }
  }

  const actions: RowAction<Invoice>[] = visibleActions([
    { key: 'view', label: t('payment.view'), icon: <EyeOutlined />, onClick: (row) => setViewing(row.id) },
    {
      key: 'issue',
      label: t('payment.issue'),
      icon: <SendOutlined />,
      allowed: canInvoice,
      disabled: (row) => row.status !== Pending && t('payment.issueLock'),
      onClick: issue,
    },
    {
      key: 'collect',
      label: t('payment.collect'),
      icon: <MoneyCollectOutlined />,
      allowed: canCollect,
      disabled: (row) => !collectable(row) && t('payment.collectLock'),
      onClick: setCollecting,
    },
    {
      key: 'cancel',
      label: t('payment.cancelInvoice'),
      icon: <StopOutlined />,
      danger: true,
      allowed: canInvoice,
      disabled: (row) => !cancellable(row) && t('payment.cancelLock'),
      onClick: setCancelling,
    },
  ]);

  const columns: TableColumnsType<Invoice> = [
    {
      key: 'invoice',
      title: t('payment.invoice'),
      width: 190,
      render: (_, i) => (
        <div>
          <div>{i.title}</div>
          <Typography.Text type="secondary" className="pay-sub">
            {i.invoiceNo}
          </Typography.Text>
        </div>
      ),
    },
    {
      key: 'student',
      title: t('payment.student'),
      width: 170,
      render: (_, i) => (
        <div>
          <div>{i.studentName}</div>
          <Typography.Text type="secondary" className="pay-sub pay-cut" title={i.teamName ?? undefined}>
            {[i.userName, i.teamName].filter(Boolean).join(' · ')}
          </Typography.Text>
        </div>
      ),
    },
    {
      key: 'total',
      title: t('payment.total'),
      width: 115,
      align: 'right',
      render: (_, i) => (
        <div>
          <div className="pay-figure">{money(i.total, i.currency)}</div>
          {i.discount > 0 && (
            <Typography.Text type="secondary" className="pay-sub">
              {t('payment.discountOf', { amount: money(i.discount, i.currency) })}
            </Typography.Text>
          )}
        </div>
      ),
    },
    {
      key: 'paid',
      title: t('payment.paid'),
      width: 115,
      align: 'right',
      render: (_, i) => <span className="pay-figure">{money(i.paid, i.currency)}</span>,
    },
    {
      key: 'outstanding',
      title: t('payment.outstanding'),
      width: 115,
      align: 'right',
      render: (_, i) => (
        <span className={`pay-figure${i.overdue ? ' pay-loss' : ''}`}>{money(i.outstanding, i.currency)}</span>
      ),
    },
    {
      key: 'nextDue',
      title: t('payment.nextDue'),
      width: 110,
      render: (_, i) =>
        i.nextDue ? (
          <div>
            <div>{i.nextDue}</div>
            {i.overdue && <Tag color="error">{t('payment.overdue')}</Tag>}
          </div>
        ) : (
          '—'
        ),
    },
    {
      key: 'status',
      title: t('payment.status'),
      width: 110,
      render: (_, i) => (
        <Tag color={invoiceStatusLabels[i.status].color}>{labelOf(invoiceStatusLabels, i.status, lang)}</Tag>
      ),
    },
    {
      key: 'actions',
      title: t('common.actions'),
      fixed: 'right',
      width: 36 * actions.length + 16,
      render: (_, i) => <RowActionButtons actions={actions} row={i} name={i.invoiceNo} />,
    },
  ];

  return (
    <>
      <ResourceListPage<Invoice, InvoiceFilter>
        list={list}
        columns={columns}
        emptyText={t('payment.invoicesEmpty')}
        filterFormName="invoice-filter"
        toFilter={toFilter}
        selectable={canInvoice}
        selection={selection}
        canSelect={(row) => row.status === Pending}
        filterFields={
          <>
            <EnumFilter name="status" label={t('payment.status')} labels={invoiceStatusLabels} width={130} />
            <SelectFilter
              name="semesterId"
              label={t('payment.semester')}
              width={170}
              loading={semesters.isPending}
              options={semesters.data}
            />
            <SelectFilter
              name="structureId"
              label={t('payment.structure')}
              width={180}
              searchable
              loading={structures.isPending}
              options={(structures.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
            />
            <ClassFilter label={t('payment.class')} width={160} searchable />
            <KeywordFilter label={t('payment.keyword')} placeholder={t('payment.keywordHint')} width={220} />
            <CheckFilter name="overdue">{t('payment.overdueOnly')}</CheckFilter>
          </>
        }
        toolbar={
          <>
            {canInvoice && (
              <Button type="primary" icon={<ThunderboltOutlined />} onClick={() => setGenerating(true)}>
                {t('payment.generate')}
              </Button>
            )}
            {canInvoice && (
              <Button icon={<FileAddOutlined />} onClick={() => setCreating(true)}>
                {t('payment.createInvoice')}
              </Button>
            )}
            {canInvoice && (
              <Button icon={<SendOutlined />} disabled={pendingSelected.length === 0} onClick={issueSelected}>
                {t('payment.issueSelected')}
                {pendingSelected.length > 0 && ` (${pendingSelected.length})`}
              </Button>
            )}
            {canExport && (
              <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportSheet()}>
                {t('payment.export')}
              </Button>
            )}
          </>
        }
      />
      <InvoiceDrawer invoiceId={viewing} onClose={() => setViewing(null)} onChanged={reload} />
      <CollectDialog invoice={collecting} onClose={() => setCollecting(null)} onDone={reload} />
      <CancelInvoiceDialog invoice={cancelling} onClose={() => setCancelling(null)} onDone={reload} />
      <GenerateDialog open={generating} onClose={() => setGenerating(false)} onDone={reload} />
      <InvoiceCreateDrawer open={creating} onClose={() => setCreating(false)} onDone={reload} />
    </>
  );
}
