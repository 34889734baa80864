import {
  CandidateStatus,
  candidateStatusLabels,
  labelOf,
  type MyExam,
  ShowScore,
  StudentExamStatus,
} from '@lyceum/contract';
import { Empty, List, Space, Tag, Tooltip, Typography } from 'antd';
import { useLang } from '../../shell/i18n';
import { timeWindow } from '../dashboard/portal-format';
import { useMyExamTexts } from './i18n';

const round = (v: number) => String(Math.round(v * 100) / 100);

// Exams whose time is over: whether the student sat them, and the score once it may be shown.
export function FinishedList({ exams }: { exams: MyExam[] }) {
  const { t } = useMyExamTexts();
  const lang = useLang();
  if (exams.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('myExam.finishedEmpty')} />;
  return (
    <List
      className="my-exam-finished"
      dataSource={exams}
      renderItem={(exam) => {
        const entered = exam.studentStatus === StudentExamStatus.Entered;
        return (
          <List.Item
            key={exam.id}
            data-testid="my-exam-finished"
            extra={
              exam.score !== null ? (
                <Typography.Text strong className="my-exam-score">
                  {t('myExam.score', { score: round(exam.score), total: round(exam.totalScore) })}
                </Typography.Text>
              ) : exam.rules.showScore === ShowScore.Never ? (
                <Tooltip title={t('myExam.scoreHidden')}>
                  <Typography.Text type="secondary">—</Typography.Text>
                </Tooltip>
              ) : (
                entered && <Typography.Text type="secondary">{t('myExam.scorePending')}</Typography.Text>
              )
            }
          >
            <List.Item.Meta
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
          </List.Item>
        );
      }}
    />
  );
}
