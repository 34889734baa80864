import {
  enumValues,
  labelOf,
  metaField,
  Permission as P,
  type RoleBrief,
  type User,
  UserStatus,
  userMeta,
  userSexLabels,
  userStatusLabels,
  zUserCreate,
} from '@lyceum/contract';
import { App, Flex, Form, Input, Radio, Select, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FileInput } from '../../crud/file-input';
import { FormDrawer } from '../../crud/form-drawer';
import { useSubmit } from '../../crud/form-save';
import { formItem } from '../../crud/meta-inputs';
import type { RefChoices } from '../../crud/ref-options';
import { zodRule } from '../../crud/zod-rules';
import { useLang } from '../../shell/i18n';
import { usePermission } from '../../shell/permission';
import { roleName } from '../../shell/role-name';
import { userApi } from './user-api';

interface Values {
  userName: string;
  realName: string;
  password?: string;
  sex?: User['sex'];
  status: User['status'];
  roleIds: number[];
  phone?: string;
  email?: string;
  avatar?: string;
  departmentId?: number | null;
  userCategoryId?: number | null;
}

interface Props {
  open: boolean;
  user: User | null;
  // The organisation's roles, each saying whether the caller may give it.
  roles: RoleBrief[];
  rolesLoading: boolean;
  refs: Map<string, RefChoices>;
  onClose: () => void;
  onSaved: () => void;
}

const fields = zUserCreate.shape;
const refFields = ['departmentId', 'userCategoryId'].flatMap((key) => metaField(userMeta, key) ?? []);

export function UserDrawer({ open, user, roles, rolesLoading, refs, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const lang = useLang();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  // Without it the server refuses any change of roles, so an edit keeps them as they are.
  const canAssign = usePermission([P.userAssignRole]);
  const rolesLocked = !!user && !canAssign;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (user) {
      form.setFieldsValue({
        userName: user.userName,
        realName: user.realName,
        sex: user.sex,
        status: user.status,
        roleIds: user.roleIds,
        phone: user.phone ?? '',
        email: user.email ?? '',
        avatar: user.avatar ?? '',
        departmentId: user.departmentId,
        userCategoryId: user.userCategoryId,
      });
    }
  }, [open, user, form]);

  const { saving, submit: save } = useSubmit(form, async (values: Values) => {
    const body = {
      ...values,
      sex: values.sex ?? null,
      phone: values.phone || null,
      email: values.email || null,
      avatar: values.avatar || null,
      departmentId: values.departmentId ?? null,
      userCategoryId: values.userCategoryId ?? null,
    };
    if (user) await userApi.update({ ...body, id: user.id });
    else await userApi.create({ ...body, password: values.password ?? '' });
    message.success(t('common.saved'));
    onSaved();
  });

  const required = (field: string) => ({
    required: true,
    whitespace: true,
    message: t('validation.required', { field }),
  });

  return (
    <FormDrawer
      title={user ? t('user.editTitle', { name: user.realName }) : t('user.createTitle')}
      open={open}
      saving={saving}
      onClose={onClose}
      onSave={() => form.submit()}
      width={480}
    >
      <Form<Values>
        name="user"
        form={form}
        layout="vertical"
        onFinish={save}
        initialValues={{ status: UserStatus.Enabled, roleIds: [] }}
      >
        <Form.Item
          name="userName"
          label={t('user.userName')}
          rules={[required(t('user.userName')), zodRule(fields.userName, t)]}
        >
          <Input autoComplete="off" disabled={!!user} autoFocus={!user} />
        </Form.Item>
        <Form.Item
          name="realName"
          label={t('user.realName')}
          rules={[required(t('user.realName')), zodRule(fields.realName, t)]}
        >
          <Input autoComplete="off" />
        </Form.Item>
        {!user && (
          <Form.Item
            name="password"
            label={t('user.password')}
            rules={[required(t('user.password')), zodRule(fields.password, t)]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
        )}
        <Form.Item
          name="roleIds"
          label={t('user.roles')}
          extra={rolesLocked ? t('user.rolesReadOnly') : undefined}
          rules={[{ required: true, type: 'array', min: 1, message: t('validation.rolesRequired') }]}
        >
          <Select
            mode="multiple"
            disabled={rolesLocked}
            loading={rolesLoading}
            // A role beyond the caller's own permissions is listed but cannot be picked (nor, once held, removed):
            // the server would refuse it.
            options={roles.map((r) => ({
              value: r.id,
              label: roleName(r, t),
              disabled: r.assignable === false,
              title: r.assignable === false ? t('user.roleNotAssignable') : undefined,
            }))}
            optionRender={(option) =>
              option.data.disabled ? (
                <Flex justify="space-between" gap={8} wrap>
                  <span>{option.label}</span>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {t('user.roleNotAssignable')}
                  </Typography.Text>
                </Flex>
              ) : (
                option.label
              )
            }
            optionFilterProp="label"
          />
        </Form.Item>
        <Form.Item name="sex" label={t('user.sex')}>
          <Radio.Group
            options={enumValues(userSexLabels).map((v) => ({ value: v, label: labelOf(userSexLabels, v, lang) }))}
          />
        </Form.Item>
        <Form.Item name="status" label={t('user.status')}>
          <Radio.Group
            options={enumValues(userStatusLabels).map((v) => ({ value: v, label: labelOf(userStatusLabels, v, lang) }))}
          />
        </Form.Item>
        <Form.Item name="phone" label={t('user.phone')} rules={[zodRule(fields.phone, t)]}>
          <Input autoComplete="off" inputMode="tel" />
        </Form.Item>
        <Form.Item name="email" label={t('user.email')} rules={[zodRule(fields.email, t)]}>
          <Input autoComplete="off" inputMode="email" />
        </Form.Item>
        {refFields.map((f) => formItem(f, fields[f.key as 'departmentId'], { lang, t, refs }))}
        <Form.Item name="avatar" label={t('user.avatar')} rules={[zodRule(fields.avatar, t)]}>
          <FileInput purpose="avatar" preview />
        </Form.Item>
      </Form>
    </FormDrawer>
  );
}
