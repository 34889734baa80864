import { type CurrentUser, type SystemConfig, systemConfigMeta, zSystemConfig } from '@lyceum/contract';
import { api } from '@lyceum/contract/routes';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Skeleton, Space } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSubmit } from '../../crud/form-save';
import { formBody } from '../../crud/meta-form-drawer';
import { formItem } from '../../crud/meta-inputs';
import type { FormView } from '../../crud/resource-view';
import { useLang } from '../../shell/i18n';
import { usePermission } from '../../shell/permission';
import { call } from '../../shell/request';
import { readOrganizationConfig, saveOrganization } from '../../shell/session';
import { MailSettingsCard } from './mail-settings';

type Values = Record<string, unknown>;

const view: FormView = { meta: systemConfigMeta, schema: zSystemConfig, upload: 'logo' };

// The organisation's settings: one form, read with /get and written with /save.
export default function SystemConfigView() {
  const { t } = useTranslation();
  const lang = useLang();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<Values>();
  const canSave = usePermission(['systemConfig:update']);
  const config = useQuery({
    queryKey: ['systemConfig'],
    queryFn: ({ signal }) => call(api.systemConfig.get, {}, { signal, retry: 2 }),
  });

  useEffect(() => {
    if (config.data) form.setFieldsValue(config.data);
  }, [config.data, form]);

  const { saving, submit: save } = useSubmit(form, async (values: Values) => {
    const body = formBody(view, values) as SystemConfig;
    const saved = await call(api.systemConfig.save, { body }, { loading: true });
    client.setQueryData(['systemConfig'], saved);
    // The shell shows the organisation's face from the current user; update it now, not on next login.
    const me = client.getQueryData<CurrentUser>(['currentUser']);
    const domain = me?.organization.domain ?? readOrganizationConfig()?.domain;
    if (domain) {
      const { name, logo, icpNumber, copyright, themeColor } = saved;
      const organization = { domain, name, logo, icpNumber, copyright, themeColor };
      saveOrganization(organization);
      if (me) client.setQueryData<CurrentUser>(['currentUser'], { ...me, organization });
    }
    message.success(t('common.saved'));
  });

  if (!config.data) return <Card>{<Skeleton active />}</Card>;
  const refs = new Map();
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card title={t('settings.title')} extra={<span className="card-hint">{t('settings.hint')}</span>}>
        <Form<Values>
          form={form}
          name="systemConfig"
          layout="vertical"
          onFinish={save}
          disabled={!canSave}
          style={{ maxWidth: 640 }}
        >
          {systemConfigMeta.fields.map((field) =>
            formItem(field, zSystemConfig.shape[field.key as keyof typeof zSystemConfig.shape], {
              lang,
              t,
              refs,
              upload: view.upload,
            }),
          )}
          {canSave && (
            <Space>
              <Button type="primary" htmlType="submit" loading={saving}>
                {t('common.save')}
              </Button>
              <Button htmlType="button" onClick={() => form.setFieldsValue(config.data)}>
                {t('common.reset')}
              </Button>
            </Space>
          )}
        </Form>
      </Card>
      {/* The e-mail settings hold the SMTP account: only those who may change the settings see them. */}
      {canSave && <MailSettingsCard />}
    </Space>
  );
}
