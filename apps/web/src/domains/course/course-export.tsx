import { DownloadOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import { useState } from 'react';
import { EXPORT_LIST_PERMISSION, exportApi } from '../../crud/export-api';
import { ExportProgress } from '../../crud/export-progress';
import { useLang } from '../../shell/i18n';
import { usePermission } from '../../shell/permission';
import { COURSE_KEY, type CourseFilter, courseApi } from './course-api';
import { useCourseTexts } from './course-texts';

// The Excel export of the courses the list shows: in the background through the export list (its
// progress in a window), or, for someone without that list, written while they wait.
export function CourseExportButton({ filter }: { filter: CourseFilter }) {
  const { t } = useCourseTexts();
  const lang = useLang();
  const { message } = App.useApp();
  const canExport = usePermission(['course:export']);
  const hasExportList = usePermission([EXPORT_LIST_PERMISSION]);
  const [exporting, setExporting] = useState(false);
  const [running, setRunning] = useState<number | null>(null);
  if (!canExport) return null;

  async function run() {
    setExporting(true);
    try {
      if (hasExportList) setRunning((await exportApi.start(COURSE_KEY, filter, lang)).exportId);
      else message.success(t('course.exported', { name: await courseApi.exportFile(filter, lang) }));
    } catch {
      // The request client has said why.
    } finally {
      setExporting(false);
    }
  }

  return (
    <>
      <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void run()}>
        {t('course.export')}
      </Button>
      {running !== null && (
        <ExportProgress exportId={running} title={{ en: 'Courses', zh: '课程' }} onClose={() => setRunning(null)} />
      )}
    </>
  );
}
