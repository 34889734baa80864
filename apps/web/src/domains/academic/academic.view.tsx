import { moduleTexts } from '../../shell/module-texts';
import { AddressTabs } from '../../ui/address-tabs';
import { AwardsTab, BatchesTab, RequirementsTab } from './graduation-tabs';
import { RecordsTab } from './records-tab';
import { StatusChangesTab } from './status-changes-tab';

const { useTexts } = moduleTexts(
  'academicTabs',
  {
    records: 'Student records',
    changes: 'Status changes',
    requirements: 'Graduation requirements',
    batches: 'Graduation batches',
    awards: 'Degree awards',
  },
  { records: '学籍档案', changes: '学籍异动', requirements: '毕业要求', batches: '毕业批次', awards: '学位授予' },
);

// Academic affairs (issue 34): the student records and their status changes, then graduation: the
// requirement sets, the batches with each student's audit, and the degrees awarded. The tab is in
// the address, so a reload keeps it.
export default function AcademicView() {
  const { t } = useTexts();
  const items = [
    { key: 'records', label: t('academicTabs.records'), children: <RecordsTab /> },
    { key: 'changes', label: t('academicTabs.changes'), children: <StatusChangesTab /> },
    { key: 'requirements', label: t('academicTabs.requirements'), children: <RequirementsTab /> },
    { key: 'batches', label: t('academicTabs.batches'), children: <BatchesTab /> },
    { key: 'awards', label: t('academicTabs.awards'), children: <AwardsTab /> },
  ];
  return <AddressTabs items={items} />;
}
