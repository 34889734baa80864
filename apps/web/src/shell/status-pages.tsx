import { RocketOutlined } from '@ant-design/icons';
import { Button, Card, Result, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { pickTitle, useLang } from './i18n';
import { DASHBOARD_PATH, type RouteMeta } from './routes';
import { upcomingScreenText } from './upcoming-screens';

// The shell's whole-page states (an unknown address, a page not open yet, a module missing from the
// build), loaded when one is shown: antd's Result and its pictures stay off the first screen.

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

// A page of the product that is not open yet: what it will let people do, inside the shell.
export function UpcomingView({ route }: { route: RouteMeta }) {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const about = upcomingScreenText(route.component);
  return (
    <Card variant="borderless" className="upcoming-page">
      <Result
        icon={<RocketOutlined style={{ color: 'var(--ant-color-primary)' }} />}
        title={t('status.comingSoonTitle', { title: pickTitle(route.title, lang) })}
        subTitle={
          <div className="upcoming-body">
            {route.area && <Tag bordered={false}>{pickTitle(route.area, lang)}</Tag>}
            <Typography.Paragraph strong className="upcoming-lead">
              {t('status.upcomingLead')}
            </Typography.Paragraph>
            <Typography.Paragraph className="upcoming-about">
              {about ? pickTitle(about, lang) : t('status.upcomingUnknown')}
            </Typography.Paragraph>
            <Typography.Paragraph type="secondary">{t('status.upcomingHint')}</Typography.Paragraph>
          </div>
        }
        extra={
          <Button type="primary" onClick={() => navigate(DASHBOARD_PATH)}>
            {t('status.backHome')}
          </Button>
        }
      />
    </Card>
  );
}
