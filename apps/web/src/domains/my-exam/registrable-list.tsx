import { CandidateStatus, candidateStatusLabels, labelOf } from '@lyceum/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Empty, Space, Tag, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import { useConfirm } from '../../crud/confirm';
import { formatDuration } from '../../crud/duration';
import { useKitTexts } from '../../crud/i18n';
import { useLang } from '../../shell/i18n';
import { countdownText } from '../../ui/countdown';
import { timeWindow } from '../../ui/portal-format';
import { ExamRow } from './exam-row';
import { useMyExamTexts } from './i18n';
import { type RegistrableExam, registerFor, unregisterFrom } from './my-exam-api';

function Places({ exam }: { exam: RegistrableExam }) {
  const { t } = useMyExamTexts();
  if (exam.capacity === null || exam.seatsLeft === null) return <Tag>{t('myExam.noLimit')}</Tag>;
  if (exam.seatsLeft <= 0) return <Tag color="error">{t('myExam.full')}</Tag>;
  return <Tag color="blue">{t('myExam.seatsLeft', { left: exam.seatsLeft, capacity: exam.capacity })}</Tag>;
}

// Exams the student may register for: register, or cancel a registration, while registration is open.
export function RegistrableList({ exams, now }: { exams: RegistrableExam[]; now: number }) {
  const { t } = useMyExamTexts();
  const { t: tc } = useKitTexts();
  const lang = useLang();
  const confirm = useConfirm();
  const client = useQueryClient();
  const { message } = App.useApp();
  const refresh = () => client.invalidateQueries({ queryKey: ['myExam'] });
  const days = (count: number) => t('myExam.days', { count });

  function register(exam: RegistrableExam) {
    confirm({
      title: t('myExam.registerConfirm', { name: exam.name }),
      content: t(exam.needsApproval ? 'myExam.registerHintApproval' : 'myExam.registerHint'),
      okText: t('myExam.register'),
      onOk: async () => {
        const result = await registerFor(exam.id);
        // The toast comes once the lists show the change.
        await refresh();
        message.success(
          t(result.status === CandidateStatus.Approved ? 'myExam.registered' : 'myExam.registeredPending', {
            name: exam.name,
          }),
        );
      },
    });
  }

  function cancel(exam: RegistrableExam) {
    confirm({
      title: t('myExam.cancelConfirm', { name: exam.name }),
      content: t('myExam.cancelHint'),
      okText: t('myExam.cancel'),
      danger: true,
      onOk: async () => {
        await unregisterFrom(exam.id);
        await refresh();
        message.success(t('myExam.cancelled', { name: exam.name }));
      },
    });
  }

  if (exams.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('myExam.registrationEmpty')} />;
  return (
    <ul className="my-exam-rows">
      {exams.map((exam) => {
        const mine = exam.myStatus;
        const full = exam.seatsLeft !== null && exam.seatsLeft <= 0;
        const closesIn = Date.parse(exam.registrationEnd) - now;
        // While registration is open: register, or cancel a registration awaiting approval or approved
        // (nothing once rejected); afterwards the server refuses both, so neither is offered.
        const action =
          closesIn <= 0 ? null : mine === null ? (
            <Tooltip key="register" title={full ? t('myExam.fullHint') : undefined}>
              <Button
                type="primary"
                disabled={full}
                aria-label={`${t('myExam.register')} ${exam.name}`}
                onClick={() => register(exam)}
              >
                {t('myExam.register')}
              </Button>
            </Tooltip>
          ) : mine === CandidateStatus.Rejected ? null : (
            <Button key="cancel" danger aria-label={`${t('myExam.cancel')} ${exam.name}`} onClick={() => cancel(exam)}>
              {t('myExam.cancel')}
            </Button>
          );
        return (
          <ExamRow
            key={exam.id}
            testId="registrable-exam"
            extra={action}
            title={
              <Space size={8} wrap>
                <span>{exam.name}</span>
                {mine !== null && (
                  <Tag color={candidateStatusLabels[mine].color}>{labelOf(candidateStatusLabels, mine, lang)}</Tag>
                )}
                {exam.needsApproval && mine === null && <Tag>{t('myExam.needsApproval')}</Tag>}
                <Places exam={exam} />
              </Space>
            }
            description={
              <Space orientation="vertical" size={2}>
                <span>
                  {[
                    timeWindow(exam.windowStart, exam.windowEnd),
                    formatDuration(exam.durationMinutes, tc),
                    exam.venueName,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
                <Typography.Text type="secondary">
                  {t(closesIn > 0 ? 'myExam.registrationCloses' : 'myExam.registrationClosed', {
                    time: dayjs(exam.registrationEnd).format('YYYY-MM-DD HH:mm'),
                  })}
                  {closesIn > 0 &&
                    closesIn < 86_400_000 * 3 &&
                    t('myExam.registrationLeft', { time: countdownText(closesIn, days) })}
                </Typography.Text>
              </Space>
            }
          />
        );
      })}
    </ul>
  );
}
