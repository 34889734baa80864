import { RedoOutlined } from '@ant-design/icons';
import {
  attemptCountingLabels,
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
import { useConfirm } from '../../crud/confirm';
import { useLang } from '../../shell/i18n';
import { timeWindow } from '../../ui/portal-format';
import { ExamRow } from './exam-row';
import { useMyExamTexts } from './i18n';
import { retakeExam, takePath } from './my-exam-api';
import { ResultDrawer } from './result-drawer';
import { useResultTexts } from './result-texts';

const round = (v: number) => String(Math.round(v * 100) / 100);

// Which sitting this is and how they count, the earlier ones' scores beside it.
function Sittings({ exam }: { exam: MyExam }) {
  const { t } = useMyExamTexts();
  const lang = useLang();
  const { no, allowed, counting, earlier } = exam.sittings;
  const text = (
    <Typography.Text type="secondary" data-testid="my-exam-sittings">
      {t('myExam.sitting', { no, allowed, counting: labelOf(attemptCountingLabels, counting, lang) })}
    </Typography.Text>
  );
  if (!earlier.length) return text;
  const list = earlier.map((h) => `#${h.no} ${h.score === null ? '—' : round(h.score)}`).join(' · ');
  return <Tooltip title={t('myExam.earlierSittings', { list })}>{text}</Tooltip>;
}

// Exams whose time is over: whether the student sat them, and the score once it may be shown.
export function FinishedList({ exams }: { exams: MyExam[] }) {
  const { t } = useMyExamTexts();
  const { t: tr } = useResultTexts();
  const lang = useLang();
  const [shown, setShown] = useState<MyExam | null>(null);
  const confirm = useConfirm();
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
                  {exam.sittings.allowed > 1 && <Sittings exam={exam} />}
                  {exam.sittings.canRetake && (
                    <Button
                      size="small"
                      type="primary"
                      icon={<RedoOutlined />}
                      aria-label={t('myExam.sitAgainOf', { name: exam.name })}
                      onClick={() =>
                        confirm({
                          title: t('myExam.sitAgainTitle', { name: exam.name }),
                          content: t('myExam.sitAgainHint', {
                            counting: labelOf(attemptCountingLabels, exam.sittings.counting, lang),
                          }),
                          okText: t('myExam.sitAgain'),
                          onOk: async () => {
                            await retakeExam(exam.id);
                            // The exam page is its own entry: a full page load, as entering does.
                            window.location.assign(takePath(exam.id));
                          },
                        })
                      }
                    >
                      {t('myExam.sitAgain')}
                    </Button>
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
