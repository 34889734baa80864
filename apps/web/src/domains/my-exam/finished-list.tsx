import {
  CandidateStatus,
  candidateStatusLabels,
  labelOf,
  type MyExam,
  ShowScore,
  StudentExamStatus,
} from '@lyceum/contract';
import { Empty, Space, Tag, Tooltip, Typography } from 'antd';
import { useLang } from '../../shell/i18n';
import { timeWindow } from '../dashboard/portal-format';
import { ExamRow } from './exam-row';
import { useMyExamTexts } from './i18n';

const round = (v: number) => String(Math.round(v * 100) / 100);

// Exams whose time is over: whether the student sat them, and the score once it may be shown.
export function FinishedList({ exams }: { exams: MyExam[] }) {
  const { t } = useMyExamTexts();
  const lang = useLang();
  if (exams.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('myExam.finishedEmpty')} />;
  return (
    <ul className="my-exam-rows">
      {exams.map((exam) => {
        const entered = exam.studentStatus === StudentExamStatus.Entered;
        return (
          <ExamRow
            key={exam.id}
            testId="my-exam-finished"
            extra={
              exam.score !== null ? (
                <Typography.Text strong className="my-exam-score">
                  {t('myExam.score', { score: round(exam.score), total: round(exam.totalScore) })}
                </Typography.Text>
              ) : exam.rules.showScore === ShowScore.Never ? (
                <Tooltip title={t('myExam.scoreHidden')}>
                  <Typography.Text type="secondary" aria-label={t('myExam.scoreHidden')}>
                    —
                  </Typography.Text>
                </Tooltip>
              ) : (
                entered && <Typography.Text type="secondary">{t('myExam.scorePending')}</Typography.Text>
              )
            }
            title={
              <Space size={8} wrap>
                <span>{exam.name}</span>
                {exam.candidateStatus === CandidateStatus.Approved ? (
                  <Tag color={entered ? 'success' : 'default'}>
                    {t(entered ? 'myExam.entered' : 'myExam.notEntered')}
                  </Tag>
                ) : (
                  <Tag color={candidateStatusLabels[exam.candidateStatus].color}>
                    {labelOf(candidateStatusLabels, exam.candidateStatus, lang)}
                  </Tag>
                )}
              </Space>
            }
            description={timeWindow(exam.windowStart, exam.windowEnd)}
          />
        );
      })}
    </ul>
  );
}
