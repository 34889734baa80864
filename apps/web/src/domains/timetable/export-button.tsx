import { DownloadOutlined } from '@ant-design/icons';
import type { Title } from '@lyceum/contract';
import { App, Button } from 'antd';
import { useState } from 'react';
import { EXPORT_LIST_PERMISSION, exportApi } from '../../crud/export-api';
import { ExportProgress } from '../../crud/export-progress';
import { resourceApi } from '../../crud/resource-api';
import { useLang } from '../../shell/i18n';
import { usePermission } from '../../shell/permission';
import { useTimetableTexts } from './timetable-texts';

const titles: Record<string, Title> = {
  teachingAssignment: { en: 'Teaching assignments', zh: '任课安排' },
  lesson: { en: 'Lessons', zh: '课次' },
};

// The Excel export of what a list shows (teaching:export): in the background through the export
// list, or written while the caller waits for someone without that list.
export function ExportButton({ resource, filter }: { resource: 'teachingAssignment' | 'lesson'; filter: object }) {
  const { t } = useTimetableTexts();
  const lang = useLang();
  const { message } = App.useApp();
  const canExport = usePermission(['teaching:export']);
  const hasExportList = usePermission([EXPORT_LIST_PERMISSION]);
  const [exporting, setExporting] = useState(false);
  const [running, setRunning] = useState<number | null>(null);
  if (!canExport) return null;

  async function run() {
    setExporting(true);
    try {
      if (hasExportList) setRunning((await exportApi.start(resource, filter, lang)).exportId);
      else message.success(t('tt.exported', { name: await resourceApi(resource).exportFile(filter, lang) }));
    } catch {
      // The request client has said why.
    } finally {
      setExporting(false);
    }
  }

  return (
    <>
      <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void run()}>
        {t('tt.export')}
      </Button>
      {running !== null && (
        <ExportProgress exportId={running} title={titles[resource]} onClose={() => setRunning(null)} />
      )}
    </>
  );
}
