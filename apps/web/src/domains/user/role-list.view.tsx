import { SafetyOutlined } from '@ant-design/icons';
import { builtInRoleDescription, Permission as P, type Role, roleMeta, zRoleCreate } from '@lyceum/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResourceScreen } from '../../crud/resource-screen';
import { useLang } from '../../shell/i18n';
import { usePermission } from '../../shell/permission';
import { roleName } from '../../shell/role-name';
import { PermissionDrawer } from './permission-drawer';
import { RoleDrawer } from './role-drawer';

// The generic screen of the role meta, plus: built-in roles named in the reader's language and tagged,
// never deleted; a permission grant per row; the role drawer as editor.
export default function RoleListView() {
  const { t } = useTranslation();
  const lang = useLang();
  const [granting, setGranting] = useState<Role | null>(null);
  const canGrant = usePermission([P.roleGrant]);
  const client = useQueryClient();
  return (
    <ResourceScreen<Role>
      meta={roleMeta}
      schema={zRoleCreate}
      slots={{
        emptyText: t('role.empty'),
        scrollX: 1000,
        createLabel: t('role.createTitle'),
        columns: ([name, ...rest]) => [
          {
            ...name,
            render: (_: unknown, role: Role) => (
              <Space size={4}>
                {roleName(role, t)}
                {role.builtIn && <Tag color="blue">{t('role.builtIn')}</Tag>}
              </Space>
            ),
          },
          ...rest.map((column) =>
            'dataIndex' in column && column.dataIndex === 'description'
              ? { ...column, render: (_: unknown, role: Role) => builtInRoleDescription(role, lang) }
              : column,
          ),
        ],
        rowActions: [
          {
            key: 'grant',
            label: t('role.permissions'),
            icon: <SafetyOutlined />,
            allowed: canGrant,
            onClick: setGranting,
          },
        ],
        deleteLock: (role) => role.builtIn && t('role.builtInLocked'),
        deleteConfirm: (role) => ({
          title: t('role.deleteConfirm', { name: role.name }),
          content: `${role.userCount > 0 ? `${t('role.inUse')} ` : ''}${t('common.irreversible')}`,
        }),
        editor: ({ editing, close, saved }) => (
          <RoleDrawer
            open={!!editing}
            role={editing?.kind === 'edit' ? editing.row : null}
            onClose={close}
            onSaved={saved}
          />
        ),
      }}
    >
      <PermissionDrawer
        role={granting}
        onClose={() => setGranting(null)}
        onSaved={() => {
          setGranting(null);
          void client.invalidateQueries({ queryKey: ['role'] });
        }}
      />
    </ResourceScreen>
  );
}
