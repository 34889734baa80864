import { PASSWORD_MIN, zChangePasswordRequest } from '@lyceum/contract';
import { App, Button, Card, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { showServerFieldError } from '../../crud/server-field-error';
import { zodRule } from '../../crud/zod-rules';
import { changePassword } from './profile-api';

interface Values {
  oldPassword: string;
  newPassword: string;
  confirm: string;
}

export default function EditPasswordView() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();

  async function submit(values: Values) {
    try {
      await changePassword(values.oldPassword, values.newPassword);
    } catch (err) {
      // A wrong current password or a too-easy new one is shown under its field.
      showServerFieldError(form, err);
      return;
    }
    message.success(t('profile.passwordChanged'));
    form.resetFields();
  }

  return (
    <Card title={t('profile.passwordTitle')}>
      <Form<Values> form={form} name="password" layout="vertical" onFinish={submit} style={{ maxWidth: 420 }}>
        <Form.Item
          name="oldPassword"
          label={t('profile.oldPassword')}
          rules={[{ required: true, message: t('validation.required', { field: t('profile.oldPassword') }) }]}
        >
          <Input.Password autoComplete="current-password" autoFocus />
        </Form.Item>
        <Form.Item
          name="newPassword"
          label={t('profile.newPassword')}
          extra={t('profile.passwordHint', { min: PASSWORD_MIN })}
          rules={[
            { required: true, message: t('validation.required', { field: t('profile.newPassword') }) },
            zodRule(zChangePasswordRequest.shape.newPassword, t),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={t('profile.confirmPassword')}
          dependencies={['newPassword']}
          rules={[
            { required: true, message: t('validation.required', { field: t('profile.confirmPassword') }) },
            ({ getFieldValue }) => ({
              validator: async (_, value: string) => {
                if (value && value !== getFieldValue('newPassword')) throw new Error(t('validation.passwordsDiffer'));
              },
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          {t('common.save')}
        </Button>
      </Form>
    </Card>
  );
}
