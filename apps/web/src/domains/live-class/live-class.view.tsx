import { usePermission } from '../../shell/permission';
import { AddressTabs } from '../../ui/address-tabs';
import { LiveCalendarTab } from './live-calendar-tab';
import { LiveListTab } from './live-list-tab';
import { useLiveScreen } from './live-screen';
import { useLiveTexts } from './live-words';
import { ServersTab } from './servers-tab';
import './live-class.css';

// Live classes: online lessons on the organisation's BigBlueButton server or behind any service's
// link. Teachers schedule and run their own (liveClass:create), academic staff every one
// (liveClass:all) and set up the servers (liveClass:settings). The tab is in the address, so a
// reload keeps it.
export default function LiveClassView() {
  const { t } = useLiveTexts();
  const canSettings = usePermission(['liveClass:settings']);
  const { screen, overlays } = useLiveScreen();

  const items = [
    { key: 'list', label: t('live.tabList'), children: <LiveListTab screen={screen} /> },
    { key: 'calendar', label: t('live.tabCalendar'), children: <LiveCalendarTab screen={screen} /> },
    ...(canSettings ? [{ key: 'servers', label: t('live.tabServers'), children: <ServersTab /> }] : []),
  ];
  return <AddressTabs items={items} className="live-screen" after={overlays} />;
}
