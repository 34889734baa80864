import { Card, Tabs } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTabLocation } from '../../shell/layout/tabs-store';
import { AccountsTab } from './accounts-tab';
import { AdjustDialog, type AdjustTarget } from './adjust-dialog';
import { LedgerTab } from './ledger-tab';
import { OverviewTab } from './overview-tab';
import { usePointsTexts } from './points-words';
import { RulesTab } from './rules-tab';
import './points.css';

const TABS = ['accounts', 'ledger', 'overview', 'rules'] as const;
type TabKey = (typeof TABS)[number];
const tabOf = (v: string | undefined): TabKey =>
  (TABS as readonly string[]).includes(v ?? '') ? (v as TabKey) : 'accounts';

// Points (staff): everyone's balance, the ledger every change of a balance is written to, the
// figures per day, and the rules that award points by themselves. Adjusting by hand needs
// point:adjust, the rules point:rules, the Excel files point:export. The tab is in the address (a
// person's history is `?tab=ledger&userId=N`), so a reload keeps it.
export default function PointsView() {
  const { t } = usePointsTexts();
  const tab = useTabLocation();
  const navigate = useNavigate();
  const [adjusting, setAdjusting] = useState<AdjustTarget | null>(null);
  const shown = tabOf(tab?.query.tab);
  const path = tab?.path ?? window.location.pathname;
  const userId = Number(tab?.query.userId) || undefined;
  // Moving between tabs replaces the address; a person's history is a step of its own (Back returns).
  const go = (key: TabKey, query = '') =>
    navigate(key === 'accounts' ? path : `${path}?tab=${key}${query}`, { replace: !query });

  const items = [
    {
      key: 'accounts',
      label: t('points.tabAccounts'),
      children: <AccountsTab onAdjust={setAdjusting} onHistory={(row) => go('ledger', `&userId=${row.userId}`)} />,
    },
    { key: 'ledger', label: t('points.tabLedger'), children: <LedgerTab key={userId ?? 0} userId={userId} /> },
    { key: 'overview', label: t('points.tabOverview'), children: <OverviewTab /> },
    { key: 'rules', label: t('points.tabRules'), children: <RulesTab /> },
  ];
  return (
    <Card size="small" className="points-screen">
      <Tabs activeKey={shown} onChange={(key) => go(tabOf(key))} destroyOnHidden items={items} />
      <AdjustDialog target={adjusting} onClose={() => setAdjusting(null)} />
    </Card>
  );
}
