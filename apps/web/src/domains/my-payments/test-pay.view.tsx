import { ExperimentOutlined, WarningFilled } from '@ant-design/icons';
import { labelOf, type PaymentPurpose, PaymentStatus, paymentStatusLabels } from '@lyceum/contract';
import { App, Button, Result, Space, Spin } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useLang } from '../../shell/i18n';
import { LanguageSwitch } from '../../shell/language-switch';
import { usePageTitle } from '../../shell/page-title';
import { ApiError } from '../../shell/request';
import { formatMoney } from '../../ui/money-format';
import { MY_PAYMENTS_PATH, myPayCalls } from './my-payments-api';
import { useMyPayTexts } from './my-payments-texts';
import './test-pay.css';

type View = Awaited<ReturnType<typeof myPayCalls.testView>>;
type Done = 'paid' | 'declined' | null;

// Back to Orders & fees on the tab of what was paid.
const backPath = (purpose: PaymentPurpose | undefined) =>
  purpose === 'tuition' ? `${MY_PAYMENTS_PATH}?tab=fees` : MY_PAYMENTS_PATH;
const RETURN_AFTER_MS = 2500;

// The test provider's page (/pay/test/:paymentNo), where a test payment's payUrl sends the payer: a
// page of its own, outside the shell, as a real provider's is. It says everywhere that no money
// moves. Pay or Decline makes the test provider post its signed notification to the server's
// notify route, the same path a real provider's takes; then back to Orders & fees.
export default function TestPayView() {
  const { t } = useMyPayTexts();
  const lang = useLang();
  const navigate = useNavigate();
  const paymentNo = useParams().paymentNo ?? '';
  usePageTitle(t('myPay.testProvider'));
  const [view, setView] = useState<View | null>(null);
  const [missing, setMissing] = useState(false);
  const [busy, setBusy] = useState<Done>(null);
  const [done, setDone] = useState<Done>(null);
  const [outcome, setOutcome] = useState<string | null>(null);

  useEffect(() => {
    const cancel = new AbortController();
    myPayCalls.testView(paymentNo, { signal: cancel.signal }).then(setView, (err: unknown) => {
      if (err instanceof ApiError && !cancel.signal.aborted) setMissing(true);
    });
    return () => cancel.abort();
  }, [paymentNo]);

  // Paid: back to Orders & fees by itself after a moment.
  useEffect(() => {
    if (done !== 'paid') return;
    const timer = setTimeout(() => navigate(backPath(view?.purpose)), RETURN_AFTER_MS);
    return () => clearTimeout(timer);
  }, [done, navigate, view?.purpose]);

  async function answer(choice: 'paid' | 'declined') {
    setBusy(choice);
    try {
      const result = await myPayCalls.testComplete(paymentNo, choice);
      setOutcome(result.outcome === 'applied' || result.outcome === 'notPaid' ? null : result.outcome);
      setDone(choice);
    } catch {
      // The request client has said why.
    } finally {
      setBusy(null);
    }
  }

  const back = (
    <Button type="primary" onClick={() => navigate(backPath(view?.purpose))}>
      {t('myPay.testBack')}
    </Button>
  );
  let body: ReactNode;
  if (missing) body = <Result status="warning" title={t('myPay.testNotFound')} extra={back} />;
  else if (!view) body = <Spin size="large" className="test-pay-spin" />;
  else if (done)
    body = (
      <Result
        status={done === 'paid' ? 'success' : 'info'}
        title={t(done === 'paid' ? 'myPay.testPaidTitle' : 'myPay.testDeclinedTitle')}
        subTitle={
          <>
            {t(done === 'paid' ? 'myPay.testPaidText' : 'myPay.testDeclinedText')}
            {outcome && <div>{t('myPay.testOutcome', { outcome })}</div>}
          </>
        }
        extra={back}
      />
    );
  else if (view.status !== PaymentStatus.Awaiting)
    body = (
      <Result
        status="info"
        title={t('myPay.testGone', { status: labelOf(paymentStatusLabels, view.status, lang) })}
        extra={back}
      />
    );
  else
    body = (
      <>
        <dl className="test-pay-facts">
          <dt>{t('myPay.testPayFor')}</dt>
          <dd>{view.subject}</dd>
          <dt>{t('myPay.testAmount')}</dt>
          <dd className="test-pay-amount" data-testid="test-pay-amount">
            {formatMoney(view.amount, view.currency, lang)}
          </dd>
          <dt>{t('myPay.testNo')}</dt>
          <dd className="test-pay-no">{view.paymentNo}</dd>
        </dl>
        <Space className="test-pay-actions" wrap>
          <Button
            type="primary"
            size="large"
            loading={busy === 'paid'}
            disabled={busy !== null}
            onClick={() => void answer('paid')}
          >
            {t('myPay.testPay')}
          </Button>
          <Button
            size="large"
            loading={busy === 'declined'}
            disabled={busy !== null}
            onClick={() => void answer('declined')}
          >
            {t('myPay.testDecline')}
          </Button>
        </Space>
      </>
    );

  return (
    <App>
      <div className="test-pay-page">
        <div className="test-pay-banner" role="note">
          <WarningFilled aria-hidden /> {t('myPay.testBanner')}
        </div>
        <div className="test-pay-lang">
          <LanguageSwitch />
        </div>
        <main className="test-pay-card">
          <header className="test-pay-header">
            <span className="test-pay-logo" aria-hidden>
              <ExperimentOutlined />
            </span>
            <h1>{t('myPay.testProvider')}</h1>
          </header>
          <p className="test-pay-intro">{t('myPay.testIntro')}</p>
          {body}
        </main>
      </div>
    </App>
  );
}
