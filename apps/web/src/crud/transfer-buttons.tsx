import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import type { ResourceMeta } from '@lyceum/contract';
import { App, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../shell/i18n';
import { usePermission } from '../shell/permission';
import { useMenu } from '../shell/routes';
import { EXPORT_LIST_PERMISSION, exportApi } from './export-api';
import { ExportProgress } from './export-progress';
import { type ImportApi, ImportDialog } from './import-dialog';
import type { ResourceApi } from './resource-api';

type TransferApi = ImportApi & Pick<ResourceApi<unknown, never, never, never>, 'exportFile'>;

interface Props {
  meta: ResourceMeta;
  api: TransferApi;
  // The filter the list shows now: export writes exactly those rows.
  filter: object;
  onImported: () => void;
  // False for a resource the engine exports but does not import.
  imports?: boolean;
}

// Excel export of the current filter and the import dialog, each behind its permission.
export function TransferButtons({ meta, api, filter, onImported, imports = true }: Props) {
  const { t } = useTranslation();
  const lang = useLang();
  const { message } = App.useApp();
  // Not every screen has Excel buttons in the catalogue (roles have none).
  const { permissions } = useMenu();
  const canExport = permissions.has(`${meta.permission}:export`);
  const canImport = imports && permissions.has(`${meta.permission}:import`);
  // Exports run in the background and land on the export list; without that list (a custom role)
  // the file is written while the caller waits, as before.
  const hasExportList = usePermission([EXPORT_LIST_PERMISSION]);
  const [exporting, setExporting] = useState(false);
  const [running, setRunning] = useState<number | null>(null);
  const [importing, setImporting] = useState(false);

  async function exportRows() {
    setExporting(true);
    try {
      if (hasExportList) {
        setRunning((await exportApi.start(meta.name, filter, lang)).exportId);
        return;
      }
      const name = await api.exportFile(filter, lang);
      message.success(t('crud.exported', { name }));
    } finally {
      setExporting(false);
    }
  }

  return (
    <>
      {canExport && (
        <Button icon={<DownloadOutlined />} loading={exporting} onClick={exportRows}>
          {t('crud.export')}
        </Button>
      )}
      {running !== null && <ExportProgress exportId={running} title={meta.title} onClose={() => setRunning(null)} />}
      {canImport && (
        <>
          <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
            {t('crud.import')}
          </Button>
          <ImportDialog
            open={importing}
            meta={meta}
            api={api}
            onClose={() => setImporting(false)}
            onImported={onImported}
          />
        </>
      )}
    </>
  );
}
