import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import type { ResourceMeta } from '@lyceum/contract';
import { App, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../shell/i18n';
import { usePermission } from '../shell/permission';
import { type ImportApi, ImportDialog } from './import-dialog';
import type { ResourceApi } from './resource-api';

type TransferApi = ImportApi & Pick<ResourceApi<unknown, never, never, never>, 'exportFile'>;

interface Props {
  meta: ResourceMeta;
  api: TransferApi;
  // The filter the list shows now: export writes exactly those rows.
  filter: object;
  onImported: () => void;
}

// Excel export of the current filter and the import dialog, each behind its permission.
export function TransferButtons({ meta, api, filter, onImported }: Props) {
  const { t } = useTranslation();
  const lang = useLang();
  const { message } = App.useApp();
  const canExport = usePermission([`${meta.permission}:export`]);
  const canImport = usePermission([`${meta.permission}:import`]);
  const [exporting, setExporting] = useState(false);
  const [importing, setImporting] = useState(false);

  async function exportRows() {
    setExporting(true);
    try {
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
