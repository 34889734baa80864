import { AlertRuleKind, type AttendanceAlert, alertRuleKindLabels, labelOf } from '@lyceum/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useLang } from '../../../shell/i18n';
import { usePermission } from '../../../shell/permission';
import { percent, STATS_KEY, statsCalls } from './stats-api';
import { useStatsTexts } from './stats-texts';

const PAGE_SIZE = 10;

// The alerts the rules sent: a class teacher's students', the office's all.
export function AlertsSent() {
  const { t } = useStatsTexts();
  const lang = useLang();
  const office = usePermission(['attendance:all']);
  const [page, setPage] = useState(1);
  const alerts = useQuery({
    queryKey: [STATS_KEY, 'alerts', page],
    queryFn: ({ signal }) => statsCalls.alerts({ pageIndex: page, pageSize: PAGE_SIZE }, { signal }),
    placeholderData: keepPreviousData,
  });
  const detail = (a: AttendanceAlert) =>
    a.kind === AlertRuleKind.ConsecutiveAbsences
      ? t('attendanceStats.alertStreak', { n: a.streak ?? a.threshold })
      : t('attendanceStats.alertRate', { rate: percent(a.rate), days: a.days });
  return (
    <Card size="small" title={t('attendanceStats.alertsTitle')}>
      <Typography.Paragraph type="secondary">
        {t(office ? 'attendanceStats.alertsHintAll' : 'attendanceStats.alertsHint')}
      </Typography.Paragraph>
      <Table<AttendanceAlert>
        rowKey="id"
        size="small"
        loading={alerts.isFetching}
        dataSource={alerts.data?.list ?? []}
        scroll={{ x: 640 }}
        locale={{ emptyText: t('attendanceStats.noAlerts') }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: alerts.data?.total ?? 0,
          showSizeChanger: false,
          onChange: setPage,
          hideOnSinglePage: true,
        }}
        columns={[
          { title: t('attendanceStats.alertDay'), dataIndex: 'day', width: 110 },
          {
            title: t('attendanceStats.student'),
            key: 'student',
            width: 240,
            render: (_, a) => (
              <div>
                <div>{a.realName}</div>
                <Typography.Text type="secondary" className="ast-sub">
                  {a.teamNames.join(', ') || a.userName}
                </Typography.Text>
              </div>
            ),
          },
          {
            title: t('attendanceStats.ruleKind'),
            key: 'kind',
            width: 150,
            render: (_, a) => <Tag color="warning">{labelOf(alertRuleKindLabels, a.kind, lang)}</Tag>,
          },
          { title: t('attendanceStats.alertDetail'), key: 'detail', render: (_, a) => detail(a) },
        ]}
      />
    </Card>
  );
}
