import { BACK_TO_TOP_PX, SIDEBAR_WIDTH_PX } from '@lyceum/contract';
import { useQuery } from '@tanstack/react-query';
import { Drawer, FloatButton } from 'antd';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { fetchCurrentUser } from '../auth-api';
import { useOrganizationConfig } from '../page-title';
import { useSidebarOpen } from '../preferences';
import { readSession, saveOrganization } from '../session';
import { Sidebar } from './sidebar';
import { TabsBar } from './tabs-bar';
import { TopBar } from './top-bar';
import { useIsMobile } from './use-device';
import { useActiveRoute, ViewStack } from './view-stack';

const COLLAPSED_WIDTH_PX = 64;

export function ShellLayout() {
  const isMobile = useIsMobile();
  const [sidebarOpen, setSidebarOpen] = useSidebarOpen();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { pathname } = useLocation();
  const route = useActiveRoute();
  const me = useQuery({ queryKey: ['currentUser'], queryFn: fetchCurrentUser });
  const config = useOrganizationConfig();
  const org = me.data?.organization;

  useEffect(() => {
    if (org) saveOrganization(org);
  }, [org]);

  // Mobile: the drawer closes whenever the route changes.
  useEffect(() => {
    if (pathname) setDrawerOpen(false);
  }, [pathname]);

  const orgName = org?.name ?? config?.organization.name ?? '';
  const open = isMobile ? drawerOpen : sidebarOpen;
  const sidebarWidth = isMobile ? 0 : open ? SIDEBAR_WIDTH_PX : COLLAPSED_WIDTH_PX;
  const sidebar = <Sidebar collapsed={!isMobile && !open} orgName={orgName} logo={org?.logo} />;
  const year = new Date().getFullYear();

  return (
    <div className={isMobile ? 'shell mobile' : 'shell'}>
      {isMobile ? (
        <Drawer
          placement="left"
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          size={SIDEBAR_WIDTH_PX}
          closable={false}
          styles={{ body: { padding: 0, background: '#001529' } }}
        >
          {sidebar}
        </Drawer>
      ) : (
        <aside className="shell-sider" style={{ width: sidebarWidth }}>
          {sidebar}
        </aside>
      )}
      <div className="shell-main" style={{ marginLeft: sidebarWidth }}>
        <header className="shell-header">
          <TopBar
            open={open}
            compact={isMobile}
            onToggle={() => (isMobile ? setDrawerOpen(!drawerOpen) : setSidebarOpen(!sidebarOpen))}
            userName={me.data?.realName || readSession()?.realName || ''}
            avatar={me.data?.avatar}
          />
          <TabsBar activePath={route?.path} />
        </header>
        <main className="shell-content">
          <ViewStack />
        </main>
        <footer className="shell-footer">
          <span>{org?.copyright || `© ${year} ${orgName}`}</span>
          {org?.icpNumber && (
            <a href="https://beian.miit.gov.cn/" target="_blank" rel="noreferrer">
              {org.icpNumber}
            </a>
          )}
        </footer>
      </div>
      <FloatButton.BackTop visibilityHeight={BACK_TO_TOP_PX} />
    </div>
  );
}
