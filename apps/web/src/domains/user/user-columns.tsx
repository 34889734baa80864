import { type Lang, labelOf, type User, userSexLabels, userStatusLabels, userVerifiedLabels } from '@lyceum/contract';
import type { TableColumnsType } from 'antd';
import { Tag } from 'antd';
import type { TFunction } from 'i18next';
import { roleName } from '../../shell/role-name';
import { formatTime } from '../../shell/time-format';

// Columns shared by the users and teachers lists; the users list adds status switch and actions.
export function baseUserColumns(t: TFunction, lang: Lang): TableColumnsType<User> {
  return [
    { title: t('user.userName'), dataIndex: 'userName', width: 140, fixed: 'left' },
    { title: t('user.realName'), dataIndex: 'realName', width: 130 },
    {
      title: t('user.sex'),
      dataIndex: 'sex',
      width: 80,
      render: (sex: User['sex']) => (sex ? labelOf(userSexLabels, sex, lang) : '—'),
    },
    {
      title: t('user.roles'),
      dataIndex: 'roles',
      render: (roles: User['roles']) => roles.map((r) => <Tag key={r.id}>{roleName(r, t)}</Tag>),
    },
    {
      title: t('user.verified'),
      dataIndex: 'verified',
      width: 110,
      render: (v: User['verified']) => (
        <Tag color={userVerifiedLabels[v].color}>{labelOf(userVerifiedLabels, v, lang)}</Tag>
      ),
    },
    { title: t('user.phone'), dataIndex: 'phone', width: 130, render: (v: string | null) => v ?? '—' },
    { title: t('user.createTime'), dataIndex: 'createTime', width: 150, render: formatTime },
  ];
}

export function statusTag(status: User['status'], lang: Lang) {
  return <Tag color={userStatusLabels[status].color}>{labelOf(userStatusLabels, status, lang)}</Tag>;
}
