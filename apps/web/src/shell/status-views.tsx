import { Alert, Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';

// A page's code did not arrive (offline, or a new version replaced it): loaded with the shell, since
// it shows exactly when loading more code fails. The other states are in status-pages.tsx.
export function ChunkErrorView({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      type="warning"
      showIcon
      className="chunk-error"
      message={t('status.chunkTitle')}
      description={t('status.chunk')}
      action={
        <Space direction="vertical">
          <Button type="primary" onClick={onRetry}>
            {t('status.retry')}
          </Button>
          <Button onClick={() => window.location.reload()}>{t('status.reload')}</Button>
        </Space>
      }
    />
  );
}
