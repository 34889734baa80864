import { Card, Tabs } from 'antd';
import { useNavigate } from 'react-router';
import { useTabLocation } from '../../shell/layout/tabs-store';
import { moduleTexts } from '../../shell/module-texts';
import { MyAuditTab } from './my-audit-tab';
import { MyCertificatesTab } from './my-certificates-tab';
import { MyRecordTab } from './my-record-tab';

const { useTexts } = moduleTexts(
  'myRecordTabs',
  { record: 'My record', audit: 'Graduation audit', certificates: 'Certificates' },
  { record: '我的学籍', audit: '毕业审核', certificates: '我的证书' },
);

const TABS = ['record', 'audit', 'certificates'] as const;
type TabKey = (typeof TABS)[number];
const tabOf = (v: string | undefined): TabKey =>
  (TABS as readonly string[]).includes(v ?? '') ? (v as TabKey) : 'record';

// A student's own record (issue 34): their standing, guardians and timeline; their graduation
// audit with a what-if; their certificates with the verification link.
export default function MyRecordView() {
  const { t } = useTexts();
  const tab = useTabLocation();
  const navigate = useNavigate();
  const shown = tabOf(tab?.query.tab);
  const path = tab?.path ?? window.location.pathname;
  const items = [
    { key: 'record', label: t('myRecordTabs.record'), children: <MyRecordTab /> },
    { key: 'audit', label: t('myRecordTabs.audit'), children: <MyAuditTab /> },
    { key: 'certificates', label: t('myRecordTabs.certificates'), children: <MyCertificatesTab /> },
  ];
  return (
    <Card size="small">
      <Tabs
        activeKey={shown}
        onChange={(key) => navigate(key === 'record' ? path : `${path}?tab=${key}`, { replace: true })}
        destroyOnHidden
        items={items}
      />
    </Card>
  );
}
