import { ClockCircleOutlined } from '@ant-design/icons';
import { Button, Result, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

export function NotFoundView() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title="404"
      subTitle={t('status.notFound')}
      extra={
        <Button type="primary" onClick={() => navigate('/dashboard')}>
          {t('status.backHome')}
        </Button>
      }
    />
  );
}

export function MissingModuleView({ component }: { component: string }) {
  const { t } = useTranslation();
  return <Result status="error" title={`Cannot find module ${component}`} subTitle={t('status.missingModule')} />;
}

export function ComingSoonView({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <Result
      icon={<ClockCircleOutlined style={{ color: 'var(--ant-color-primary)' }} />}
      title={t('status.comingSoonTitle', { title })}
      subTitle={t('status.comingSoon')}
    />
  );
}

export function ChunkErrorView({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Result
      status="warning"
      title={t('status.chunkTitle')}
      subTitle={t('status.chunk')}
      extra={
        <Space>
          <Button type="primary" onClick={onRetry}>
            {t('status.retry')}
          </Button>
          <Button onClick={() => window.location.reload()}>{t('status.reload')}</Button>
        </Space>
      }
    />
  );
}
