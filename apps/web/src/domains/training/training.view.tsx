import { moduleTexts } from '../../shell/module-texts';
import { AddressTabs } from '../../ui/address-tabs';
import { CertificatesTab, TemplatesTab } from './certificate-tabs';
import { ProgrammesTab, SessionsTab } from './session-tabs';

const { useTexts } = moduleTexts(
  'trainingTabs',
  { sessions: 'Sessions', programmes: 'Programmes', certificates: 'Certificates', templates: 'Certificate templates' },
  { sessions: '培训场次', programmes: '培训项目', certificates: '证书', templates: '证书模板' },
);

// Training management (issue 34): sessions with their registrations and waitlists, the programmes
// they belong to, and the certificates issued with their templates. The tab is in the address.
export default function TrainingView() {
  const { t } = useTexts();
  const items = [
    { key: 'sessions', label: t('trainingTabs.sessions'), children: <SessionsTab /> },
    { key: 'programmes', label: t('trainingTabs.programmes'), children: <ProgrammesTab /> },
    { key: 'certificates', label: t('trainingTabs.certificates'), children: <CertificatesTab /> },
    { key: 'templates', label: t('trainingTabs.templates'), children: <TemplatesTab /> },
  ];
  return <AddressTabs items={items} />;
}
