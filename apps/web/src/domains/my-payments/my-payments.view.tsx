import { Card, Tabs } from 'antd';
import { useNavigate } from 'react-router';
import { useTabLocation } from '../../shell/layout/tabs-store';
import { MyCourseOrders } from './my-course-orders';
import { MyFees } from './my-fees';
import { MyPaymentList } from './my-payment-list';
import { useMyPayTexts } from './my-payments-texts';
import './my-payments.css';

const TABS = ['orders', 'fees', 'payments'] as const;
type TabKey = (typeof TABS)[number];
const tabOf = (v: string | undefined): TabKey =>
  (TABS as readonly string[]).includes(v ?? '') ? (v as TabKey) : 'orders';

// Orders & fees (students, /study/payments): the course orders they made (pay, check, cancel), the
// tuition invoices the school issued them (instalments, pay online, receipts) and every payment.
// Paying leaves for the provider's page, which comes back here. The tab is in the address.
export default function MyPaymentsView() {
  const { t } = useMyPayTexts();
  const tab = useTabLocation();
  const navigate = useNavigate();
  const shown = tabOf(tab?.query.tab);
  const path = tab?.path ?? window.location.pathname;
  const items = [
    { key: 'orders', label: t('myPay.tabOrders'), children: <MyCourseOrders /> },
    { key: 'fees', label: t('myPay.tabFees'), children: <MyFees /> },
    { key: 'payments', label: t('myPay.tabPayments'), children: <MyPaymentList /> },
  ];
  return (
    <Card size="small" className="my-pay">
      <Tabs
        activeKey={shown}
        onChange={(key) => navigate(key === 'orders' ? path : `${path}?tab=${key}`, { replace: true })}
        destroyOnHidden
        items={items}
      />
    </Card>
  );
}
