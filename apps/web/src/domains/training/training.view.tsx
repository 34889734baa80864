import { Card, Tabs } from 'antd';
import { useNavigate } from 'react-router';
import { useTabLocation } from '../../shell/layout/tabs-store';
import { moduleTexts } from '../../shell/module-texts';
import { CertificatesTab, TemplatesTab } from './certificate-tabs';
import { ProgrammesTab, SessionsTab } from './session-tabs';

const { useTexts } = moduleTexts(
  'trainingTabs',
  { sessions: 'Sessions', programmes: 'Programmes', certificates: 'Certificates', templates: 'Certificate templates' },
  { sessions: '培训场次', programmes: '培训项目', certificates: '证书', templates: '证书模板' },
);

const TABS = ['sessions', 'programmes', 'certificates', 'templates'] as const;
type TabKey = (typeof TABS)[number];
const tabOf = (v: string | undefined): TabKey =>
  (TABS as readonly string[]).includes(v ?? '') ? (v as TabKey) : 'sessions';

// Training management (issue 34): sessions with their registrations and waitlists, the programmes
// they belong to, and the certificates issued with their templates. The tab is in the address.
export default function TrainingView() {
  const { t } = useTexts();
  const tab = useTabLocation();
  const navigate = useNavigate();
  const shown = tabOf(tab?.query.tab);
  const path = tab?.path ?? window.location.pathname;
  const items = [
    { key: 'sessions', label: t('trainingTabs.sessions'), children: <SessionsTab /> },
    { key: 'programmes', label: t('trainingTabs.programmes'), children: <ProgrammesTab /> },
    { key: 'certificates', label: t('trainingTabs.certificates'), children: <CertificatesTab /> },
    { key: 'templates', label: t('trainingTabs.templates'), children: <TemplatesTab /> },
  ];
  return (
    <Card size="small">
      <Tabs
        activeKey={shown}
        onChange={(key) => navigate(key === 'sessions' ? path : `${path}?tab=${key}`, { replace: true })}
        destroyOnHidden
        items={items}
      />
    </Card>
  );
}
