import { Card, Tabs } from 'antd';
import { useState } from 'react';
import { useTabLocation } from '../../shell/layout/tabs-store';
import { usePermission } from '../../shell/permission';
import { useAttendanceTexts } from './attendance-texts';
import { LeaveList } from './leave-list';
import { AlertRulesPanel } from './stats/alert-rules-panel';
import { StatsPanel } from './stats/stats-panel';
import { UntakenBoard } from './stats/untaken-board';
import { StatusesPanel } from './statuses-panel';
import { TodayTab } from './today-tab';
import './attendance.css';

const TABS = ['today', 'untaken', 'leave', 'statistics', 'alerts', 'settings'] as const;
type Tab = (typeof TABS)[number];
const isTab = (v: string | undefined): v is Tab => TABS.includes(v as Tab);

// Attendance for staff: the day's lessons to take, the roll calls not yet taken, leave requests to
// decide, the figures, and (for the office) the statuses and alert rules. A link may open a tab
// (?tab=leave).
export default function AttendanceView() {
  const { t } = useAttendanceTexts();
  const asked = useTabLocation()?.query.tab;
  const [tab, setTab] = useState<Tab>(isTab(asked) ? asked : 'today');
  const canSettle = usePermission(['attendance:settings']);
  const canAsk = usePermission(['leave:approve', 'attendance:all']);

  const items = [
    { key: 'today', label: t('attendancePage.today'), children: <TodayTab /> },
    { key: 'untaken', label: t('attendancePage.untaken'), children: <UntakenBoard /> },
    { key: 'leave', label: t('attendancePage.leave'), children: <LeaveList staff canCreate={canAsk} /> },
    { key: 'statistics', label: t('attendancePage.statistics'), children: <StatsPanel /> },
    ...(canSettle
      ? [
          {
            key: 'settings',
            label: t('attendancePage.settings'),
            children: (
              <div className="att-settings">
                <StatusesPanel />
                <AlertRulesPanel />
              </div>
            ),
          },
        ]
      : // Without the settings the panel is the alerts sent about the students the caller reaches.
        [{ key: 'alerts', label: t('attendancePage.alerts'), children: <AlertRulesPanel /> }]),
  ];
  return (
    <Card size="small" className="att-page">
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as Tab)}
        items={items}
        aria-label={t('attendancePage.tabs')}
      />
    </Card>
  );
}
