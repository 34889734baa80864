import { KeyOutlined } from '@ant-design/icons';
import {
  labelOf,
  Permission as P,
  type User,
  UserStatus,
  userMeta,
  userStatusLabels,
  zUserCreate,
} from '@lyceum/contract';
import { useQuery } from '@tanstack/react-query';
import { App, Form, Input, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { settleAction, useConfirm } from '../../crud/confirm';
import { SelectFilter } from '../../crud/filter-fields';
import { useRefChoices } from '../../crud/ref-options';
import { ResourceScreen } from '../../crud/resource-screen';
import { Explained } from '../../crud/row-actions';
import { fetchCurrentUser } from '../../shell/auth-api';
import { useLang } from '../../shell/i18n';
import { usePermission } from '../../shell/permission';
import { roleName } from '../../shell/role-name';
import { ResetPasswordModal } from './reset-password-modal';
import { changeStatus, roleList } from './user-api';
import { baseUserColumns, statusTag } from './user-columns';
import { UserDrawer } from './user-drawer';

// The server marks the users whose permissions go beyond the caller's own: it refuses any change to them.
const locked = (user: User) => user.manageable === false;

// The generic screen of the user meta, plus: a status switch, password reset, the user drawer (roles the
// caller may give), and every action off, with the reason, on users beyond the caller's reach.
export default function UserListView() {
  const { t } = useTranslation();
  const lang = useLang();
  const { message } = App.useApp();
  const confirm = useConfirm();
  // Each role says whether the caller may give it (`assignable`), for the form's role picker.
  const roles = useQuery({ queryKey: ['role', 'list'], queryFn: roleList });
  const me = useQuery({ queryKey: ['currentUser'], queryFn: fetchCurrentUser });
  const refs = useRefChoices(userMeta.fields);
  const [resetting, setResetting] = useState<User | null>(null);
  const canStatus = usePermission([P.userStatus]);
  const canReset = usePermission([P.userResetPassword]);
  // A new user needs a role, and giving one needs this: without it the server refuses every creation.
  const canAssign = usePermission([P.userAssignRole]);
  const notManageable = t('user.notManageable');

  function toggleStatus(user: User, enabled: boolean, reload: () => void) {
    const run = async () => {
      await changeStatus(user.id, enabled ? UserStatus.Enabled : UserStatus.Disabled);
      message.success(t(enabled ? 'user.enabled' : 'user.disabled', { name: user.realName }));
      reload();
    };
    // Enabling needs no confirmation; a refusal has been toasted by the request client.
    if (enabled) return void settleAction(run, () => undefined);
    confirm({
      title: t('user.disableConfirm', { name: user.realName }),
      okText: t('user.disable'),
      danger: true,
      content: null,
      onOk: run,
    });
  }

  const statusColumn = (reload: () => void) => ({
    title: t('user.status'),
    dataIndex: 'status',
    width: 120,
    render: (status: User['status'], user: User) => {
      if (!canStatus) return statusTag(status, lang);
      const toggle = (
        <Switch
          checked={status === UserStatus.Enabled}
          disabled={locked(user)}
          aria-label={`${t('user.status')} ${user.userName}`}
          checkedChildren={labelOf(userStatusLabels, UserStatus.Enabled, lang)}
          unCheckedChildren={labelOf(userStatusLabels, UserStatus.Disabled, lang)}
          onChange={(on) => toggleStatus(user, on, reload)}
          style={locked(user) ? { pointerEvents: 'none' } : undefined}
        />
      );
      return locked(user) ? <Explained why={notManageable}>{toggle}</Explained> : toggle;
    },
  });
  const keyword = <Input allowClear placeholder={t('user.keywordPlaceholder')} style={{ width: 160 }} />;

  return (
    <ResourceScreen<User>
      meta={userMeta}
      schema={zUserCreate}
      slots={{
        emptyText: t('user.empty'),
        createLabel: t('user.createTitle'),
        // Shown but disabled, so someone who may create users learns what they are missing.
        createDisabled: !canAssign && t('user.createNeedsAssignRole'),
        columns: (_, { reload }) => [...baseUserColumns(t, lang), statusColumn(reload)],
        filters: ({ fields }) => (
          <>
            <Form.Item name="userName" label={t('user.userName')}>
              {keyword}
            </Form.Item>
            <Form.Item name="realName" label={t('user.realName')}>
              {keyword}
            </Form.Item>
            <SelectFilter
              name="roleId"
              label={t('user.role')}
              width={160}
              loading={roles.isPending}
              options={roles.data?.map((r) => ({ value: r.id, label: roleName(r, t) }))}
            />
            {fields.status}
            {fields.departmentId}
            {fields.userCategoryId}
          </>
        ),
        rowLock: (user) => locked(user) && notManageable,
        deleteLock: (user) => user.id === me.data?.id && t('kit.ownAccount'),
        deleteConfirm: (user) => ({ title: t('user.deleteConfirm', { name: user.realName }) }),
        rowActions: [
          {
            key: 'reset',
            label: t('user.resetPassword'),
            icon: <KeyOutlined />,
            allowed: canReset,
            onClick: setResetting,
          },
        ],
        editor: ({ editing, close, saved }) => (
          <UserDrawer
            open={!!editing}
            user={editing?.kind === 'edit' ? editing.row : null}
            roles={roles.data ?? []}
            rolesLoading={roles.isPending}
            refs={refs}
            onClose={close}
            onSaved={saved}
          />
        ),
      }}
    >
      <ResetPasswordModal user={resetting} onClose={() => setResetting(null)} />
    </ResourceScreen>
  );
}
