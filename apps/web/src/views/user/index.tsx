import { DeleteOutlined, EditOutlined, KeyOutlined, PlusOutlined } from '@ant-design/icons';
import {
  enumValues,
  labelOf,
  metaField,
  Permission as P,
  type User,
  type UserFilter,
  UserStatus,
  userMeta,
  userStatusLabels,
} from '@lyceum/contract';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Form, Input, Select, Space, Switch, type TableColumnsType, Tooltip } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { filterItem } from '../../crud/meta-inputs';
import { useRefChoices } from '../../crud/ref-options';
import { ResourceListPage } from '../../crud/resource-list-page';
import { TransferButtons } from '../../crud/transfer-buttons';
import { usePagedList } from '../../crud/use-paged-list';
import { useLang } from '../../shell/i18n';
import { Permission, usePermission } from '../../shell/permission';
import { roleName } from '../../shell/role-name';
import { ResetPasswordModal } from './reset-password-modal';
import { changeStatus, roleList, userApi } from './user-api';
import { baseUserColumns, statusTag } from './user-columns';
import { UserDrawer } from './user-drawer';

// Department and user category come from their own resources, as declared in the users' meta.
const refFields = ['departmentId', 'userCategoryId'].flatMap((key) => metaField(userMeta, key) ?? []);

// The server marks the users whose permissions go beyond the caller's own: it refuses any change to them.
const locked = (user: User) => user.manageable === false;

// A disabled control fires no mouse events, so the hint saying why hangs on a wrapper around it.
function Explained({ why, children }: { why: string; children: ReactNode }) {
  return (
    <Tooltip title={why}>
      <span style={{ display: 'inline-block', cursor: 'not-allowed' }}>{children}</span>
    </Tooltip>
  );
}

export default function UserListView() {
  const { t } = useTranslation();
  const lang = useLang();
  const { modal, message } = App.useApp();
  const list = usePagedList<User, UserFilter>('user', userApi.page, {});
  // Each role says whether the caller may give it (`assignable`), for the form's role picker.
  const roles = useQuery({ queryKey: ['role', 'list'], queryFn: roleList });
  const refs = useRefChoices(refFields);
  const [editing, setEditing] = useState<{ user: User | null } | null>(null);
  const [resetting, setResetting] = useState<User | null>(null);
  const canStatus = usePermission([P.userStatus]);
  const canUpdate = usePermission([P.userUpdate]);
  const canDelete = usePermission([P.userDelete]);
  const canReset = usePermission([P.userResetPassword]);
  // A new user needs a role, and giving one needs this: without it the server refuses every creation.
  const canAssign = usePermission([P.userAssignRole]);

  async function setStatus(user: User, enabled: boolean) {
    await changeStatus(user.id, enabled ? UserStatus.Enabled : UserStatus.Disabled);
    message.success(t(enabled ? 'user.enabled' : 'user.disabled', { name: user.realName }));
    await list.reload();
  }

  function toggleStatus(user: User, enabled: boolean) {
    if (enabled) return void setStatus(user, true);
    modal.confirm({
      title: t('user.disableConfirm', { name: user.realName }),
      okText: t('user.disable'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () => setStatus(user, false),
    });
  }

  function confirmDelete(user: User) {
    modal.confirm({
      title: t('user.deleteConfirm', { name: user.realName }),
      content: t('common.irreversible'),
      okText: t('common.delete'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => {
        await userApi.remove(user.id);
        message.success(t('common.deleted'));
        await list.reload();
      },
    });
  }

  const columns: TableColumnsType<User> = [
    ...baseUserColumns(t, lang),
    {
      title: t('user.status'),
      dataIndex: 'status',
      width: 120,
      render: (status: User['status'], user) => {
        if (!canStatus) return statusTag(status, lang);
        const toggle = (
          <Switch
            checked={status === UserStatus.Enabled}
            disabled={locked(user)}
            aria-label={`${t('user.status')} ${user.userName}`}
            checkedChildren={labelOf(userStatusLabels, UserStatus.Enabled, lang)}
            unCheckedChildren={labelOf(userStatusLabels, UserStatus.Disabled, lang)}
            onChange={(on) => toggleStatus(user, on)}
            style={locked(user) ? { pointerEvents: 'none' } : undefined}
          />
        );
        return locked(user) ? <Explained why={t('user.notManageable')}>{toggle}</Explained> : toggle;
      },
    },
  ];
  if (canUpdate || canDelete || canReset) {
    columns.push({
      title: t('common.actions'),
      key: 'actions',
      fixed: 'right',
      width: 130,
      render: (_, user) => {
        // One action button; on a user beyond the caller's permissions it is disabled and says why.
        const action = (label: string, icon: ReactNode, onClick: () => void, danger = false) =>
          locked(user) ? (
            <Explained why={t('user.notManageable')}>
              <Button
                type="link"
                danger={danger}
                icon={icon}
                disabled
                aria-label={`${label} ${user.userName}`}
                style={{ pointerEvents: 'none' }}
              />
            </Explained>
          ) : (
            <Tooltip title={label}>
              <Button
                type="link"
                danger={danger}
                icon={icon}
                aria-label={`${label} ${user.userName}`}
                onClick={onClick}
              />
            </Tooltip>
          );
        return (
          <Space size={0}>
            {canUpdate && action(t('common.edit'), <EditOutlined />, () => setEditing({ user }))}
            {canReset && action(t('user.resetPassword'), <KeyOutlined />, () => setResetting(user))}
            {canDelete && action(t('common.delete'), <DeleteOutlined />, () => confirmDelete(user), true)}
          </Space>
        );
      },
    });
  }

  return (
    <>
      <ResourceListPage<User, UserFilter>
        list={list}
        columns={columns}
        emptyText={t('user.empty')}
        scrollX={1150}
        onDeleteMany={canDelete ? userApi.removeMany : undefined}
        canSelect={(user) => !locked(user)}
        filterFields={
          <>
            <Form.Item name="userName" label={t('user.userName')}>
              <Input allowClear placeholder={t('user.keywordPlaceholder')} style={{ width: 160 }} />
            </Form.Item>
            <Form.Item name="realName" label={t('user.realName')}>
              <Input allowClear placeholder={t('user.keywordPlaceholder')} style={{ width: 160 }} />
            </Form.Item>
            <Form.Item name="roleId" label={t('user.role')}>
              <Select
                allowClear
                placeholder={t('common.all')}
                style={{ width: 160 }}
                loading={roles.isPending}
                options={roles.data?.map((r) => ({ value: r.id, label: roleName(r, t) }))}
              />
            </Form.Item>
            <Form.Item name="status" label={t('user.status')}>
              <Select
                allowClear
                placeholder={t('common.all')}
                style={{ width: 120 }}
                options={enumValues(userStatusLabels).map((v) => ({
                  value: v,
                  label: labelOf(userStatusLabels, v, lang),
                }))}
              />
            </Form.Item>
            {refFields.map((f) => filterItem(f, { lang, t, refs }))}
          </>
        }
        toolbar={
          <>
            <Permission need={[P.userCreate]}>
              {canAssign ? (
                <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ user: null })}>
                  {t('user.createTitle')}
                </Button>
              ) : (
                // Shown but disabled, so someone who may create users learns what they are missing.
                <Explained why={t('user.createNeedsAssignRole')}>
                  <Button type="primary" icon={<PlusOutlined />} disabled style={{ pointerEvents: 'none' }}>
                    {t('user.createTitle')}
                  </Button>
                </Explained>
              )}
            </Permission>
            <TransferButtons
              meta={userMeta}
              api={userApi}
              filter={list.filters}
              onImported={() => void list.reload()}
            />
          </>
        }
      />
      <UserDrawer
        open={!!editing}
        user={editing?.user ?? null}
        roles={roles.data ?? []}
        rolesLoading={roles.isPending}
        refs={refs}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          void list.reload();
        }}
      />
      <ResetPasswordModal user={resetting} onClose={() => setResetting(null)} />
    </>
  );
}
