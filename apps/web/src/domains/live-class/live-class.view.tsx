import { Card, Tabs } from 'antd';
import { useNavigate } from 'react-router';
import { useTabLocation } from '../../shell/layout/tabs-store';
import { usePermission } from '../../shell/permission';
import { LiveCalendarTab } from './live-calendar-tab';
import { LiveListTab } from './live-list-tab';
import { useLiveScreen } from './live-screen';
import { useLiveTexts } from './live-words';
import { ServersTab } from './servers-tab';
import './live-class.css';

const TABS = ['list', 'calendar', 'servers'] as const;
type TabKey = (typeof TABS)[number];
const tabOf = (v: string | undefined): TabKey =>
  (TABS as readonly string[]).includes(v ?? '') ? (v as TabKey) : 'list';

// Live classes: online lessons on the organisation's BigBlueButton server or behind any service's
// link. Teachers schedule and run their own (liveClass:create), academic staff every one
// (liveClass:all) and set up the servers (liveClass:settings). The tab is in the address, so a
// reload keeps it.
export default function LiveClassView() {
  const { t } = useLiveTexts();
  const tab = useTabLocation();
  const navigate = useNavigate();
  const canSettings = usePermission(['liveClass:settings']);
  const { screen, overlays } = useLiveScreen();
  const chosen = tabOf(tab?.query.tab);
  const shown: TabKey = chosen === 'servers' && !canSettings ? 'list' : chosen;
  const path = tab?.path ?? window.location.pathname;

  const items = [
    { key: 'list', label: t('live.tabList'), children: <LiveListTab screen={screen} /> },
    { key: 'calendar', label: t('live.tabCalendar'), children: <LiveCalendarTab screen={screen} /> },
    ...(canSettings ? [{ key: 'servers', label: t('live.tabServers'), children: <ServersTab /> }] : []),
  ];
  return (
    <Card size="small" className="live-screen">
      <Tabs
        activeKey={shown}
        onChange={(key) => navigate(key === 'list' ? path : `${path}?tab=${key}`, { replace: true })}
        destroyOnHidden
        items={items}
      />
      {overlays}
    </Card>
  );
}
