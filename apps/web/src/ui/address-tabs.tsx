import { Card, Tabs } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useTabLocation } from '../shell/layout/tabs-store';

export interface AddressTab {
  key: string;
  label: ReactNode;
  children: ReactNode;
}

// A screen of tabs whose chosen tab is in the address (`?tab=key`; the first tab has none), so a
// reload or a shared link opens the same tab. A key the caller left out (a tab the user may not
// see) opens the first. Hidden tabs are not kept mounted.
export function AddressTabs({
  items,
  className,
  after,
}: {
  items: AddressTab[];
  className?: string;
  // Shown under the tabs inside the same card (dialogs and drawers the tabs share).
  after?: ReactNode;
}) {
  const tab = useTabLocation();
  const navigate = useNavigate();
  const first = items[0]?.key;
  const asked = tab?.query.tab;
  const shown = items.some((i) => i.key === asked) ? asked : first;
  const path = tab?.path ?? window.location.pathname;
  return (
    <Card size="small" className={className}>
      <Tabs
        activeKey={shown}
        onChange={(key) => navigate(key === first ? path : `${path}?tab=${key}`, { replace: true })}
        destroyOnHidden
        items={items}
      />
      {after}
    </Card>
  );
}
