import { ApiOutlined, CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import {
  type PaymentChannelRow,
  paymentChannelMeta,
  type ResourceMeta,
  type ScreenPrefix,
  zPaymentChannelCreate,
} from '@lyceum/contract';
import { App, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { ResourceScreen } from '../../crud/resource-screen';
import { usePermission } from '../../shell/permission';
import { providerName, usePayWords } from '../../ui/payment-words';
import { ChannelEditor } from './channel-editor';
import { paymentCalls } from './payment-api';
import { usePaymentTexts } from './payment-words';

// The channels are behind payment:settings alone (reading included), so the kit is told who may act
// through `can`; the prefix is only the resource's name here (no Excel buttons).
const meta: ResourceMeta = { ...paymentChannelMeta, permission: 'payment' as ScreenPrefix };

// How students pay online (payment:settings): the test provider for trying the whole path without
// money, Alipay with the school's keys. Test asks the provider about a made-up payment with the
// stored keys: reachable and keys accepted, or why not.
export function ChannelsTab() {
  const { t } = usePaymentTexts();
  const words = usePayWords();
  const { modal } = App.useApp();
  const canSettings = usePermission(['payment:settings']);
  const [testing, setTesting] = useState<number | null>(null);

  async function test(row: PaymentChannelRow) {
    setTesting(row.id);
    try {
      const answer = await paymentCalls.testChannel(row.id);
      (answer.ok ? modal.success : modal.error)({
        title: answer.ok ? t('payment.testOk', { name: row.name }) : t('payment.testFailed', { name: row.name }),
        content: <Typography.Paragraph type="secondary">{answer.detail}</Typography.Paragraph>,
      });
    } catch {
      // The request client has said why.
    } finally {
      setTesting(null);
    }
  }

  const columns = (base: TableColumnsType<PaymentChannelRow>): TableColumnsType<PaymentChannelRow> => {
    const byKey = (key: string) => base.find((c) => c.key === key);
    return [
      { ...byKey('name'), width: 180 },
      {
        ...byKey('provider'),
        ellipsis: false,
        width: 260,
        render: (_: unknown, row) => (
          <span>
            {providerName(words.t, row.provider)}
            {row.provider === 'test' && (
              <Tag color="orange" className="pay-test-tag">
                {words.t('payWords.testTag')}
              </Tag>
            )}
          </span>
        ),
      },
      { ...byKey('appId'), width: 160, render: (_: unknown, row) => row.appId ?? '—' },
      {
        ...byKey('gateway'),
        width: undefined,
        ellipsis: true,
        render: (_: unknown, row) => row.gateway || (row.provider === 'alipay' ? t('payment.gatewayProduction') : '—'),
      },
      {
        key: 'hasPrivateKey',
        title: t('payment.privateKey'),
        width: 120,
        render: (_: unknown, row) =>
          row.provider === 'test' ? (
            '—'
          ) : row.hasPrivateKey ? (
            <Tag icon={<CheckCircleFilled />} color="success">
              {t('payment.keyStored')}
            </Tag>
          ) : (
            <Tag icon={<CloseCircleFilled />} color="error">
              {t('payment.keyMissing')}
            </Tag>
          ),
      },
      { ...byKey('enabled') },
    ];
  };

  return (
    <ResourceScreen<PaymentChannelRow>
      meta={meta}
      schema={zPaymentChannelCreate}
      slots={{
        can: { create: canSettings, update: canSettings, remove: canSettings },
        createLabel: t('payment.channelCreate'),
        transfer: false,
        columns,
        rowActions: [
          {
            key: 'test',
            label: t('payment.test'),
            icon: <ApiOutlined />,
            disabled: (row) =>
              testing === row.id
                ? t('payment.testing')
                : row.provider === 'alipay' && !row.hasPrivateKey && t('payment.keyMissing'),
            onClick: (row) => void test(row),
          },
        ],
        emptyText: t('payment.channelsEmpty'),
        filterFormName: 'payment-channel-filter',
        editor: ({ editing, close, saved }) => <ChannelEditor editing={editing} onClose={close} onSaved={saved} />,
      }}
    />
  );
}
