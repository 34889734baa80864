import { EyeOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import {
  AnswerStatus,
  answerStatusLabels,
  labelOf,
  type MarkedPaper,
  MarkingFlag,
  PAGE_SIZE_MAX,
} from '@lyceum/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Skeleton, Space, Tag, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { useLang } from '../../shell/i18n';
import { LockBanner } from './lock-banner';
import { MarkFacts } from './mark-by-question';
import { refreshAfterMark, withMark } from './mark-cache';
import { MarkHead, MarkNotFound } from './mark-frame';
import { AnswerText, ChangeTags, FlagTags, points, QuestionKey, QuestionStem, TypeTag } from './marked-question';
import { MARK_KEY, markPapers, useMarkedPaper, useMarkHost } from './marking-api';
import { useMarkingTexts } from './marking-texts';
import { type MarkResult, ScoreBox } from './score-box';

// Marking by student: one whole paper, every answer beside its key with its own score, and the way to
// the previous and next student's paper (in the order of the papers' list).
export function MarkByStudent({ examId, attemptId }: { examId: number; attemptId: number }) {
  const { t } = useMarkingTexts();
  const lang = useLang();
  const navigate = useNavigate();
  const host = useMarkHost();
  const client = useQueryClient();
  const paper = useMarkedPaper(examId, attemptId, false);
  const paperKey = [MARK_KEY, 'paper', examId, attemptId, false];
  const order = useQuery({
    queryKey: [MARK_KEY, 'order', examId],
    queryFn: ({ signal }) => markPapers(examId, { pageIndex: 1, pageSize: PAGE_SIZE_MAX }, { signal }),
    select: (page) => page.list.map((p) => p.attemptId),
  });
  const at = order.data?.indexOf(attemptId) ?? -1;
  const prev = at > 0 ? order.data?.[at - 1] : undefined;
  const next = at >= 0 ? order.data?.[at + 1] : undefined;

  function onSaved(result: MarkResult) {
    client.setQueryData<MarkedPaper>(paperKey, (p) => p && withMark(p, result.item, result.attemptScore));
    refreshAfterMark(client, paperKey);
    // Enter goes on to the next answer's score, as in marking by question.
    const ids = paper.data?.sections.flatMap((s) => s.items.map((i) => i.question.questionId)) ?? [];
    const following = ids[ids.indexOf(result.item.questionId) + 1];
    if (following !== undefined) document.getElementById(`score-${attemptId}-${following}`)?.focus();
  }

  if (paper.isPending) return <Skeleton active style={{ padding: 24 }} />;
  if (!paper.data) return <MarkNotFound examId={examId} text={t('marking.paperNotFound')} />;
  const p = paper.data;
  const pending = p.sections.reduce(
    (n, s) => n + s.items.filter((i) => i.mark.markingFlag === MarkingFlag.NotMarked).length,
    0,
  );
  return (
    <div className="mark-page">
      <MarkHead
        examId={examId}
        title={t('marking.paperOf', { code: p.code })}
        sub={
          <Typography.Text type="secondary">{[p.examName, p.className].filter(Boolean).join(' · ')}</Typography.Text>
        }
        aside={
          <Space wrap>
            <Tag color={answerStatusLabels[p.answerStatus].color}>
              {labelOf(answerStatusLabels, p.answerStatus, lang)}
            </Tag>
            <Typography.Text strong>
              {t('marking.totalOf', { score: points(p.score), max: points(p.maxScore) })}
            </Typography.Text>
            {pending > 0 && <Tag color="warning">{t('marking.pendingOf', { count: pending })}</Tag>}
          </Space>
        }
      >
        <Button
          icon={<LeftOutlined />}
          disabled={prev === undefined}
          onClick={() => prev && navigate(host.byStudent(examId, prev))}
        >
          {t('marking.previousStudent')}
        </Button>
        <Button disabled={next === undefined} onClick={() => next && navigate(host.byStudent(examId, next))}>
          {t('marking.nextStudent')} <RightOutlined />
        </Button>
        <Button icon={<EyeOutlined />} onClick={() => navigate(host.read(examId, attemptId))}>
          {t('marking.viewPaper')}
        </Button>
        {host.paperActions?.(examId, attemptId)}
      </MarkHead>
      {!p.canMark && <LockBanner confirmed={p.answerStatus === AnswerStatus.Confirmed} />}
      {p.sections.map((s) => (
        <section key={s.title} className="mark-section" aria-label={s.title}>
          <Typography.Title level={5} className="mark-section-title">
            {s.title}{' '}
            <span className="mark-sub">{t('marking.sectionGot', { got: points(s.got), score: points(s.score) })}</span>
          </Typography.Title>
          {s.items.map(({ question, mark }) => (
            <Card
              key={question.questionId}
              size="small"
              className="mark-paper-item"
              title={
                <Space wrap size={4}>
                  <span>{t('marking.questionNo', { no: question.no })}</span>
                  <TypeTag type={question.question.type} />
                  <FlagTags item={mark} />
                  <ChangeTags question={question} />
                </Space>
              }
              extra={<Typography.Text strong>{`${points(mark.score)} / ${points(mark.max)}`}</Typography.Text>}
            >
              <QuestionStem q={question.question} />
              <div className="mark-beside">
                <div>
                  <Typography.Text type="secondary">{t('marking.studentAnswer')}</Typography.Text>
                  <div className="mark-answer">
                    <AnswerText q={question.question} answer={mark.answer} />
                  </div>
                </div>
                <div>
                  <Typography.Text type="secondary">{t('marking.key')}</Typography.Text>
                  <QuestionKey q={question.question} />
                </div>
              </div>
              <MarkFacts item={{ ...mark, realName: null }} />
              <ScoreBox
                key={`${mark.questionId}-${mark.markedAt ?? ''}`}
                examId={examId}
                item={mark}
                review={false}
                compact
                disabled={!p.canMark}
                label={t('marking.scoreForQuestion', { no: question.no })}
                onSaved={onSaved}
              />
            </Card>
          ))}
        </section>
      ))}
    </div>
  );
}
