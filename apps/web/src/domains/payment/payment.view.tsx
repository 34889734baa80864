import { Card, Tabs } from 'antd';
import { useNavigate } from 'react-router';
import { useTabLocation } from '../../shell/layout/tabs-store';
import { usePermission } from '../../shell/permission';
import { ChannelsTab } from './channels-tab';
import { InvoicesTab } from './invoices-tab';
import { OverdueTab } from './overdue-tab';
import { usePaymentTexts } from './payment-words';
import { PaymentsTab } from './payments-tab';
import { ReconciliationTab } from './reconciliation-tab';
import { StructuresTab } from './structures-tab';
import './payment.css';

const TABS = ['invoices', 'structures', 'overdue', 'payments', 'reconciliation', 'channels'] as const;
type TabKey = (typeof TABS)[number];
const tabOf = (v: string | undefined): TabKey =>
  (TABS as readonly string[]).includes(v ?? '') ? (v as TabKey) : 'invoices';

// Tuition payments (a bursar's page): invoices and their collection at the desk, the fee structures
// they are made from, who is overdue, every payment, the daily reconciliation and the payment
// channels. Each change needs its button (payment:invoice, :collect, :refund, :remind, :export,
// :settings); the reconciliation and the channels show only to those who hold theirs. The tab is in
// the address, so a reload keeps it.
export default function PaymentView() {
  const { t } = usePaymentTexts();
  const tab = useTabLocation();
  const navigate = useNavigate();
  const canReconcile = usePermission(['payment:export', 'order:page']);
  const canSettings = usePermission(['payment:settings']);
  const chosen = tabOf(tab?.query.tab);
  const allowed = (key: TabKey) => (key !== 'reconciliation' || canReconcile) && (key !== 'channels' || canSettings);
  const shown: TabKey = allowed(chosen) ? chosen : 'invoices';
  const path = tab?.path ?? window.location.pathname;

  const items = [
    { key: 'invoices', label: t('payment.tabInvoices'), children: <InvoicesTab /> },
    { key: 'structures', label: t('payment.tabStructures'), children: <StructuresTab /> },
    { key: 'overdue', label: t('payment.tabOverdue'), children: <OverdueTab /> },
    { key: 'payments', label: t('payment.tabPayments'), children: <PaymentsTab /> },
    { key: 'reconciliation', label: t('payment.tabReconciliation'), children: <ReconciliationTab /> },
    { key: 'channels', label: t('payment.tabChannels'), children: <ChannelsTab /> },
  ].filter((item) => allowed(item.key as TabKey));
  return (
    <Card size="small" className="pay-screen">
      <Tabs
        activeKey={shown}
        onChange={(key) => navigate(key === 'invoices' ? path : `${path}?tab=${key}`, { replace: true })}
        destroyOnHidden
        items={items}
      />
    </Card>
  );
}
