import type { PortalExam, PortalHomework, PortalMessage, PortalResult } from '@lyceum/contract';
import { Badge, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { PlainList } from '../../shell/plain-list';
import { scoreText, TIME, timeWindow } from '../../ui/portal-format';
import { useWordMessage } from '../message/use-word-message';

// One line of each of the portal's lists. The lists are filled by the exam, homework and message
// modules as they land (see zStudentPortal in the contract); until then the cards show their empty state.

function Meta({ parts }: { parts: (string | null)[] }) {
  return <Typography.Text type="secondary">{parts.filter(Boolean).join(' · ')}</Typography.Text>;
}

// A line: its title over the facts (course, time…), with its state at the end.
function Line({ title, parts, extra }: { title: ReactNode; parts: (string | null)[]; extra: ReactNode }) {
  return (
    <PlainList.Item extra={extra}>
      <PlainList.Item.Meta title={title} description={<Meta parts={parts} />} />
    </PlainList.Item>
  );
}

export function ExamItem({ exam, t }: { exam: PortalExam; t: TFunction }) {
  return (
    <Line
      title={exam.name}
      parts={[
        exam.course,
        timeWindow(exam.startTime, exam.endTime),
        exam.durationMinutes ? t('portal.minutes', { count: exam.durationMinutes }) : null,
      ]}
      extra={
        exam.state === 'open' ? (
          <Tag color="success">{t('portal.open')}</Tag>
        ) : (
          <Tag color="processing">{t('portal.upcoming')}</Tag>
        )
      }
    />
  );
}

export function HomeworkItem({ homework, t }: { homework: PortalHomework; t: TFunction }) {
  return (
    <Line
      title={homework.title}
      parts={[
        homework.course,
        homework.dueTime ? t('portal.due', { time: dayjs(homework.dueTime).format(TIME) }) : t('portal.noDeadline'),
      ]}
      extra={
        <Tag color={homework.state === 'inProgress' ? 'processing' : 'default'}>
          {homework.state === 'inProgress' ? t('portal.inProgress') : t('portal.notStarted')}
        </Tag>
      }
    />
  );
}

export function ResultItem({ result, t }: { result: PortalResult; t: TFunction }) {
  return (
    <Line
      title={result.title}
      parts={[
        result.kind === 'exam' ? t('portal.exam') : t('portal.homeworkKind'),
        dayjs(result.publishedTime).format(TIME),
      ]}
      extra={
        <Space size={4}>
          <Typography.Text strong>
            {result.score === null ? t('portal.beingMarked') : scoreText(result.score, result.maxScore, t)}
          </Typography.Text>
          {result.passed !== null && (
            <Tag color={result.passed ? 'success' : 'error'}>
              {result.passed ? t('portal.passed') : t('portal.notPassed')}
            </Tag>
          )}
        </Space>
      }
    />
  );
}

// A message in the reader's words (the product's notices worded from their kind); a click opens it.
export function MessageItem({
  message,
  t,
  onOpen,
}: {
  message: PortalMessage;
  t: TFunction;
  onOpen: (id: number) => void;
}) {
  const word = useWordMessage();
  const worded = word(message);
  return (
    <Line
      title={
        <Space size={6} wrap>
          <button type="button" className="portal-open" onClick={() => onOpen(message.id)}>
            {message.read ? worded.title : <Typography.Text strong>{worded.title}</Typography.Text>}
          </button>
          {message.needRead && !message.read && <Tag color="warning">{t('portal.needRead')}</Tag>}
        </Space>
      }
      parts={[worded.sender, dayjs(message.sendTime).format(TIME)]}
      extra={message.read ? null : <Badge status="processing" text={t('portal.unread')} />}
    />
  );
}
