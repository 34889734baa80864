import { enumValues, labelOf, type Role, RoleKind, roleKindLabels, zRoleCreate } from '@lyceum/contract';
import { App, Form, Input, InputNumber, Select } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDrawer } from '../../crud/form-drawer';
import { useSubmit } from '../../crud/form-save';
import { zodRule } from '../../crud/zod-rules';
import { useLang } from '../../shell/i18n';
import { roleApi } from './role-api';

interface Values {
  name: string;
  kind: Role['kind'];
  description?: string;
  sort: number;
}

interface Props {
  open: boolean;
  role: Role | null;
  onClose: () => void;
  onSaved: () => void;
}

export function RoleDrawer({ open, role, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const lang = useLang();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (role)
      form.setFieldsValue({ name: role.name, kind: role.kind, description: role.description ?? '', sort: role.sort });
  }, [open, role, form]);

  const { saving, submit: save } = useSubmit(form, async (values: Values) => {
    const body = { ...values, description: values.description || null };
    if (role) await roleApi.update({ ...body, id: role.id });
    else await roleApi.create(body);
    message.success(t('common.saved'));
    onSaved();
  });

  return (
    <FormDrawer
      title={role ? t('role.editTitle', { name: role.name }) : t('role.createTitle')}
      open={open}
      saving={saving}
      onClose={onClose}
      onSave={() => form.submit()}
      width={420}
    >
      <Form<Values>
        form={form}
        name="role"
        layout="vertical"
        onFinish={save}
        initialValues={{ kind: RoleKind.Teacher, sort: 0 }}
      >
        <Form.Item
          name="name"
          label={t('role.name')}
          rules={[
            { required: true, whitespace: true, message: t('validation.required', { field: t('role.name') }) },
            zodRule(zRoleCreate.shape.name, t),
          ]}
        >
          <Input autoFocus autoComplete="off" />
        </Form.Item>
        <Form.Item name="kind" label={t('role.kind')} rules={[{ required: true }]}>
          <Select
            disabled={role?.builtIn}
            options={enumValues(roleKindLabels).map((v) => ({ value: v, label: labelOf(roleKindLabels, v, lang) }))}
          />
        </Form.Item>
        <Form.Item name="description" label={t('role.description')} rules={[zodRule(zRoleCreate.shape.description, t)]}>
          <Input.TextArea rows={3} />
        </Form.Item>
        <Form.Item name="sort" label={t('role.sort')}>
          <InputNumber min={0} max={9999} />
        </Form.Item>
      </Form>
    </FormDrawer>
  );
}
