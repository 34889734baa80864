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
import { useState } from 'react';
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

export default function UserListView() {
  const { t } = useTranslation();
  const lang = useLang();
  const { modal, message } = App.useApp();
  const list = usePagedList<User, UserFilter>('user', userApi.page, {});
  const roles = useQuery({ queryKey: ['role', 'list'], queryFn: roleList });
  const refs = useRefChoices(refFields);
  const [editing, setEditing] = useState<{ user: User | null } | null>(null);
  const [resetting, setResetting] = useState<User | null>(null);
  const canStatus = usePermission([P.userStatus]);
  const canUpdate = usePermission([P.userUpdate]);
  const canDelete = usePermission([P.userDelete]);
  const canReset = usePermission([P.userResetPassword]);

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
      render: (status: User['status'], user) =>
        canStatus ? (
          <Switch
            checked={status === UserStatus.Enabled}
            aria-label={`${t('user.status')} ${user.userName}`}
            checkedChildren={labelOf(userStatusLabels, UserStatus.Enabled, lang)}
            unCheckedChildren={labelOf(userStatusLabels, UserStatus.Disabled, lang)}
            onChange={(on) => toggleStatus(user, on)}
          />
        ) : (
          statusTag(status, lang)
        ),
    },
  ];
  if (canUpdate || canDelete || canReset) {
    columns.push({
      title: t('common.actions'),
      key: 'actions',
      fixed: 'right',
      width: 130,
      render: (_, user) => (
        <Space size={0}>
          {canUpdate && (
            <Tooltip title={t('common.edit')}>
              <Button
                type="link"
                icon={<EditOutlined />}
                aria-label={`${t('common.edit')} ${user.userName}`}
                onClick={() => setEditing({ user })}
              />
            </Tooltip>
          )}
          {canReset && (
            <Tooltip title={t('user.resetPassword')}>
              <Button
                type="link"
                icon={<KeyOutlined />}
                aria-label={`${t('user.resetPassword')} ${user.userName}`}
                onClick={() => setResetting(user)}
              />
            </Tooltip>
          )}
          {canDelete && (
            <Tooltip title={t('common.delete')}>
              <Button
                type="link"
                danger
                icon={<DeleteOutlined />}
                aria-label={`${t('common.delete')} ${user.userName}`}
                onClick={() => confirmDelete(user)}
              />
            </Tooltip>
          )}
        </Space>
      ),
    });
  }

  return (
    <>
      <ResourceListPage<User, UserFilter>
        list={list}
        columns={columns}
        emptyText={t('user.empty')}
        scrollX={1300}
        onDeleteMany={canDelete ? userApi.removeMany : undefined}
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
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ user: null })}>
                {t('user.createTitle')}
              </Button>
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
