import { moduleTexts } from '../../shell/module-texts';
import { AddressTabs } from '../../ui/address-tabs';
import { MyAuditTab } from './my-audit-tab';
import { MyCertificatesTab } from './my-certificates-tab';
import { MyRecordTab } from './my-record-tab';

const { useTexts } = moduleTexts(
  'myRecordTabs',
  { record: 'My record', audit: 'Graduation audit', certificates: 'Certificates' },
  { record: '我的学籍', audit: '毕业审核', certificates: '我的证书' },
);

// A student's own record (issue 34): their standing, guardians and timeline; their graduation
// audit with a what-if; their certificates with the verification link.
export default function MyRecordView() {
  const { t } = useTexts();
  const items = [
    { key: 'record', label: t('myRecordTabs.record'), children: <MyRecordTab /> },
    { key: 'audit', label: t('myRecordTabs.audit'), children: <MyAuditTab /> },
    { key: 'certificates', label: t('myRecordTabs.certificates'), children: <MyCertificatesTab /> },
  ];
  return <AddressTabs items={items} />;
}
