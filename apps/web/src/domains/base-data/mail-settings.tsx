import {
  type CurrentUser,
  enumValues,
  labelOf,
  MAIL_LANGS,
  type MailLang,
  MailSecurity,
  type MailSettings,
  type MailSettingsRow,
  mailSecurityLabels,
  zMailSettings,
  zTestMailRequest,
} from '@lyceum/contract';
import { api } from '@lyceum/contract/routes';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, InputNumber, Modal, Radio, Select, Space, Switch, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useConfirm } from '../../crud/confirm';
import { useSubmit } from '../../crud/form-save';
import { zodRule } from '../../crud/zod-rules';
import { useLang } from '../../shell/i18n';
import { call } from '../../shell/request';
import { useMailSettingsTexts } from './mail-settings-texts';

// The organisation's e-mail (SMTP) settings (issue 29): shown only to those who may change the
// settings. The password is never sent back: the field says whether one is saved, an empty field
// keeps it, and removing it asks first. The test e-mail goes through the saved settings.

interface Values {
  enabled: boolean;
  host?: string | null;
  port: number;
  security: MailSecurity;
  userName?: string | null;
  password?: string;
  fromAddress?: string | null;
  fromName?: string | null;
  lang: MailLang;
  timeZone: string;
}

const KEY = ['systemConfig', 'mail'];
const fields = zMailSettings.shape;
// The port each kind of security usually has, offered when the security changes.
const PORTS: Record<MailSecurity, number> = {
  [MailSecurity.None]: 25,
  [MailSecurity.StartTls]: 587,
  [MailSecurity.Tls]: 465,
};
// Each language named in itself.
const LANG_NAMES: Record<MailLang, string> = { en: 'English', zh: '简体中文' };

function valuesOf(row: MailSettingsRow): Values {
  const { passwordSet: _set, updateTime: _time, ...rest } = row;
  return { ...rest, password: '' };
}

// What a save sends: the saved row's fields, the form's values over them.
function bodyOf(values: Values): MailSettings {
  return { ...values, password: values.password || null };
}

export function MailSettingsCard() {
  const { t } = useMailSettingsTexts();
  const lang = useLang();
  const { message } = App.useApp();
  const confirm = useConfirm();
  const client = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [dirty, setDirty] = useState(false);
  const [testing, setTesting] = useState(false);
  const enabled = Form.useWatch('enabled', form) ?? false;
  const settings = useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => call(api.systemConfig.mail, {}, { signal, retry: 2 }),
  });
  const saved = settings.data;
  const zones = useMemo(() => Intl.supportedValuesOf('timeZone').map((z) => ({ value: z, label: z })), []);

  useEffect(() => {
    if (!saved) return;
    form.setFieldsValue(valuesOf(saved));
    setDirty(false);
  }, [saved, form]);

  const { saving, submit } = useSubmit(form, async (values: Values) => {
    const row = await call(api.systemConfig.saveMail, { body: bodyOf(values) }, { loading: true });
    client.setQueryData(KEY, row);
    message.success(t('mailSettings.saved'));
  });

  function forgetPassword() {
    if (!saved) return;
    confirm({
      title: t('mailSettings.forgetTitle'),
      content: t('mailSettings.forgetHint'),
      danger: true,
      okText: t('mailSettings.forgetOk'),
      onOk: async () => {
        // The saved settings as they are, the password removed: unsaved edits stay in the form.
        const row = await call(
          api.systemConfig.saveMail,
          { body: { ...bodyOf(valuesOf(saved)), forgetPassword: true } },
          { loading: true },
        );
        client.setQueryData(KEY, row);
        message.success(t('mailSettings.forgotten'));
      },
    });
  }

  if (!saved) return <Card title={t('mailSettings.title')} loading />;
  const testBlocked = !saved.enabled ? t('mailSettings.testOff') : dirty ? t('mailSettings.testUnsaved') : null;
  const required = (label: string) => ({
    required: enabled,
    whitespace: true,
    message: t('validation.required', { field: label }),
  });
  return (
    <Card title={t('mailSettings.title')} extra={<span className="card-hint">{t('mailSettings.hint')}</span>}>
      <Form<Values>
        form={form}
        name="mailSettings"
        layout="vertical"
        onFinish={submit}
        onValuesChange={(changed: Partial<Values>) => {
          setDirty(true);
          // A port left at the usual one follows the security's usual port.
          const port = form.getFieldValue('port') as number | null;
          if (changed.security && Object.values(PORTS).includes(port ?? 0)) {
            form.setFieldValue('port', PORTS[changed.security]);
          }
        }}
        style={{ maxWidth: 640 }}
      >
        <Form.Item name="enabled" label={t('mailSettings.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Space wrap align="start" size={16}>
          <Form.Item
            name="host"
            label={t('mailSettings.host')}
            rules={[required(t('mailSettings.host')), zodRule(fields.host, t)]}
            style={{ width: 320 }}
          >
            <Input placeholder={t('mailSettings.hostPlaceholder')} autoComplete="off" />
          </Form.Item>
          <Form.Item name="port" label={t('mailSettings.port')} rules={[zodRule(fields.port, t)]}>
            <InputNumber style={{ width: 120 }} />
          </Form.Item>
        </Space>
        <Form.Item name="security" label={t('mailSettings.security')} extra={t('mailSettings.securityHint')}>
          <Radio.Group
            options={enumValues(mailSecurityLabels).map((v) => ({
              value: v,
              label: labelOf(mailSecurityLabels, v, lang),
            }))}
          />
        </Form.Item>
        <Form.Item name="userName" label={t('mailSettings.userName')} rules={[zodRule(fields.userName, t)]}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item label={t('mailSettings.password')}>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item name="password" noStyle rules={[zodRule(fields.password, t)]}>
              <Input.Password
                autoComplete="new-password"
                aria-label={t('mailSettings.password')}
                placeholder={saved.passwordSet ? t('mailSettings.passwordSet') : t('mailSettings.passwordNotSet')}
              />
            </Form.Item>
            {saved.passwordSet && (
              <Button danger htmlType="button" onClick={forgetPassword}>
                {t('mailSettings.forgetPassword')}
              </Button>
            )}
          </Space.Compact>
        </Form.Item>
        <Space wrap align="start" size={16}>
          <Form.Item
            name="fromAddress"
            label={t('mailSettings.fromAddress')}
            rules={[required(t('mailSettings.fromAddress')), zodRule(fields.fromAddress, t)]}
            style={{ width: 320 }}
          >
            <Input inputMode="email" autoComplete="off" />
          </Form.Item>
          <Form.Item
            name="fromName"
            label={t('mailSettings.fromName')}
            rules={[zodRule(fields.fromName, t)]}
            style={{ width: 240 }}
          >
            <Input placeholder={t('mailSettings.fromNamePlaceholder')} autoComplete="off" />
          </Form.Item>
        </Space>
        <Form.Item name="lang" label={t('mailSettings.lang')} extra={t('mailSettings.langHint')}>
          <Radio.Group options={MAIL_LANGS.map((l) => ({ value: l, label: LANG_NAMES[l] }))} />
        </Form.Item>
        <Form.Item name="timeZone" label={t('mailSettings.timeZone')} rules={[zodRule(fields.timeZone, t)]}>
          <Select showSearch={{ optionFilterProp: 'label' }} options={zones} style={{ width: 320 }} />
        </Form.Item>
        <Space wrap>
          <Button type="primary" htmlType="submit" loading={saving}>
            {t('mailSettings.save')}
          </Button>
          <Button
            htmlType="button"
            onClick={() => {
              form.setFieldsValue(valuesOf(saved));
              setDirty(false);
            }}
          >
            {t('common.reset')}
          </Button>
          <Button htmlType="button" disabled={testBlocked !== null} onClick={() => setTesting(true)}>
            {t('mailSettings.test')}
          </Button>
          <Typography.Text type="secondary">{testBlocked ?? t('mailSettings.testHint')}</Typography.Text>
        </Space>
      </Form>
      <TestMailModal
        open={testing}
        onClose={() => setTesting(false)}
        to={client.getQueryData<CurrentUser>(['currentUser'])?.email ?? ''}
      />
    </Card>
  );
}

// The address to send the test to (the caller's own by default); the server's answer on success,
// its refusal toasted by the request client otherwise.
function TestMailModal({ open, onClose, to }: { open: boolean; onClose: () => void; to: string }) {
  const { t } = useMailSettingsTexts();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ to: string }>();
  const { saving, submit } = useSubmit(form, async ({ to: address }: { to: string }) => {
    const result = await call(api.systemConfig.testMail, { body: { to: address } }, { loading: true });
    message.success({ content: t('mailSettings.testSent', result), duration: 8 });
    onClose();
  });
  return (
    <Modal
      open={open}
      title={t('mailSettings.testTitle')}
      onCancel={onClose}
      okText={t('mailSettings.testSend')}
      onOk={() => form.submit()}
      okButtonProps={{ loading: saving }}
      destroyOnHidden
    >
      <Form form={form} name="testMail" layout="vertical" initialValues={{ to }} onFinish={submit}>
        <Form.Item
          name="to"
          label={t('mailSettings.testTo')}
          rules={[
            {
              required: true,
              whitespace: true,
              message: t('validation.required', { field: t('mailSettings.testTo') }),
            },
            zodRule(zTestMailRequest.shape.to, t),
          ]}
        >
          <Input inputMode="email" autoComplete="email" autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
