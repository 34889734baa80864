import type { OnlineProvider } from '@lyceum/contract';
import { api } from '@lyceum/contract/routes';
import { useQuery } from '@tanstack/react-query';
import { Alert, Form, Modal, Radio, Space, Tag, Typography } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useLang } from '../shell/i18n';
import { ApiError, call } from '../shell/request';
import { formatMoney } from './money-format';
import { MoneyInput } from './money-input';
import { goToPay, providerHint, providerName, usePayWords } from './payment-words';
import './pay-choice.css';

export interface PayChoice {
  // What is paid, in the dialog's title ("Pay order C-2026…").
  title: ReactNode;
  amount: number;
  currency: string;
  // Part payments (an invoice's instalments): the payer may lower the amount down to `minAmount`.
  editableAmount?: { min: number; hint?: string };
}

// Choosing how to pay online, then off to the provider's page. `start` asks the server to start the
// payment (a course order's or an invoice's pay) and answers where to go.
export function PayChoiceDialog({
  choice,
  onClose,
  start,
}: {
  choice: PayChoice | null;
  onClose: () => void;
  start: (provider: OnlineProvider, amount: number) => Promise<{ payUrl: string }>;
}) {
  const { t } = usePayWords();
  const lang = useLang();
  const [provider, setProvider] = useState<OnlineProvider | undefined>(undefined);
  const [amount, setAmount] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  // The organisation's channels that are on, read when a payment is chosen.
  const channels = useQuery({
    queryKey: ['payment', 'providers'],
    queryFn: ({ signal }) => call(api.payment.providers, {}, { signal, retry: 2 }),
    enabled: choice !== null,
    staleTime: 30_000,
  });
  // Real money first: the test provider is there for trying things out.
  const ordered = (channels.data ?? [])
    .map((c) => c.provider)
    .sort((a, b) => (a === 'test' ? 1 : 0) - (b === 'test' ? 1 : 0));

  const first = ordered[0];

  // A new payment (or the channels read) starts from the first way to pay and the whole amount.
  useEffect(() => {
    if (!choice) return;
    setProvider(first);
    setAmount(choice.amount);
    setBusy(false);
  }, [choice, first]);

  async function go() {
    if (!choice || !provider || amount === null) return;
    setBusy(true);
    try {
      const { payUrl } = await start(provider, amount);
      goToPay(payUrl);
    } catch (err) {
      // The request client has said why.
      if (!(err instanceof ApiError)) throw err;
      setBusy(false);
    }
  }

  const editable = choice?.editableAmount;
  return (
    <Modal
      open={choice !== null}
      title={choice?.title}
      okText={busy ? t('payWords.redirecting') : t('payWords.goPay')}
      okButtonProps={{
        loading: busy,
        disabled: !provider || amount === null || (editable !== undefined && amount < editable.min),
      }}
      onOk={() => void go()}
      onCancel={onClose}
      destroyOnHidden
    >
      {choice && (
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          {editable ? (
            <Form layout="vertical" name="pay-amount" component="div">
              <Form.Item label={t('payWords.chooseAmount')} extra={editable.hint} style={{ marginBottom: 0 }}>
                <MoneyInput
                  currency={choice.currency}
                  value={amount}
                  min={editable.min}
                  max={choice.amount}
                  onChange={setAmount}
                  aria-label={t('payWords.chooseAmount')}
                />
              </Form.Item>
            </Form>
          ) : (
            <div className="pay-choice-amount">
              <Typography.Text type="secondary">{t('payWords.chooseAmount')}</Typography.Text>
              <div className="pay-choice-figure">{formatMoney(choice.amount, choice.currency, lang)}</div>
            </div>
          )}
          {channels.isPending ? (
            <Typography.Text type="secondary">{t('payWords.loadingProviders')}</Typography.Text>
          ) : ordered.length === 0 ? (
            <Alert type="info" showIcon title={t('payWords.noProviders')} />
          ) : (
            <Radio.Group
              value={provider}
              onChange={(e) => setProvider(e.target.value as OnlineProvider)}
              className="pay-choice-list"
              aria-label={t('payWords.chooseTitle')}
            >
              {ordered.map((p) => (
                <Radio key={p} value={p} className="pay-choice-option">
                  <span className="pay-choice-name">
                    {providerName(t, p)}
                    {p === 'test' && (
                      <Tag color="orange" className="pay-choice-tag">
                        {t('payWords.testTag')}
                      </Tag>
                    )}
                  </span>
                  <Typography.Text type="secondary" className="pay-choice-hint">
                    {providerHint(t, p)}
                  </Typography.Text>
                </Radio>
              ))}
            </Radio.Group>
          )}
        </Space>
      )}
    </Modal>
  );
}
