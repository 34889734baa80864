import { ONLINE_PROVIDERS, type OnlineProvider, type PaymentChannelRow, zPaymentChannelCreate } from '@lyceum/contract';
import { Alert, App, Form, Input, Select, Switch } from 'antd';
import { useEffect } from 'react';
import { EditorDrawer, useFormSave } from '../../crud/form-save';
import { useKitTexts } from '../../crud/i18n';
import type { Editing } from '../../crud/screen-slots';
import { zodRule } from '../../crud/zod-rules';
import { useRequired } from '../../ui/editor-kit';
import { providerName, usePayWords } from '../../ui/payment-words';
import { type ChannelSave, channelApi } from './payment-api';
import { usePaymentTexts } from './payment-words';

interface Values {
  provider: OnlineProvider;
  name?: string;
  enabled: boolean;
  appId?: string;
  privateKey?: string;
  providerPublicKey?: string;
  gateway?: string;
}

const shape = zPaymentChannelCreate.shape;
// Alipay's sandbox, offered as a placeholder (empty: Alipay's production gateway).
const SANDBOX = 'https://openapi-sandbox.dl.alipaydev.com/gateway.do';

// A payment channel: the test provider (no keys: it moves no money, and says so to every payer) or
// Alipay with the app's id, the app's private key (written, never read back: blank on an edit keeps
// the stored one), Alipay's public key and the gateway.
export function ChannelEditor({
  editing,
  onClose,
  onSaved,
}: {
  editing: Editing<PaymentChannelRow> | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = usePaymentTexts();
  const kit = useKitTexts();
  const words = usePayWords();
  const { message } = App.useApp();
  const required = useRequired();
  const [form] = Form.useForm<Values>();
  const provider = (Form.useWatch('provider', form) as OnlineProvider | undefined) ?? 'alipay';
  const row = editing?.kind === 'edit' ? editing.row : null;

  useEffect(() => {
    if (!editing) return;
    form.resetFields();
    form.setFieldsValue(
      row
        ? {
            provider: row.provider,
            name: row.name,
            enabled: row.enabled,
            appId: row.appId ?? '',
            privateKey: '',
            providerPublicKey: row.providerPublicKey ?? '',
            gateway: row.gateway ?? '',
          }
        : { provider: 'alipay', enabled: true },
    );
  }, [editing, row, form]);

  const { saving, save } = useFormSave(form, {
    toBody: (v: Values): ChannelSave => ({
      provider: v.provider,
      name: v.name?.trim() ?? '',
      enabled: v.enabled,
      appId: v.provider === 'alipay' ? v.appId?.trim() || null : null,
      privateKey: v.provider === 'alipay' ? (v.privateKey ?? '').trim() : '',
      providerPublicKey: v.provider === 'alipay' ? v.providerPublicKey?.trim() || null : null,
      gateway: v.provider === 'alipay' ? v.gateway?.trim() || null : null,
    }),
    problems: () => [],
    send: async (body) => {
      if (row) await channelApi.update({ ...body, id: row.id });
      else await channelApi.create(body);
      message.success(t('common.saved'));
      onSaved();
    },
  });

  const alipay = provider === 'alipay';
  return (
    <EditorDrawer
      title={row ? t('payment.channelEditTitle', { name: row.name }) : t('payment.channelNewTitle')}
      open={!!editing}
      saving={saving}
      save={save}
      onClose={onClose}
      hint={t('payment.channelHint')}
      width={600}
    >
      <Form<Values> name="payment-channel" form={form} layout="vertical" scrollToFirstError>
        <Form.Item
          name="provider"
          label={t('payment.provider')}
          rules={[required(t('payment.provider'), { picked: true })]}
        >
          <Select
            disabled={row !== null}
            options={ONLINE_PROVIDERS.map((p) => ({ value: p, label: providerName(words.t, p) }))}
          />
        </Form.Item>
        {provider === 'test' && (
          <Alert type="warning" showIcon title={t('payment.testChannelNote')} className="pay-alert" />
        )}
        <Form.Item
          name="name"
          label={t('payment.channelName')}
          rules={[required(t('payment.channelName')), zodRule(shape.name, kit.t)]}
        >
          <Input autoComplete="off" count={{ show: true, max: 64 }} />
        </Form.Item>
        {alipay && (
          <>
            <Form.Item
              name="appId"
              label={t('payment.appId')}
              rules={[required(t('payment.appId')), zodRule(shape.appId, kit.t)]}
            >
              <Input autoComplete="off" />
            </Form.Item>
            <Form.Item
              name="privateKey"
              label={t('payment.privateKey')}
              extra={
                row
                  ? row.hasPrivateKey
                    ? t('payment.privateKeyKeep')
                    : t('payment.privateKeyNone')
                  : t('payment.privateKeyHint')
              }
              rules={row?.hasPrivateKey ? [] : [required(t('payment.privateKey'))]}
            >
              <Input.TextArea
                autoComplete="off"
                spellCheck={false}
                autoSize={{ minRows: 3, maxRows: 6 }}
                placeholder={row?.hasPrivateKey ? t('payment.privateKeyBlank') : '-----BEGIN PRIVATE KEY-----'}
                className="pay-key"
              />
            </Form.Item>
            <Form.Item
              name="providerPublicKey"
              label={t('payment.publicKey')}
              extra={t('payment.publicKeyHint')}
              rules={[required(t('payment.publicKey')), zodRule(shape.providerPublicKey, kit.t)]}
            >
              <Input.TextArea
                autoComplete="off"
                spellCheck={false}
                autoSize={{ minRows: 3, maxRows: 6 }}
                className="pay-key"
              />
            </Form.Item>
            <Form.Item
              name="gateway"
              label={t('payment.gateway')}
              extra={t('payment.gatewayHint')}
              rules={[zodRule(shape.gateway, kit.t)]}
            >
              <Input inputMode="url" autoComplete="off" placeholder={SANDBOX} />
            </Form.Item>
          </>
        )}
        <Form.Item
          name="enabled"
          label={t('payment.channelEnabled')}
          valuePropName="checked"
          extra={t('payment.channelEnabledHint')}
        >
          <Switch />
        </Form.Item>
      </Form>
    </EditorDrawer>
  );
}
