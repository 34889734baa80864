import { type User, zResetPasswordRequest } from '@lyceum/contract';
import { App, Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSubmit } from '../../crud/form-save';
import { zodRule } from '../../crud/zod-rules';
import { resetPassword } from './user-api';

export function ResetPasswordModal({ user, onClose }: { user: User | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const [form] = Form.useForm<{ password?: string }>();

  const { saving, submit } = useSubmit(form, async ({ password }: { password?: string }) => {
    if (!user) return;
    const result = await resetPassword(user.id, password || undefined);
    onClose();
    if (result.password) {
      modal.success({
        title: t('user.resetDone'),
        content: (
          <>
            <p>{t('user.generatedPassword', { name: user.realName })}</p>
            <Typography.Text code copyable data-testid="generated-password">
              {result.password}
            </Typography.Text>
          </>
        ),
      });
    } else message.success(t('user.resetDone'));
  });

  return (
    <Modal
      title={user ? t('user.resetTitle', { name: user.realName }) : ''}
      open={!!user}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('user.resetPassword')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      destroyOnHidden
    >
      <Form form={form} name="resetPassword" layout="vertical" onFinish={submit} preserve={false}>
        <Form.Item
          name="password"
          label={t('user.newPassword')}
          extra={t('user.resetHint')}
          rules={[zodRule(zResetPasswordRequest.shape.password, t)]}
        >
          <Input.Password autoComplete="new-password" autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
