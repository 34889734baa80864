import { AddressTabs } from '../../ui/address-tabs';
import { MyCourseOrders } from './my-course-orders';
import { MyFees } from './my-fees';
import { MyPaymentList } from './my-payment-list';
import { useMyPayTexts } from './my-payments-texts';
import './my-payments.css';

// Orders & fees (students, /study/payments): the course orders they made (pay, check, cancel), the
// tuition invoices the school issued them (instalments, pay online, receipts) and every payment.
// Paying leaves for the provider's page, which comes back here. The tab is in the address.
export default function MyPaymentsView() {
  const { t } = useMyPayTexts();
  const items = [
    { key: 'orders', label: t('myPay.tabOrders'), children: <MyCourseOrders /> },
    { key: 'fees', label: t('myPay.tabFees'), children: <MyFees /> },
    { key: 'payments', label: t('myPay.tabPayments'), children: <MyPaymentList /> },
  ];
  return <AddressTabs items={items} className="my-pay" />;
}
