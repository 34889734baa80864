import { ClockCircleOutlined, IdcardOutlined, LoginOutlined } from '@ant-design/icons';
import { CandidateStatus, candidateStatusLabels, labelOf, type MyExam, StudentExamStatus } from '@lyceum/contract';
import { Button, Card, Descriptions, Space, Tag, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import { useNavigate } from 'react-router';
import { formatDuration } from '../../crud/duration';
import { useKitTexts } from '../../crud/i18n';
import { useLang } from '../../shell/i18n';
import { countdownText } from '../../ui/countdown';
import { timeWindow } from '../../ui/portal-format';
import { ruleLines } from '../exam-register/exam-rules';
import { useTicketTexts } from '../exam-register/ticket-texts';
import { useMyExamTexts } from './i18n';
import { myTicketPath, takePath } from './my-exam-api';

// Where the candidate sits: the venue and seat, or the online room.
export function placeText(exam: Pick<MyExam, 'venueName' | 'virtualRoomId' | 'seatNo'>, t: TFunction) {
  const place = exam.venueName ?? (exam.virtualRoomId ? t('myExam.online', { room: exam.virtualRoomId }) : null);
  if (!place) return t('myExam.noPlace');
  return exam.seatNo === null ? place : `${place} · ${t('myExam.seat', { seat: exam.seatNo })}`;
}

function Countdown({ exam, now }: { exam: MyExam; now: number }) {
  const { t } = useMyExamTexts();
  const days = (count: number) => t('myExam.days', { count });
  if (exam.phase === 'upcoming') {
    const left = Date.parse(exam.windowStart) - now;
    return (
      <div className="my-exam-countdown" data-testid="countdown">
        <ClockCircleOutlined />{' '}
        {left > 0 ? t('myExam.opensIn', { time: countdownText(left, days) }) : t('myExam.refreshing')}
      </div>
    );
  }
  // Once they entered, their own deadline (start + duration + extra time) is what runs out.
  if (exam.deadline !== null && exam.paperStatus === 3) {
    return (
      <div className="my-exam-countdown" data-testid="countdown">
        <ClockCircleOutlined /> {t('myExam.timeLeft', { time: countdownText(exam.deadline - now, days) })}
      </div>
    );
  }
  return (
    <Space size={12} wrap className="my-exam-countdown" data-testid="countdown">
      <span>
        <ClockCircleOutlined />{' '}
        {t('myExam.closesIn', { time: countdownText(Date.parse(exam.personalEnd) - now, days) })}
      </span>
      {exam.latestEntry && (
        <Typography.Text type="secondary">
          {t('myExam.entryUntil', { time: dayjs(exam.latestEntry).format('HH:mm') })}
        </Typography.Text>
      )}
    </Space>
  );
}

// An upcoming or open exam: countdown, time and place, rules, and the ticket (and, when open, the way in).
export function ExamCard({ exam, now }: { exam: MyExam; now: number }) {
  const { t } = useMyExamTexts();
  const { t: tt } = useTicketTexts();
  const { t: tc } = useKitTexts();
  const lang = useLang();
  const navigate = useNavigate();
  const approved = exam.candidateStatus === CandidateStatus.Approved;
  const entered = exam.studentStatus === StudentExamStatus.Entered;
  const duration = formatDuration(exam.durationMinutes, tc);
  return (
    <Card
      size="small"
      className="my-exam-card"
      data-testid="my-exam"
      title={
        <Space size={8} wrap>
          <span className="my-exam-name">{exam.name}</span>
          <Tag color={candidateStatusLabels[exam.candidateStatus].color}>
            {labelOf(candidateStatusLabels, exam.candidateStatus, lang)}
          </Tag>
        </Space>
      }
    >
      {approved && <Countdown exam={exam} now={now} />}
      <Descriptions
        size="small"
        column={{ xs: 1, md: 2 }}
        items={[
          { key: 'when', label: t('myExam.when'), children: timeWindow(exam.windowStart, exam.windowEnd) },
          {
            key: 'duration',
            label: t('myExam.duration'),
            children:
              exam.extraTime > 0 ? (
                <Tooltip title={t('myExam.yourEnd', { time: dayjs(exam.personalEnd).format('YYYY-MM-DD HH:mm') })}>
                  <span>{t('myExam.durationExtra', { duration, extra: formatDuration(exam.extraTime, tc) })}</span>
                </Tooltip>
              ) : (
                duration
              ),
          },
          {
            key: 'entry',
            label: t('myExam.latestEntry'),
            children: exam.latestEntry ? dayjs(exam.latestEntry).format('YYYY-MM-DD HH:mm') : '—',
          },
          { key: 'place', label: t('myExam.place'), children: placeText(exam, t) },
        ]}
      />
      <div className="my-exam-rules">
        <Typography.Text strong>{t('myExam.rules')}</Typography.Text>
        <ul>
          {ruleLines(exam.rules, tt, lang).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </div>
      {exam.instructions && (
        <div className="my-exam-rules">
          <Typography.Text strong>{t('myExam.instructions')}</Typography.Text>
          <Typography.Paragraph style={{ whiteSpace: 'pre-line', marginBottom: 0 }}>
            {exam.instructions}
          </Typography.Paragraph>
        </div>
      )}
      <Space wrap className="my-exam-actions">
        {exam.phase === 'open' && approved && (
          // The exam page is its own entry (exam.html): a full page load, in this tab.
          <Button
            type="primary"
            icon={<LoginOutlined />}
            href={takePath(exam.id)}
            data-testid="enter-exam"
            aria-label={t(entered ? 'myExam.continueOf' : 'myExam.enterOf', { name: exam.name })}
          >
            {entered ? t('myExam.continue') : t('myExam.enter')}
          </Button>
        )}
        {approved ? (
          <Button
            icon={<IdcardOutlined />}
            aria-label={t('myExam.ticketOf', { name: exam.name })}
            onClick={() => navigate(myTicketPath(exam.id))}
          >
            {t('myExam.ticket')}
          </Button>
        ) : (
          exam.candidateStatus === CandidateStatus.Pending && (
            <Typography.Text type="secondary">{t('myExam.noTicket')}</Typography.Text>
          )
        )}
      </Space>
    </Card>
  );
}
