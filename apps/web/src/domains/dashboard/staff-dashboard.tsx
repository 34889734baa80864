import { Permission } from '@lyceum/contract';
import { useQuery } from '@tanstack/react-query';
import { Card, Skeleton, Space, Tag, Typography } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchCurrentUser } from '../../shell/auth-api';
import { roleName } from '../../shell/role-name';
import { useMenu } from '../../shell/routes';
import { WorkPanel } from './work-panel';

// The organisation's figures (counts, charts, recent operations) come with their own chunk: a teacher,
// whose home is their work, never downloads them.
const OrgFigures = lazy(() => import('./org-figures'));

// The staff home page: their work first (what waits to be marked, today's exams, messages to confirm),
// then the organisation's figures for those who manage users (the server answers staff roles only).
export default function StaffDashboard() {
  const { t } = useTranslation();
  const me = useQuery({ queryKey: ['currentUser'], queryFn: fetchCurrentUser });
  const menu = useMenu();
  // The organisation's figures are for those who manage its users; a teacher's home is their work.
  const figures = menu.permissions.has(Permission.userPage);

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card>
        <Typography.Title level={3} style={{ marginTop: 0 }}>
          {t('dashboard.greeting', { name: me.data?.realName ?? '' })}
        </Typography.Title>
        <Typography.Text type="secondary">
          {t('dashboard.subtitle', { org: me.data?.organization.name ?? '' })}
        </Typography.Text>
        <div style={{ marginTop: 12 }}>
          <Typography.Text strong>{t('dashboard.roles')}: </Typography.Text>
          {me.data?.roles.map((r) => (
            <Tag key={r.id} color={r.id === me.data?.activeRoleId ? 'blue' : undefined}>
              {roleName(r, t)}
            </Tag>
          ))}
        </div>
      </Card>
      <WorkPanel />
      {figures && (
        <Suspense
          fallback={
            <Card>
              <Skeleton active />
            </Card>
          }
        >
          <OrgFigures />
        </Suspense>
      )}
    </Space>
  );
}
