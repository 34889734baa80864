import { UserOutlined } from '@ant-design/icons';
import {
  enumValues,
  labelOf,
  RoleKind,
  roleKindLabels,
  type User,
  userSexLabels,
  zProfileUpdate,
} from '@lyceum/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Avatar, Button, Card, Col, Descriptions, Form, Input, Radio, Row, Select, Skeleton } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FileInput } from '../../crud/file-input';
import { showServerFieldError } from '../../crud/server-field-error';
import { zodRule } from '../../crud/zod-rules';
import { useLang } from '../../shell/i18n';
import { ApiError } from '../../shell/request';
import { roleName } from '../../shell/role-name';
import { clearMenu } from '../../shell/routes';
import { MyClasses } from '../team/my-classes';
import { CalendarFeedCard } from './calendar-feed-card';
import { MailPreferencesCard } from './mail-preferences';
import { loadProfile, switchRole, updateProfile } from './profile-api';

interface Values {
  realName: string;
  sex?: User['sex'];
  phone?: string;
  email?: string;
  avatar?: string;
}

const fields = zProfileUpdate.shape;

export default function ProfileView() {
  const { t } = useTranslation();
  const lang = useLang();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<Values>();
  const profile = useQuery({ queryKey: ['profile'], queryFn: loadProfile });
  const me = profile.data;
  const avatar = Form.useWatch('avatar', form);

  useEffect(() => {
    if (!me) return;
    form.setFieldsValue({
      realName: me.realName,
      avatar: me.avatar ?? '',
      sex: me.sex,
      phone: me.phone ?? '',
      email: me.email ?? '',
    });
  }, [me, form]);

  async function save(values: Values) {
    try {
      await updateProfile({ ...values, sex: values.sex ?? null });
    } catch (err) {
      // The client has toasted the refusal; one naming a field (a bad e-mail address) also goes under it.
      if (!(err instanceof ApiError)) throw err;
      showServerFieldError(form, err);
      return;
    }
    message.success(t('profile.saved'));
    await client.invalidateQueries({ queryKey: ['currentUser'] });
    await client.invalidateQueries({ queryKey: ['profile'] });
  }

  async function changeRole(roleId: number) {
    await switchRole(roleId);
    message.success(t('profile.roleSwitched'));
    // The menu and permissions follow the active role: the guard reloads them.
    client.clear();
    clearMenu();
  }

  if (!me) return <Card>{<Skeleton active />}</Card>;
  const required = {
    required: true,
    whitespace: true,
    message: t('validation.required', { field: t('user.realName') }),
  };

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={8}>
        <Card>
          <div style={{ textAlign: 'center', marginBottom: 16 }}>
            <Avatar size={88} src={avatar || undefined} icon={<UserOutlined />} />
            <h3 style={{ margin: '12px 0 0' }}>{me.realName}</h3>
          </div>
          <Descriptions column={1} size="small">
            <Descriptions.Item label={t('profile.account')}>{me.userName}</Descriptions.Item>
            <Descriptions.Item label={t('profile.organisation')}>{me.organization.name}</Descriptions.Item>
            <Descriptions.Item label={t('user.roles')}>
              {me.roles.map((r) => `${roleName(r, t)} (${labelOf(roleKindLabels, r.kind, lang)})`).join(', ')}
            </Descriptions.Item>
          </Descriptions>
          {me.roles.length > 1 && (
            <Form layout="vertical" style={{ marginTop: 12 }}>
              <Form.Item label={t('profile.activeRole')}>
                <Select
                  value={me.activeRoleId ?? undefined}
                  options={me.roles.map((r) => ({ value: r.id, label: roleName(r, t) }))}
                  onChange={changeRole}
                />
              </Form.Item>
            </Form>
          )}
        </Card>
        {/* A student's classes (staff belong to none). */}
        {me.roles.some((r) => r.kind === RoleKind.Student) && (
          <div style={{ marginTop: 16 }}>
            <MyClasses />
          </div>
        )}
      </Col>
      <Col xs={24} lg={16}>
        <Card title={t('profile.title')}>
          <Form<Values> form={form} name="profile" layout="vertical" onFinish={save} style={{ maxWidth: 520 }}>
            <Form.Item name="realName" label={t('user.realName')} rules={[required, zodRule(fields.realName, t)]}>
              <Input autoComplete="name" />
            </Form.Item>
            <Form.Item name="sex" label={t('user.sex')}>
              <Radio.Group
                options={enumValues(userSexLabels).map((v) => ({ value: v, label: labelOf(userSexLabels, v, lang) }))}
              />
            </Form.Item>
            <Form.Item name="phone" label={t('user.phone')} rules={[zodRule(fields.phone, t)]}>
              <Input autoComplete="tel" inputMode="tel" />
            </Form.Item>
            <Form.Item name="email" label={t('user.email')} rules={[zodRule(fields.email, t)]}>
              <Input autoComplete="email" inputMode="email" />
            </Form.Item>
            <Form.Item name="avatar" label={t('user.avatar')} rules={[zodRule(fields.avatar, t)]}>
              <FileInput purpose="avatar" />
            </Form.Item>
            <Button type="primary" htmlType="submit">
              {t('profile.save')}
            </Button>
          </Form>
        </Card>
        <div style={{ marginTop: 16 }}>
          <MailPreferencesCard />
        </div>
        <div style={{ marginTop: 16 }}>
          <CalendarFeedCard />
        </div>
      </Col>
    </Row>
  );
}
