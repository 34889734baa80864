import { LoginOutlined, TeamOutlined } from '@ant-design/icons';
import {
  type DashboardSummary,
  describeOperation,
  labelOf,
  type OperationLog,
  Permission,
  roleKindLabels,
} from '@lyceum/contract';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Empty, Row, Skeleton, Space, Statistic, Table, Tag, Typography } from 'antd';
import type { EChartsCoreOption } from 'echarts/core';
import type { TFunction } from 'i18next';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { fetchCurrentUser } from '../../shell/auth-api';
import { currentLanguage, type Language, useLang } from '../../shell/i18n';
import { roleName } from '../../shell/role-name';
import { useMenu } from '../../shell/routes';
import { ResultCell, refusalText } from '../log/log-parts';
import { formatTime } from '../user/user-columns';
import { dashboardSummary } from './dashboard-api';
import { WorkPanel } from './work-panel';

// ECharts comes with the first chart drawn: staff who see no figures never download it.
const ChartBox = lazy(() => import('./chart-box').then((m) => ({ default: m.ChartBox })));

const PALETTE = ['#1677ff', '#faad14', '#13c2c2', '#52c41a', '#722ed1', '#eb2f96'];

function loginsOption(data: DashboardSummary, t: TFunction): EChartsCoreOption {
  return {
    tooltip: { trigger: 'axis' },
    legend: { data: [t('dashboard.success'), t('dashboard.failed')], bottom: 0 },
    grid: { left: 32, right: 16, top: 16, bottom: 48 },
    xAxis: { type: 'category', data: data.loginsPerDay.map((d) => d.date.slice(5)) },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      {
        name: t('dashboard.success'),
        type: 'bar',
        stack: 'logins',
        itemStyle: { color: PALETTE[0] },
        data: data.loginsPerDay.map((d) => d.success),
      },
      {
        name: t('dashboard.failed'),
        type: 'bar',
        stack: 'logins',
        itemStyle: { color: '#ff7875' },
        data: data.loginsPerDay.map((d) => d.failed),
      },
    ],
  };
}

function rolesOption(data: DashboardSummary, lang: Language): EChartsCoreOption {
  const l = lang === 'zh-CN' ? 'zh' : 'en';
  const slices = data.usersByRole.map((r) => ({
    name: r.name === roleKindLabels[r.kind].en ? labelOf(roleKindLabels, r.kind, l) : r.name,
    value: r.count,
  }));
  const counts = new Map(slices.map((s) => [s.name, s.value]));
  return {
    color: PALETTE,
    tooltip: { trigger: 'item', formatter: '{b}: {c} ({d}%)' },
    legend: { bottom: 0, formatter: (name: string) => `${name} ${counts.get(name) ?? ''}` },
    series: [{ type: 'pie', radius: ['42%', '70%'], top: -28, label: { show: false }, data: slices }],
  };
}

// "Alice Admin deleted user category «Interns»", failed ones marked with the reason.
function RecentOperations({ rows }: { rows: OperationLog[] }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <Table<OperationLog>
      rowKey="id"
      size="small"
      pagination={false}
      dataSource={rows}
      scroll={{ x: 600 }}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dashboard.noOperations')} /> }}
      columns={[
        { title: t('dashboard.time'), dataIndex: 'createTime', width: 140, render: formatTime },
        {
          title: t('dashboard.operation'),
          key: 'op',
          render: (_, r) => describeOperation(r, r.realName ?? r.userName ?? '—', lang),
        },
        {
          title: t('dashboard.result'),
          key: 'result',
          width: 220,
          render: (_, r) => (
            <ResultCell success={r.success} code={r.responseCode} message={refusalText(r)} t={t} lang={lang} />
          ),
        },
      ]}
    />
  );
}

// The staff home page: their work first (what waits to be marked, today's exams, messages to confirm),
// then the organisation's figures for those who manage users (the server answers staff roles only).
export default function StaffDashboard() {
  const { t } = useTranslation();
  const _lang = useLang();
  const language = currentLanguage();
  const me = useQuery({ queryKey: ['currentUser'], queryFn: fetchCurrentUser });
  const menu = useMenu();
  // The organisation's figures are for those who manage its users; a teacher's home is their work.
  const figures = menu.permissions.has(Permission.userPage);
  const summary = useQuery({ queryKey: ['dashboard', 'summary'], queryFn: dashboardSummary, enabled: figures });
  const data = summary.data;
  const logins = useMemo(() => (data ? loginsOption(data, t) : null), [data, t]);
  const roles = useMemo(() => (data ? rolesOption(data, language) : null), [data, language]);
  // The server sends recent operations only to readers of the operation log.
  const canReadLog = menu.permissions.has(Permission.logPage);

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
      {!figures ? null : !data ? (
        <Card>
          <Skeleton active />
        </Card>
      ) : (
        <>
          <Row gutter={[16, 16]}>
            <Col xs={24} sm={12}>
              <Card>
                <Statistic title={t('dashboard.userCount')} value={data.userCount} prefix={<TeamOutlined />} />
              </Card>
            </Col>
            <Col xs={24} sm={12}>
              <Card>
                <Statistic title={t('dashboard.activeToday')} value={data.activeToday} prefix={<LoginOutlined />} />
              </Card>
            </Col>
          </Row>
          <Row gutter={[16, 16]}>
            <Col xs={24} xl={16}>
              <Card title={t('dashboard.logins')}>
                <Suspense fallback={<Skeleton active />}>
                  {logins && <ChartBox option={logins} label={t('dashboard.logins')} />}
                </Suspense>
              </Card>
            </Col>
            <Col xs={24} xl={8}>
              <Card title={t('dashboard.usersByRole')}>
                <Suspense fallback={<Skeleton active />}>
                  {roles && <ChartBox option={roles} label={t('dashboard.usersByRole')} />}
                </Suspense>
              </Card>
            </Col>
          </Row>
          {canReadLog && (
            <Card title={t('dashboard.recent')} extra={<Link to="/log/operation">{t('log.viewAll')}</Link>}>
              <RecentOperations rows={data.recentOperations} />
            </Card>
          )}
        </>
      )}
    </Space>
  );
}
