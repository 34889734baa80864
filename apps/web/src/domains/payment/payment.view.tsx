import { usePermission } from '../../shell/permission';
import { AddressTabs } from '../../ui/address-tabs';
import { ChannelsTab } from './channels-tab';
import { InvoicesTab } from './invoices-tab';
import { OverdueTab } from './overdue-tab';
import { usePaymentTexts } from './payment-words';
import { PaymentsTab } from './payments-tab';
import { ReconciliationTab } from './reconciliation-tab';
import { StructuresTab } from './structures-tab';
import './payment.css';

// Tuition payments (a bursar's page): invoices and their collection at the desk, the fee structures
// they are made from, who is overdue, every payment, the daily reconciliation and the payment
// channels. Each change needs its button (payment:invoice, :collect, :refund, :remind, :export,
// :settings); the reconciliation and the channels show only to those who hold theirs. The tab is in
// the address, so a reload keeps it.
export default function PaymentView() {
  const { t } = usePaymentTexts();
  const canReconcile = usePermission(['payment:export', 'order:page']);
  const canSettings = usePermission(['payment:settings']);
  const allowed = (key: string) => (key !== 'reconciliation' || canReconcile) && (key !== 'channels' || canSettings);

  const items = [
    { key: 'invoices', label: t('payment.tabInvoices'), children: <InvoicesTab /> },
    { key: 'structures', label: t('payment.tabStructures'), children: <StructuresTab /> },
    { key: 'overdue', label: t('payment.tabOverdue'), children: <OverdueTab /> },
    { key: 'payments', label: t('payment.tabPayments'), children: <PaymentsTab /> },
    { key: 'reconciliation', label: t('payment.tabReconciliation'), children: <ReconciliationTab /> },
    { key: 'channels', label: t('payment.tabChannels'), children: <ChannelsTab /> },
  ].filter((item) => allowed(item.key));
  return <AddressTabs items={items} className="pay-screen" />;
}
