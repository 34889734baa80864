import { DeleteOutlined, EditOutlined, PlusOutlined, SafetyOutlined } from '@ant-design/icons';
import { enumValues, labelOf, Permission as P, type Role, roleKindLabels } from '@lyceum/contract';
import { App, Button, Form, Input, Select, Space, type TableColumnsType, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResourceListPage } from '../../crud/resource-list-page';
import { usePagedList } from '../../crud/use-paged-list';
import { useLang } from '../../shell/i18n';
import { Permission, usePermission } from '../../shell/permission';
import { roleName } from '../../shell/role-name';
import { PermissionDrawer } from './permission-drawer';
import { roleApi } from './role-api';
import { RoleDrawer } from './role-drawer';
import { formatTime } from './user-columns';

type RoleFilter = { keyword?: string; kind?: Role['kind'] };

export default function RoleListView() {
  const { t } = useTranslation();
  const lang = useLang();
  const { modal, message } = App.useApp();
  const list = usePagedList<Role, RoleFilter>('role', roleApi.page, {});
  const [editing, setEditing] = useState<{ role: Role | null } | null>(null);
  const [granting, setGranting] = useState<Role | null>(null);
  const canUpdate = usePermission([P.roleUpdate]);
  const canDelete = usePermission([P.roleDelete]);
  const canGrant = usePermission([P.roleGrant]);

  function confirmDelete(role: Role) {
    modal.confirm({
      title: t('role.deleteConfirm', { name: role.name }),
      content: `${role.userCount > 0 ? `${t('role.inUse')} ` : ''}${t('common.irreversible')}`,
      okText: t('common.delete'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => {
        await roleApi.remove(role.id);
        message.success(t('common.deleted'));
        await list.reload();
      },
    });
  }

  const columns: TableColumnsType<Role> = [
    {
      title: t('role.name'),
      dataIndex: 'name',
      width: 230,
      render: (_, role) => (
        <Space size={4}>
          {roleName(role, t)}
          {role.builtIn && <Tag color="blue">{t('role.builtIn')}</Tag>}
        </Space>
      ),
    },
    {
      title: t('role.kind'),
      dataIndex: 'kind',
      width: 140,
      render: (kind: Role['kind']) => (
        <Tag color={roleKindLabels[kind].color}>{labelOf(roleKindLabels, kind, lang)}</Tag>
      ),
    },
    { title: t('role.description'), dataIndex: 'description', render: (v: string | null) => v ?? '—' },
    { title: t('role.userCount'), dataIndex: 'userCount', width: 90, align: 'right' },
    { title: t('role.sort'), dataIndex: 'sort', width: 80, align: 'right' },
    { title: t('user.createTime'), dataIndex: 'createTime', width: 150, render: formatTime },
  ];
  if (canUpdate || canDelete || canGrant) {
    columns.push({
      title: t('common.actions'),
      key: 'actions',
      fixed: 'right',
      width: 140,
      render: (_, role) => (
        <Space size={0}>
          {canGrant && (
            <Tooltip title={t('role.permissions')}>
              <Button
                type="link"
                icon={<SafetyOutlined />}
                aria-label={`${t('role.permissions')} ${role.name}`}
                onClick={() => setGranting(role)}
              />
            </Tooltip>
          )}
          {canUpdate && (
            <Tooltip title={t('common.edit')}>
              <Button
                type="link"
                icon={<EditOutlined />}
                aria-label={`${t('common.edit')} ${role.name}`}
                onClick={() => setEditing({ role })}
              />
            </Tooltip>
          )}
          {canDelete && (
            <Tooltip title={role.builtIn ? t('role.builtInLocked') : t('common.delete')}>
              <Button
                type="link"
                danger
                icon={<DeleteOutlined />}
                disabled={role.builtIn}
                aria-label={`${t('common.delete')} ${role.name}`}
                onClick={() => confirmDelete(role)}
              />
            </Tooltip>
          )}
        </Space>
      ),
    });
  }

  return (
    <>
      <ResourceListPage<Role, RoleFilter>
        list={list}
        columns={columns}
        emptyText={t('role.empty')}
        scrollX={1000}
        onDeleteMany={canDelete ? roleApi.removeMany : undefined}
        canSelect={(role) => !role.builtIn}
        filterFields={
          <>
            <Form.Item name="keyword" label={t('role.name')}>
              <Input allowClear placeholder={t('user.keywordPlaceholder')} style={{ width: 180 }} />
            </Form.Item>
            <Form.Item name="kind" label={t('role.kind')}>
              <Select
                allowClear
                placeholder={t('common.all')}
                style={{ width: 160 }}
                options={enumValues(roleKindLabels).map((v) => ({ value: v, label: labelOf(roleKindLabels, v, lang) }))}
              />
            </Form.Item>
          </>
        }
        toolbar={
          <Permission need={[P.roleCreate]}>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ role: null })}>
              {t('role.createTitle')}
            </Button>
          </Permission>
        }
      />
      <RoleDrawer
        open={!!editing}
        role={editing?.role ?? null}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          void list.reload();
        }}
      />
      <PermissionDrawer
        role={granting}
        onClose={() => setGranting(null)}
        onSaved={() => {
          setGranting(null);
          void list.reload();
        }}
      />
    </>
  );
}
