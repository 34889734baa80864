import { CloseOutlined, PrinterOutlined } from '@ant-design/icons';
import { labelOf, offlineMethodLabels, type TuitionReceipt } from '@lyceum/contract';
import { Button, Result, Space, Spin, Tag } from 'antd';
import dayjs from 'dayjs';
import { type ReactNode, useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { useLang } from '../../shell/i18n';
import { LanguageSwitch } from '../../shell/language-switch';
import { usePageTitle } from '../../shell/page-title';
import { ApiError } from '../../shell/request';
import { formatMoney } from '../../ui/money-format';
import { providerName, usePayWords } from '../../ui/payment-words';
import { TIME } from '../../ui/portal-format';
import { paymentCalls } from './payment-api';
import { usePaymentTexts } from './payment-words';
import '../../ui/print-page.css';
import './receipt-print.css';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="receipt-row">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

// The receipt itself: an A5 sheet with the school, the number, who paid what for which invoice, how,
// what it was put against, and what the invoice still owed after it.
export function ReceiptSheet({ receipt }: { receipt: TuitionReceipt }) {
  const { t } = usePaymentTexts();
  const words = usePayWords();
  const lang = useLang();
  const money = (v: number) => formatMoney(v, receipt.currency, lang);
  const how =
    receipt.provider === 'offline' && receipt.method !== null
      ? labelOf(offlineMethodLabels, receipt.method, lang)
      : providerName(words.t, receipt.provider);
  return (
    <article className="receipt-sheet" data-testid="receipt" aria-label={t('payment.receiptTitle')}>
      <header className="receipt-head">
        <div className="receipt-school">{receipt.school}</div>
        <h1 className="receipt-title">
          {t('payment.receiptTitle')}
          {receipt.provider === 'test' && (
            <Tag color="orange" className="receipt-test">
              {t('payment.receiptTest')}
            </Tag>
          )}
        </h1>
        <div className="receipt-number">
          <span>{t('payment.receiptNo')}</span>
          <strong data-testid="receipt-no">{receipt.receiptNo ?? receipt.paymentNo}</strong>
        </div>
      </header>
      <dl className="receipt-facts">
        <Row label={t('payment.receiptFrom')}>
          {receipt.student.name} ({receipt.student.userName})
          {receipt.student.teamName && ` · ${receipt.student.teamName}`}
        </Row>
        <Row label={t('payment.receiptFor')}>
          {receipt.invoice.title} · {receipt.invoice.invoiceNo}
        </Row>
        <Row label={t('payment.receiptDate')}>{receipt.paidAt ? dayjs(receipt.paidAt).format(TIME) : '—'}</Row>
        <Row label={t('payment.receiptMethod')}>
          {how}
          {receipt.providerTradeNo && ` · ${receipt.providerTradeNo}`}
        </Row>
        {receipt.note && <Row label={t('payment.note')}>{receipt.note}</Row>}
      </dl>
      <div className="receipt-amount">
        <span>{t('payment.receiptAmount')}</span>
        <strong data-testid="receipt-amount">{money(receipt.amount)}</strong>
      </div>
      {receipt.allocations.length > 0 && (
        <table className="receipt-table">
          <caption>{t('payment.receiptAllocations')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('payment.instalment')}</th>
              <th scope="col">{t('payment.dueDate')}</th>
              <th scope="col" className="receipt-num">
                {t('payment.amount')}
              </th>
            </tr>
          </thead>
          <tbody>
            {receipt.allocations.map((a) => (
              <tr key={`${a.seq}-${a.dueDate}`}>
                <td>{t('payment.instalmentN', { n: a.seq })}</td>
                <td>{a.dueDate}</td>
                <td className="receipt-num">{money(a.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <dl className="receipt-totals">
        <Row label={t('payment.invoiceTotal')}>{money(receipt.invoice.total)}</Row>
        <Row label={t('payment.outstandingAfter')}>{money(receipt.outstandingAfter)}</Row>
        {receipt.refunded > 0 && <Row label={t('payment.refundedSince')}>{money(receipt.refunded)}</Row>}
      </dl>
      <footer className="receipt-foot">
        <span>
          {t('payment.receiptBursar')} {receipt.bursar ?? t('payment.receiptOnline')}
        </span>
        <span className="receipt-sign">
          {t('payment.receiptSignature')}
          <span className="receipt-line" />
        </span>
      </footer>
    </article>
  );
}

// A payment's receipt on a page of its own (/pay/receipt/:paymentId), outside the shell, opened in a
// new tab beside the screen: the browser prints it or saves it as a PDF. The payer or staff who read
// tuition may open it.
export default function ReceiptPrintView() {
  const { t } = usePaymentTexts();
  const paymentId = Number(useParams().paymentId);
  const [receipt, setReceipt] = useState<TuitionReceipt | null>(null);
  const [missing, setMissing] = useState(false);
  usePageTitle(
    receipt ? `${t('payment.receiptTitle')} ${receipt.receiptNo ?? receipt.paymentNo}` : t('payment.receiptTitle'),
  );

  useEffect(() => {
    const cancel = new AbortController();
    if (!Number.isInteger(paymentId) || paymentId <= 0) {
      setMissing(true);
      return;
    }
    paymentCalls.receipt(paymentId, { signal: cancel.signal }).then(setReceipt, (err: unknown) => {
      if (err instanceof ApiError && !cancel.signal.aborted) setMissing(true);
    });
    return () => cancel.abort();
  }, [paymentId]);

  return (
    <div className="receipt-page">
      <Space className="receipt-toolbar print-hidden" wrap>
        <Button type="primary" icon={<PrinterOutlined />} disabled={!receipt} onClick={() => window.print()}>
          {t('payment.print')}
        </Button>
        <Button icon={<CloseOutlined />} onClick={() => window.close()}>
          {t('payment.closePage')}
        </Button>
        <LanguageSwitch />
      </Space>
      {missing ? (
        <Result status="warning" title={t('payment.receiptMissing')} />
      ) : receipt ? (
        <ReceiptSheet receipt={receipt} />
      ) : (
        <Spin size="large" className="receipt-spin" />
      )}
    </div>
  );
}
