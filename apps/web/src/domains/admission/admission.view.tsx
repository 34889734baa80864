import { Card, Tabs } from 'antd';
import { useNavigate } from 'react-router';
import { useTabLocation } from '../../shell/layout/tabs-store';
import { useAdmissionTexts } from './admission-texts';
import { ApplicationsTab } from './applications-tab';
import { RoundsTab } from './rounds-tab';

// Applications (issue 34): the applications of every round, and the rounds with their window, quota
// and form. The tab is in the address, so a reload keeps it.
export default function AdmissionView() {
  const { t } = useAdmissionTexts();
  const tab = useTabLocation();
  const navigate = useNavigate();
  const shown = tab?.query.tab === 'rounds' ? 'rounds' : 'applications';
  const path = tab?.path ?? window.location.pathname;
  return (
    <Card size="small">
      <Tabs
        activeKey={shown}
        onChange={(key) => navigate(key === 'applications' ? path : `${path}?tab=${key}`, { replace: true })}
        destroyOnHidden
        items={[
          { key: 'applications', label: t('admission.tabApplications'), children: <ApplicationsTab /> },
          { key: 'rounds', label: t('admission.tabRounds'), children: <RoundsTab /> },
        ]}
      />
    </Card>
  );
}
