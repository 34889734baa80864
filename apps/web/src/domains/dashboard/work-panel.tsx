import { CheckSquareOutlined, EditOutlined, MailOutlined, ScheduleOutlined } from '@ant-design/icons';
import type { StaffWork } from '@lyceum/contract';
import { useQuery } from '@tanstack/react-query';
import { Badge, Card, Col, Empty, Row, Space, Statistic, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { windowHours } from '../../crud/duration';
import { useUnreadSummary } from '../message/message-api';
import { STAFF_INBOX_PATH } from '../message/message-links';
import { staffWork } from './dashboard-api';
import { workTexts } from './work-texts';
import './work-panel.css';
import { PlainList } from '../../shell/plain-list';

// The screens the lines open (their own modules name the same addresses): an exam's marking, a task's
// marking, an exam's monitor.
const markingOf = (examId: number) => `/answer/list?examId=${examId}`;
const homeworkMarkingOf = (taskId: number, examId: number) => `/task/taskPaperEdit?taskId=${taskId}&examId=${examId}`;
const monitorOf = (examId: number) => `/exam/monitor?examId=${examId}`;

interface CardSpec {
  key: 'marking' | 'homework' | 'today' | 'messages';
  icon: ReactNode;
  count: number;
  unit: string;
  empty: string;
  body: ReactNode;
}

function WorkCard(props: {
  title: string;
  icon: ReactNode;
  count: number;
  unit: string;
  empty: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Card size="small" title={props.title} className="work-card" data-testid={props.testId}>
      <Statistic value={props.count} prefix={props.icon} suffix={<span className="work-unit">{props.unit}</span>} />
      {props.count === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={props.empty} className="work-empty" />
      ) : (
        props.children
      )}
    </Card>
  );
}

// Lines that open a screen, each with how many wait there (exams or homework to mark).
function CountedLinks({ items }: { items: { id: number; name: string; count: number; to: string }[] }) {
  return (
    <PlainList
      dataSource={items}
      renderItem={(item) => (
        <PlainList.Item extra={<Badge count={item.count} color="orange" overflowCount={999} />}>
          <Link to={item.to} className="work-link">
            {item.name}
          </Link>
        </PlainList.Item>
      )}
    />
  );
}

// Today's exam as a line: its hours, who has started, handed in and not started (late once a sitting
// has opened), opening its monitor.
function TodayLine({ exam }: { exam: NonNullable<StaffWork['today']>[number] }) {
  const { t } = workTexts.useTexts();
  const opened = Date.now() >= Date.parse(exam.windowStart);
  const late = opened && !exam.openWindow && exam.notStarted > 0;
  return (
    <PlainList.Item>
      <Space direction="vertical" size={0} style={{ minWidth: 0 }}>
        <Link to={monitorOf(exam.id)} className="work-link">
          {exam.name}
        </Link>
        <Typography.Text type="secondary" className="work-meta">
          {windowHours(exam.windowStart, exam.windowEnd)} ·{' '}
          {t('work.progress', { started: exam.started, handedIn: exam.handedIn, candidates: exam.candidates })}
        </Typography.Text>
      </Space>
      {late ? (
        <Tag color="red">{t('work.late', { count: exam.notStarted })}</Tag>
      ) : (
        exam.notStarted > 0 && <Tag>{t('work.notStarted', { count: exam.notStarted })}</Tag>
      )}
    </PlainList.Item>
  );
}

// What waits for this staff member, first thing on their home page: answers and homework to mark,
// today's exams and who is late, messages to confirm; each card only for the screens their role has.
export function WorkPanel() {
  const { t } = workTexts.useTexts();
  const work = useQuery({ queryKey: ['dashboard', 'work'], queryFn: staffWork });
  const unread = useUnreadSummary();
  const w = work.data;
  const needRead = unread.data?.needReadTotal ?? 0;
  // Each card's title and test id follow its key (`work.marking`, `work-marking`).
  const specs: (CardSpec | false | null | undefined)[] = [
    w?.marking && {
      key: 'marking',
      icon: <EditOutlined />,
      count: w.marking.answers,
      unit: t('work.answersIn', { count: w.marking.exams }),
      empty: t('work.nothingToMark'),
      body: (
        <CountedLinks
          items={w.marking.list.map((e) => ({ id: e.id, name: e.name, count: e.pending, to: markingOf(e.id) }))}
        />
      ),
    },
    w?.homework && {
      key: 'homework',
      icon: <CheckSquareOutlined />,
      count: w.homework.handIns,
      unit: t('work.handInsIn', { count: w.homework.tasks }),
      empty: t('work.noHomeworkToMark'),
      body: (
        <CountedLinks
          items={w.homework.list.map((h) => ({
            id: h.id,
            name: h.name,
            count: h.toMark,
            to: homeworkMarkingOf(h.id, h.examId),
          }))}
        />
      ),
    },
    w?.today && {
      key: 'today',
      icon: <ScheduleOutlined />,
      count: w.today.length,
      unit: t('work.exams', { count: w.today.length }),
      empty: t('work.noExamsToday'),
      body: <PlainList dataSource={w.today} renderItem={(e) => <TodayLine exam={e} />} />,
    },
    {
      key: 'messages',
      icon: <MailOutlined />,
      count: needRead,
      unit: t('work.toConfirm'),
      empty: t('work.nothingToConfirm'),
      body: <Link to={STAFF_INBOX_PATH}>{t('work.openInbox')}</Link>,
    },
  ];
  const cards = specs.filter((c): c is CardSpec => !!c);
  if (!w) return null;
  return (
    <section aria-label={t('work.title')}>
      <Row gutter={[16, 16]}>
        {cards.map((card) => (
          <Col key={card.key} xs={24} md={12} xl={24 / Math.min(cards.length, 4)}>
            <WorkCard
              testId={`work-${card.key}`}
              title={t(`work.${card.key}`)}
              icon={card.icon}
              count={card.count}
              unit={card.unit}
              empty={card.empty}
            >
              {card.body}
            </WorkCard>
          </Col>
        ))}
      </Row>
    </section>
  );
}
