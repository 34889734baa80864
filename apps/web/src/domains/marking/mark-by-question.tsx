import { DownOutlined, UpOutlined } from '@ant-design/icons';
import { type MarkItem, MarkingFlag, type MarkOverview, type MarkQueue } from '@lyceum/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Empty, Progress, Select, Skeleton, Space, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { LockBanner } from './lock-banner';
import { refreshAfterMark, withItem } from './mark-cache';
import { MarkHead, MarkNotFound, NamedSwitch } from './mark-frame';
import { firstToMark, moveBy, nextUnmarked } from './mark-queue';
import { AnswerText, ChangeTags, FlagTags, points, QuestionKey, QuestionStem, TypeTag } from './marked-question';
import { MARK_KEY, useMarkHost, useMarkOverview, useMarkQueue } from './marking-api';
import { useMarkingTexts } from './marking-texts';
import { type MarkResult, ScoreBox } from './score-box';

// Marking by question: the question with its key at the side, every student's answer to it under an
// anonymous number, and the current one scored from the keyboard (type, Enter, on to the next).
export function MarkByQuestion({ examId, questionId, shown }: { examId: number; questionId: number; shown: boolean }) {
  const { t } = useMarkingTexts();
  const client = useQueryClient();
  const { message } = App.useApp();
  const [pendingOnly, setPendingOnly] = useState(false);
  const [review, setReview] = useState(false);
  const [index, setIndex] = useState<number | null>(null);
  const overview = useMarkOverview(examId);
  const queue = useMarkQueue(examId, questionId, pendingOnly);
  const queueKey = [MARK_KEY, 'queue', examId, questionId, pendingOnly];
  const items = queue.data?.items ?? [];
  const current = index === null ? null : (items[index] ?? null);

  // A newly loaded queue (another question, the pending-only switch) opens at its first waiting answer.
  useEffect(() => {
    if (queue.data && index === null) setIndex(firstToMark(queue.data.items));
  }, [queue.data, index]);

  // J/K and the arrow keys move through the answers while the focus is not in a field.
  useEffect(() => {
    if (!shown) return;
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      if (target?.closest('input, textarea, [contenteditable="true"], .ant-select, .ant-modal')) return;
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      const delta = e.key === 'j' || e.key === 'ArrowDown' ? 1 : e.key === 'k' || e.key === 'ArrowUp' ? -1 : 0;
      if (!delta) return;
      e.preventDefault();
      setIndex((i) => moveBy(items.length, i ?? 0, delta));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [shown, items.length]);

  function onSaved(result: MarkResult) {
    const data = client.setQueryData<MarkQueue>(queueKey, (q) => q && withItem(q, result.item));
    refreshAfterMark(client, queueKey);
    const list = data?.items ?? items;
    const from = index ?? 0;
    // A reviewer walks the list in order; a marker jumps to the next answer still waiting.
    const next = review ? (from + 1 < list.length ? from + 1 : null) : nextUnmarked(list, from);
    if (next === null) message.success(t(review ? 'marking.reviewedAll' : 'marking.allMarked'));
    else setIndex(next);
  }

  const summary = overview.data?.questions.find((q) => q.questionId === questionId);
  if (queue.isPending) return <Skeleton active style={{ padding: 24 }} />;
  if (!queue.data) return <MarkNotFound examId={examId} text={t('marking.questionNotFound')} />;
  const { question, canMark } = queue.data;
  const answered = summary?.answers ?? items.length;
  const marked = summary
    ? summary.answers - summary.pending
    : items.filter((i) => i.markingFlag === MarkingFlag.Marked).length;

  return (
    <div className="mark-page">
      <MarkHead
        examId={examId}
        title={overview.data?.examName ?? t('marking.examNo', { id: examId })}
        sub={<QuestionSwitch overview={overview.data} examId={examId} questionId={questionId} />}
        aside={
          <div className="mark-head-progress">
            <Typography.Text strong>{t('marking.progress', { marked, total: answered })}</Typography.Text>
            <Progress percent={answered ? Math.round((marked / answered) * 100) : 100} size="small" />
          </div>
        }
      >
        <NamedSwitch
          id="mark-pending-label"
          label={t('marking.pendingOnly')}
          checked={pendingOnly}
          onChange={(v) => {
            setPendingOnly(v);
            setIndex(null);
          }}
        />
        <NamedSwitch
          id="mark-review-label"
          label={t('marking.reviewMode')}
          checked={review}
          disabled={!canMark}
          onChange={setReview}
        />
        <Typography.Text type="secondary">{t('marking.keysHint')}</Typography.Text>
      </MarkHead>
      {!canMark && <LockBanner confirmed={!!overview.data?.confirmedAt} at={overview.data?.confirmedAt} />}
      {review && canMark && <Alert type="info" showIcon title={t('marking.reviewModeHint')} />}
      <div className="mark-grid">
        <Card
          size="small"
          className="mark-question-panel"
          title={
            <Space wrap size={4}>
              <span>{t('marking.questionNo', { no: question.no })}</span>
              <TypeTag type={question.question.type} />
              <Tag>{t('marking.maxPoints', { max: points(question.max) })}</Tag>
              <ChangeTags question={question} />
            </Space>
          }
        >
          <QuestionStem q={question.question} />
          <Typography.Title level={5} className="mark-key-title">
            {t('marking.key')}
          </Typography.Title>
          <QuestionKey q={question.question} />
        </Card>
        <div className="mark-work">
          {current ? (
            <Card
              size="small"
              className="mark-current"
              title={
                <Space wrap size={4}>
                  <span>{t('marking.answerOf', { code: current.code })}</span>
                  <FlagTags item={current} />
                </Space>
              }
              extra={
                <Space size={4}>
                  <Button
                    size="small"
                    icon={<UpOutlined />}
                    aria-label={t('marking.previous')}
                    disabled={!index}
                    onClick={() => setIndex(moveBy(items.length, index ?? 0, -1))}
                  />
                  <Button
                    size="small"
                    icon={<DownOutlined />}
                    aria-label={t('marking.next')}
                    disabled={index === items.length - 1}
                    onClick={() => setIndex(moveBy(items.length, index ?? 0, 1))}
                  />
                </Space>
              }
            >
              <div className="mark-answer" data-testid="mark-answer">
                <AnswerText q={question.question} answer={current.answer} />
              </div>
              <MarkFacts item={current} />
              <ScoreBox
                key={`${current.attemptId}-${review}`}
                examId={examId}
                item={current}
                review={review}
                disabled={!canMark || (review && current.markingFlag !== MarkingFlag.Marked)}
                autoFocus
                label={t('marking.scoreFor', { code: current.code })}
                onSaved={onSaved}
              />
            </Card>
          ) : (
            <Card size="small">
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={t(pendingOnly ? 'marking.nothingPending' : 'marking.noAnswers')}
              />
            </Card>
          )}
          {items.length > 0 && (
            <Card size="small" title={t('marking.answersCount', { count: items.length })}>
              <ol className="mark-list" aria-label={t('marking.answers')}>
                {items.map((item, i) => (
                  <AnswerRow
                    key={item.attemptId}
                    item={item}
                    current={i === index}
                    onPick={() => setIndex(i)}
                    text={<AnswerText q={question.question} answer={item.answer} />}
                  />
                ))}
              </ol>
            </Card>
          )}
        </div>
      </div>
    </div>
  );
}

function AnswerRow({
  item,
  current,
  onPick,
  text,
}: {
  item: MarkItem;
  current: boolean;
  onPick: () => void;
  text: React.ReactNode;
}) {
  return (
    <li>
      <button
        type="button"
        className={`mark-row${current ? ' mark-row-current' : ''}`}
        aria-current={current ? 'true' : undefined}
        onClick={onPick}
      >
        <span className="mark-row-code">{item.code}</span>
        <span className="mark-row-text">{text}</span>
        <span className="mark-row-score">
          {item.markingFlag === MarkingFlag.Marked ? (
            `${points(item.score)} / ${points(item.max)}`
          ) : (
            <FlagTags item={item} />
          )}
        </span>
      </button>
    </li>
  );
}

// Who marked and reviewed, and the student's query on the mark if there is one.
export function MarkFacts({ item }: { item: MarkItem }) {
  const { t } = useMarkingTexts();
  const facts = [
    item.realName,
    item.markerName && t('marking.markedBy', { name: item.markerName }),
    item.reviewerName && t('marking.reviewedBy', { name: item.reviewerName }),
  ].filter(Boolean);
  return (
    <>
      {facts.length > 0 && <Typography.Text type="secondary">{facts.join(' · ')}</Typography.Text>}
      {item.query && (
        <Alert
          className="mark-query"
          type="warning"
          showIcon
          title={t('marking.studentQuery', { text: item.query.text })}
          description={item.query.reply ? t('marking.queryReply', { text: item.query.reply }) : undefined}
        />
      )}
    </>
  );
}

// The exam's other questions, to go on to the next one without going back.
function QuestionSwitch({
  overview,
  examId,
  questionId,
}: {
  overview: MarkOverview | undefined;
  examId: number;
  questionId: number;
}) {
  const { t } = useMarkingTexts();
  const navigate = useNavigate();
  const host = useMarkHost();
  if (!overview) return null;
  return (
    <Select
      size="small"
      aria-label={t('marking.question')}
      value={questionId}
      style={{ minWidth: 220, maxWidth: '100%' }}
      popupMatchSelectWidth={false}
      onChange={(id) => navigate(host.byQuestion(examId, id))}
      options={overview.questions.map((q) => ({
        value: q.questionId,
        label: `${t('marking.questionNo', { no: q.no })} · ${q.manual ? t('marking.pendingOf', { count: q.pending }) : t('marking.automatic')}`,
      }))}
    />
  );
}
