import { IdcardOutlined, KeyOutlined, LineChartOutlined, TeamOutlined } from '@ant-design/icons';
import { labelOf, roleKindLabels } from '@lyceum/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Empty, Row, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { fetchCurrentUser } from '../../shell/auth-api';
import { useLang } from '../../shell/i18n';
import { useMenu } from '../../shell/routes';

// A friendly home until the dashboard endpoint (counts and charts) exists.
export default function DashboardView() {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const menu = useMenu();
  const me = useQuery({ queryKey: ['currentUser'], queryFn: fetchCurrentUser });
  const shortcuts = [
    { path: '/profile/index', icon: <IdcardOutlined />, label: t('shell.profile') },
    { path: '/profile/editPassword', icon: <KeyOutlined />, label: t('shell.changePassword') },
    ...(menu.routes.has('/user/index')
      ? [{ path: '/user/index', icon: <TeamOutlined />, label: t('dashboard.users') }]
      : []),
  ];

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card>
        <Typography.Title level={3} style={{ marginTop: 0 }}>
          {t('dashboard.greeting', { name: me.data?.realName ?? '' })}
        </Typography.Title>
        <Typography.Text type="secondary">
          {t('dashboard.subtitle', { org: me.data?.organization.name ?? '' })}
        </Typography.Text>
        <div style={{ marginTop: 16 }}>
          <Typography.Text strong>{t('dashboard.roles')}: </Typography.Text>
          {me.data?.roles.map((r) => (
            <Tag key={r.id} color={r.id === me.data?.activeRoleId ? 'blue' : undefined}>
              {r.name === labelOf(roleKindLabels, r.kind, 'en') ? labelOf(roleKindLabels, r.kind, lang) : r.name}
            </Tag>
          ))}
        </div>
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={16}>
          <Card title={t('dashboard.placeholderTitle')}>
            <Empty
              image={<LineChartOutlined style={{ fontSize: 64, color: '#bfbfbf' }} />}
              description={t('dashboard.placeholder')}
            />
          </Card>
        </Col>
        <Col xs={24} lg={8}>
          <Card title={t('dashboard.shortcuts')}>
            <Space direction="vertical" style={{ width: '100%' }}>
              {shortcuts.map((s) => (
                <Button key={s.path} block icon={s.icon} onClick={() => navigate(s.path)} style={{ textAlign: 'left' }}>
                  {s.label}
                </Button>
              ))}
            </Space>
          </Card>
        </Col>
      </Row>
    </Space>
  );
}
