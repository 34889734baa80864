import {
  CandidateStatus,
  candidateStatusLabels,
  labelOf,
  type MyExam,
  PaperStatus,
  ShowScore,
  StudentExamStatus,
} from '@lyceum/contract';
import { Button, Empty, Space, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useLang } from '../../shell/i18n';
import { timeWindow } from '../dashboard/portal-format';
import { ExamRow } from './exam-row';
import { useMyExamTexts } from './i18n';
import { ResultDrawer } from './result-drawer';
import { useResultTexts } from './result-texts';

const round = (v: number) => String(Math.round(v * 100) / 100);

// Exams whose time is over: whether the student sat them, and the score once it may be shown.
export function FinishedList({ exams }: { exams: MyExam[] }) {
  const { t } = useMyExamTexts();
  const { t: tr } = useResultTexts();
  const lang = useLang();
  const [shown, setShown] = useState<MyExam | null>(null);
  if (exams.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('myExam.finishedEmpty')} />;
  return (
    <>
      <ul className="my-exam-rows">
        {exams.map((exam) => {
          const entered = exam.studentStatus === StudentExamStatus.Entered;
          // A handed-in (or collected) paper has a result page; it says itself when scores are hidden.
          const sat = exam.paperStatus >= PaperStatus.HandedIn;
          return (
            <ExamRow
              key={exam.id}
              testId="my-exam-finished"
              extra={
                <Space size={12} wrap>
                  {exam.score !== null ? (
                    <Typography.Text strong className="my-exam-score">
                      {t('myExam.score', { score: round(exam.score), total: round(exam.totalScore) })}
                    </Typography.Text>
                  ) : exam.scoreReason === 'never' || exam.rules.showScore === ShowScore.Never ? (
                    <Tooltip title={t('myExam.scoreHidden')}>
                      <Typography.Text type="secondary" aria-label={t('myExam.scoreHidden')}>
                        —
                      </Typography.Text>
                    </Tooltip>
                  ) : (
                    // The result's own reason (myResult): the list and the drawer say the same.
                    exam.scoreReason !== null &&
                    exam.scoreReason !== 'notEnded' && (
                      <Typography.Text type="secondary" data-testid="my-exam-score-state">
                        {t(exam.scoreReason === 'marking' ? 'myExam.scoreMarking' : 'myExam.scorePending')}
                      </Typography.Text>
                    )
                  )}
                  {exam.score !== null && exam.pending > 0 && (
                    <Tag color="warning">{t('myExam.scoreProvisional', { count: exam.pending })}</Tag>
                  )}
                  {sat && (
                    <Button
                      size="small"
                      aria-label={tr('myResult.resultOf', { name: exam.name })}
                      onClick={() => setShown(exam)}
                    >
                      {tr('myResult.result')}
                    </Button>
                  )}
                </Space>
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
      <ResultDrawer exam={shown} onClose={() => setShown(null)} />
    </>
  );
}
