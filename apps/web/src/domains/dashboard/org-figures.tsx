import { LoginOutlined, TeamOutlined } from '@ant-design/icons';
import { describeOperation, labelOf, type OperationLog, Permission, roleKindLabels } from '@lyceum/contract';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Empty, Row, Skeleton, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLang } from '../../shell/i18n';
import { useMenu } from '../../shell/routes';
import { formatTime } from '../../shell/time-format';
import { ResultCell, refusalText } from '../log/result-cell';
import { dashboardSummary } from './dashboard-api';
import { Donut, StackedBars } from './mini-charts';
import './org-figures.css';

const PALETTE = ['#1677ff', '#faad14', '#13c2c2', '#52c41a', '#722ed1', '#eb2f96'];
const FAILED = '#ff7875';

// "Alice Admin deleted user category «Interns»", failed ones marked with the reason: a plain table
// (antd's Table, with its sorting, filters and paging, would more than double what this card loads).
function RecentOperations({ rows }: { rows: OperationLog[] }) {
  const { t } = useTranslation();
  const lang = useLang();
  if (!rows.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dashboard.noOperations')} />;
  return (
    <div className="recent-ops-wrap">
      <table className="recent-ops">
        <thead>
          <tr>
            <th className="recent-ops-time">{t('dashboard.time')}</th>
            <th>{t('dashboard.operation')}</th>
            <th className="recent-ops-result">{t('dashboard.result')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id}>
              <td>{formatTime(r.createTime)}</td>
              <td>{describeOperation(r, r.realName ?? r.userName ?? '—', lang)}</td>
              <td>
                <ResultCell success={r.success} code={r.responseCode} message={refusalText(r)} t={t} lang={lang} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

// The organisation's figures on the staff home page, for those who manage its users: counts, logins
// per day, users by role, and (for readers of the operation log) the latest operations.
export default function OrgFigures() {
  const { t } = useTranslation();
  const lang = useLang();
  const menu = useMenu();
  const summary = useQuery({ queryKey: ['dashboard', 'summary'], queryFn: dashboardSummary });
  const data = summary.data;
  // The server sends recent operations only to readers of the operation log.
  const canReadLog = menu.permissions.has(Permission.logPage);
  if (!data)
    return (
      <Card>
        <Skeleton active />
      </Card>
    );
  const series = [
    { name: t('dashboard.success'), color: PALETTE[0] },
    { name: t('dashboard.failed'), color: FAILED },
  ];
  const slices = data.usersByRole.map((r, i) => ({
    // A built-in role keeps the reader's language; a school's own role its own name.
    name: r.name === roleKindLabels[r.kind].en ? labelOf(roleKindLabels, r.kind, lang) : r.name,
    value: r.count,
    color: PALETTE[i % PALETTE.length],
  }));
  return (
    <div className="org-figures">
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
            <StackedBars
              label={t('dashboard.logins')}
              series={series}
              columns={data.loginsPerDay.map((d) => ({ label: d.date.slice(5), values: [d.success, d.failed] }))}
            />
          </Card>
        </Col>
        <Col xs={24} xl={8}>
          <Card title={t('dashboard.usersByRole')}>
            <Donut label={t('dashboard.usersByRole')} slices={slices} />
          </Card>
        </Col>
      </Row>
      {canReadLog && (
        <Card title={t('dashboard.recent')} extra={<Link to="/log/operation">{t('log.viewAll')}</Link>}>
          <RecentOperations rows={data.recentOperations} />
        </Card>
      )}
    </div>
  );
}
