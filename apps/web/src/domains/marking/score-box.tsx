import { CheckOutlined } from '@ant-design/icons';
import { type MarkItem, MarkingFlag, ResultCode, SCORE_STEP, type zMarkResult } from '@lyceum/contract';
import { Button, Form, Input, InputNumber, Space, Typography } from 'antd';
import { type KeyboardEvent, useState } from 'react';
import type { z } from 'zod';
import { ApiError } from '../../shell/request';
import { fieldErrorText } from '../../shell/server-error';
import { quickScores, type ScoreProblem, scoreProblem } from './mark-queue';
import { points } from './marked-question';
import { markActions } from './marking-api';
import { useMarkingTexts } from './marking-texts';

export type MarkResult = z.infer<typeof zMarkResult>;

interface Props {
  examId: number;
  item: MarkItem;
  // A second marker's review: a reason is asked for when the score changes.
  review: boolean;
  disabled: boolean;
  autoFocus?: boolean;
  // The score input's accessible name (by student there is one per question).
  label: string;
  // One row per answer (a whole paper of them): the hints only show when something is wrong.
  compact?: boolean;
  onSaved: (result: MarkResult) => void;
}

export const problemKey: Record<ScoreProblem, string> = {
  required: 'marking.scoreRequired',
  negative: 'marking.scoreNegative',
  overMax: 'marking.scoreOverMax',
  step: 'marking.scoreStep',
};

// One answer's score, quick scores, comment (and the review's reason), saved with Enter. The score is
// checked here against the same rule the server applies, and a refusal from the server shows under it.
export function ScoreBox({ examId, item, review, disabled, autoFocus, label, compact, onSaved }: Props) {
  const { t } = useMarkingTexts();
  const [score, setScore] = useState<number | null>(item.score);
  const [comment, setComment] = useState(item.comment);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const changed = score !== item.score;

  async function save(value: number | null = score) {
    if (disabled || saving) return;
    const problem = scoreProblem(value, item.max);
    if (problem) {
      setError(t(problemKey[problem], { max: item.max, step: SCORE_STEP }));
      return;
    }
    const score = value as number;
    if (review && score !== item.score && !reason.trim()) {
      setReasonError(t('marking.reasonRequired'));
      return;
    }
    setError(null);
    setReasonError(null);
    setSaving(true);
    try {
      const body = { examId, attemptId: item.attemptId, questionId: item.questionId, score, comment };
      const result = review ? await markActions.review({ ...body, reason }) : await markActions.mark(body);
      onSaved(result);
    } catch (err) {
      if (err instanceof ApiError && err.code === ResultCode.InvalidParams && err.detail?.field) {
        const text = fieldErrorText(err.detail, err.message);
        if (err.detail.field === 'reason') {
          err.fieldLabel = t('marking.reason');
          setReasonError(text);
        } else {
          err.fieldLabel = t('marking.score');
          setError(text);
        }
      }
    } finally {
      setSaving(false);
    }
  }

  // Enter is caught before the number field sees it: the field would otherwise first pull a value
  // out of range back to the nearest bound, and the marker would save a score they did not type.
  const onEnter = (e: KeyboardEvent<HTMLSpanElement>) => {
    if (e.key !== 'Enter' || !(e.target instanceof HTMLInputElement)) return;
    e.preventDefault();
    e.stopPropagation();
    const input = e.target;
    const text = input.value.trim();
    const typed = text === '' ? null : Number(text);
    // A refused score stays selected, so the marker types the right one straight over it.
    if (scoreProblem(typed, item.max)) requestAnimationFrame(() => input.select());
    else setScore(typed);
    void save(typed);
  };

  return (
    <Form
      layout="vertical"
      className={compact ? 'mark-score-box mark-score-compact' : 'mark-score-box'}
      component="div"
    >
      <Form.Item
        label={t('marking.scoreOf', { max: points(item.max) })}
        validateStatus={error ? 'error' : undefined}
        help={error ?? (compact ? undefined : t('marking.enterHint'))}
        htmlFor={`score-${item.attemptId}-${item.questionId}`}
      >
        <Space wrap>
          <span onKeyDownCapture={onEnter}>
            <InputNumber
              id={`score-${item.attemptId}-${item.questionId}`}
              aria-label={label}
              autoFocus={autoFocus}
              min={0}
              max={item.max}
              step={SCORE_STEP}
              value={score}
              disabled={disabled}
              // The typed value is kept as typed: out-of-range values are refused with a message
              // instead of being silently changed to the nearest allowed one.
              changeOnBlur={false}
              // Whole points read as 2, not 2.0 (the half-point step would otherwise add a decimal); an
              // unmarked answer's box stays empty (Number('') would show a 0 that is no one's mark).
              formatter={(value, info) =>
                info.userTyping ? info.input : value === undefined || String(value) === '' ? '' : String(Number(value))
              }
              placeholder="—"
              onChange={(v) => {
                setScore(typeof v === 'number' ? v : null);
                setError(null);
              }}
              style={{ width: 110 }}
            />
          </span>
          {quickScores(item.max).map((q) => (
            <Button
              key={q}
              disabled={disabled}
              type={score === q ? 'primary' : 'default'}
              ghost={score === q}
              onClick={() => {
                setScore(q);
                setError(null);
              }}
            >
              {points(q)}
            </Button>
          ))}
        </Space>
      </Form.Item>
      <Form.Item
        className="mark-comment-item"
        label={t('marking.comment')}
        htmlFor={`comment-${item.attemptId}-${item.questionId}`}
      >
        <Input.TextArea
          id={`comment-${item.attemptId}-${item.questionId}`}
          value={comment}
          disabled={disabled}
          maxLength={1000}
          autoSize={{ minRows: 1, maxRows: 4 }}
          placeholder={t('marking.commentPlaceholder')}
          onChange={(e) => setComment(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) void save();
            e.stopPropagation();
          }}
        />
      </Form.Item>
      {review && (
        <Form.Item
          label={t('marking.reason')}
          required={changed}
          validateStatus={reasonError ? 'error' : undefined}
          help={reasonError ?? t('marking.reasonHint')}
          htmlFor={`reason-${item.attemptId}-${item.questionId}`}
        >
          <Input
            id={`reason-${item.attemptId}-${item.questionId}`}
            value={reason}
            disabled={disabled}
            maxLength={200}
            onChange={(e) => {
              setReason(e.target.value);
              setReasonError(null);
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter') void save();
              e.stopPropagation();
            }}
          />
        </Form.Item>
      )}
      <Space wrap className="mark-save-row">
        <Button
          type="primary"
          icon={<CheckOutlined />}
          loading={saving}
          disabled={disabled}
          onClick={() => void save()}
        >
          {review ? t('marking.saveReview') : t('marking.save')}
        </Button>
        {item.manual && (
          <Typography.Text type="secondary">
            {t('marking.suggested', { score: points(item.autoScore) })}{' '}
            {!disabled && item.markingFlag === MarkingFlag.NotMarked && (
              <Button type="link" size="small" onClick={() => setScore(item.autoScore)}>
                {t('marking.useSuggestion')}
              </Button>
            )}
          </Typography.Text>
        )}
      </Space>
    </Form>
  );
}
