import { type ExportRow, ExportStatus, type Title } from '@lyceum/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Modal, Progress, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { pickTitle, useLang } from '../shell/i18n';
import { usePermission } from '../shell/permission';
import { EXPORT_LIST_PATH, EXPORT_LIST_PERMISSION, exportApi } from './export-api';

const POLL_MS = 1000;
const finished = (row: ExportRow | undefined) =>
  row?.status === ExportStatus.Done || row?.status === ExportStatus.Failed;

// The window the Export button opens: the export's progress, polled every second until it is done,
// then Download; the export list keeps the file if the window is closed first.
export function ExportProgress({ exportId, title, onClose }: { exportId: number; title: Title; onClose: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const canList = usePermission([EXPORT_LIST_PERMISSION]);
  const [downloading, setDownloading] = useState(false);
  const query = useQuery({
    queryKey: ['export', exportId],
    queryFn: ({ signal }) => exportApi.select(exportId, { signal }),
    refetchInterval: (q) => (finished(q.state.data) ? false : POLL_MS),
  });
  const row = query.data;
  const done = row?.status === ExportStatus.Done;
  const failed = row?.status === ExportStatus.Failed;

  async function save() {
    setDownloading(true);
    try {
      await exportApi.download(exportId);
    } finally {
      setDownloading(false);
    }
  }

  const status = !row
    ? t('exports.starting')
    : done
      ? t('exports.ready', { count: row.rowCount ?? 0 })
      : row.status === ExportStatus.Queued
        ? t('exports.waiting')
        : t('exports.running', { count: row.rowCount ?? 0 });

  return (
    <Modal
      open
      title={t('exports.progressTitle', { title: pickTitle(title, lang) })}
      onCancel={onClose}
      footer={
        <Space wrap>
          {canList && (
            <Button
              onClick={() => {
                onClose();
                navigate(EXPORT_LIST_PATH);
              }}
            >
              {t('exports.openList')}
            </Button>
          )}
          <Button onClick={onClose}>{t('exports.close')}</Button>
          <Button type="primary" disabled={!done} loading={downloading} onClick={save}>
            {t('exports.download')}
          </Button>
        </Space>
      }
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Progress
          percent={Math.round((row?.progress ?? 0) * 100)}
          status={failed ? 'exception' : done ? 'success' : 'active'}
          aria-label={t('exports.progress')}
        />
        {failed ? (
          <Alert type="error" showIcon message={t('exports.failed', { error: row?.error ?? '' })} />
        ) : (
          <Typography.Text role="status">{status}</Typography.Text>
        )}
        {!done && !failed && <Typography.Text type="secondary">{t('exports.background')}</Typography.Text>}
      </Space>
    </Modal>
  );
}
