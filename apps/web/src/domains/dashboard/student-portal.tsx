import {
  ApartmentOutlined,
  BankOutlined,
  CalendarOutlined,
  FileDoneOutlined,
  IdcardOutlined,
  KeyOutlined,
  MailOutlined,
  RightOutlined,
  TeamOutlined,
  TrophyOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { CurrentUser, StudentPortal as Portal } from '@lyceum/contract';
import { useQuery } from '@tanstack/react-query';
import { Avatar, Badge, Card, Col, Empty, Row, Skeleton, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { pickTitle, useLang } from '../../shell/i18n';
import { PlainList } from '../../shell/plain-list';
import { useMenuPage } from '../../shell/routes';
import { studentPortal } from './dashboard-api';
import { ExamItem, HomeworkItem, MessageItem, ResultItem } from './portal-items';
import { portalTexts } from './portal-texts';

// The live classes' card (its countdown, joining) is loaded with the portal, never on staff's home page.
const LiveCard = lazy(() => import('./live-card'));

// The reader carries rich text and formulas: loaded when a message is opened.
const MessageReaderDrawer = lazy(() =>
  import('../message/message-reader').then((m) => ({ default: m.MessageReaderDrawer })),
);

// The student pages each card leads to, by their menu component (shown when the menu has them).
const PAGES = { exams: 'exam/myExam', homework: 'task/myTask', messages: 'message/myMessage' } as const;

// The menu path and title of a page the student holds, or null.
function usePage(component: string): { path: string; title: string } | null {
  const route = useMenuPage(component);
  const lang = useLang();
  return route && { path: route.path, title: pickTitle(route.title, lang) };
}

export function PortalCard<T>({
  id,
  icon,
  title,
  items,
  empty,
  page,
  loading,
  failed,
  render,
}: {
  id: string;
  icon: ReactNode;
  title: string;
  items: T[] | undefined;
  empty: string;
  page: string | null;
  loading: boolean;
  failed: boolean;
  render: (item: T) => ReactNode;
}) {
  const { t } = portalTexts.useTexts();
  const target = usePage(page ?? '');
  return (
    <Card
      className="portal-card"
      data-testid={`portal-${id}`}
      title={
        <Space size={8}>
          <span className="portal-card-icon">{icon}</span>
          <span>{title}</span>
          {items && items.length > 0 && <Badge count={items.length} color="var(--ant-color-primary)" />}
        </Space>
      }
      extra={
        target && (
          <Link to={target.path} aria-label={t('portal.goTo', { title: target.title })}>
            {target.title} <RightOutlined />
          </Link>
        )
      }
    >
      {loading ? (
        <Skeleton active paragraph={{ rows: 2 }} title={false} />
      ) : failed ? (
        <Typography.Text type="danger">{t('portal.failed')}</Typography.Text>
      ) : items && items.length > 0 ? (
        <PlainList dataSource={items} renderItem={render} />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={<span className="portal-empty">{empty}</span>} />
      )}
    </Card>
  );
}

function Greeting({ me, portal }: { me: CurrentUser; portal: Portal | undefined }) {
  const { t, i18n } = portalTexts.useTexts();
  const date = dayjs().toDate().toLocaleDateString(i18n.language, { weekday: 'long', month: 'long', day: 'numeric' });
  const facts: { key: string; icon: ReactNode; label: string; value: string }[] = [
    { key: 'org', icon: <BankOutlined />, label: t('portal.organisation'), value: me.organization.name },
  ];
  if (portal?.department)
    facts.push({ key: 'dept', icon: <ApartmentOutlined />, label: t('portal.department'), value: portal.department });
  if (portal && portal.classes.length > 0)
    facts.push({
      key: 'class',
      icon: <TeamOutlined />,
      label: t('portal.classes'),
      value: portal.classes.map((c) => c.name).join(', '),
    });
  return (
    <Card className="portal-hero">
      <div className="portal-hero-body">
        <Avatar size={56} src={me.avatar ?? undefined} icon={<UserOutlined />} alt="" />
        <div className="portal-hero-text">
          <Typography.Title level={3} style={{ margin: 0 }}>
            {t('portal.greeting', { name: me.realName })}
          </Typography.Title>
          <Typography.Text type="secondary">{t('portal.today', { date })}</Typography.Text>
          <div className="portal-facts">
            {facts.map((f) => (
              <span key={f.key} className="portal-fact" title={f.label}>
                {f.icon}
                <span className="portal-fact-label">{f.label}</span>
                <span>{f.value}</span>
              </span>
            ))}
          </div>
        </div>
      </div>
    </Card>
  );
}

function AccountCard({ me }: { me: CurrentUser }) {
  const { t } = portalTexts.useTexts();
  const links = [
    { to: '/profile/index', icon: <IdcardOutlined />, title: t('portal.profile'), hint: t('portal.profileHint') },
    { to: '/profile/editPassword', icon: <KeyOutlined />, title: t('portal.password'), hint: t('portal.passwordHint') },
  ];
  return (
    <Card className="portal-card portal-account" data-testid="portal-account" title={t('portal.account')}>
      <div className="portal-account-who">
        <Typography.Text strong>{me.realName}</Typography.Text>
        <Typography.Text type="secondary">{me.userName}</Typography.Text>
        {me.email && <Typography.Text type="secondary">{me.email}</Typography.Text>}
      </div>
      <nav className="portal-links">
        {links.map((l) => (
          <Link key={l.to} to={l.to} className="portal-link">
            <span className="portal-card-icon">{l.icon}</span>
            <span className="portal-link-text">
              <span className="portal-link-title">{l.title}</span>
              <Typography.Text type="secondary" className="portal-link-hint">
                {l.hint}
              </Typography.Text>
            </span>
            <RightOutlined />
          </Link>
        ))}
      </nav>
    </Card>
  );
}

// A student's home: who and where they are, live classes to join, what is due, their latest results
// and messages. Each card says what will appear in it while it is empty, so a new student knows what
// the platform is for.
export function StudentPortal({ me }: { me: CurrentUser }) {
  const { t } = portalTexts.useTexts();
  const portal = useQuery({ queryKey: ['studentPortal'], queryFn: studentPortal });
  const data = portal.data;
  const state = { loading: portal.isPending, failed: portal.isError };
  const [reading, setReading] = useState<number | null>(null);
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Greeting me={me} portal={data} />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={18}>
          <Row gutter={[16, 16]}>
            <Col xs={24} md={12}>
              <Suspense fallback={<Card className="portal-card" loading />}>
                <LiveCard portal={data} state={state} />
              </Suspense>
            </Col>
            <Col xs={24} md={12}>
              <PortalCard
                id="exams"
                icon={<CalendarOutlined />}
                title={t('portal.exams')}
                items={data?.exams}
                empty={t('portal.examsEmpty')}
                page={PAGES.exams}
                {...state}
                render={(exam) => <ExamItem key={exam.id} exam={exam} t={t} />}
              />
            </Col>
            <Col xs={24} md={12}>
              <PortalCard
                id="homework"
                icon={<FileDoneOutlined />}
                title={t('portal.homework')}
                items={data?.homework}
                empty={t('portal.homeworkEmpty')}
                page={PAGES.homework}
                {...state}
                render={(homework) => <HomeworkItem key={homework.id} homework={homework} t={t} />}
              />
            </Col>
            <Col xs={24} md={12}>
              <PortalCard
                id="results"
                icon={<TrophyOutlined />}
                title={t('portal.results')}
                items={data?.results}
                empty={t('portal.resultsEmpty')}
                page={null}
                {...state}
                render={(result) => <ResultItem key={`${result.kind}-${result.id}`} result={result} t={t} />}
              />
            </Col>
            <Col xs={24}>
              <PortalCard
                id="messages"
                icon={<MailOutlined />}
                title={t('portal.messages')}
                items={data?.messages}
                empty={t('portal.messagesEmpty')}
                page={PAGES.messages}
                {...state}
                render={(message) => <MessageItem key={message.id} message={message} t={t} onOpen={setReading} />}
              />
            </Col>
          </Row>
        </Col>
        <Col xs={24} xl={6}>
          <AccountCard me={me} />
        </Col>
      </Row>
      {reading !== null && (
        <Suspense fallback={null}>
          <MessageReaderDrawer id={reading} onClose={() => setReading(null)} />
        </Suspense>
      )}
    </Space>
  );
}
