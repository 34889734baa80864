import {
  BLANK_MARKER,
  countBlanks,
  enumValues,
  type JudgeType,
  judgeTypeLabels,
  labelOf,
  QuestionType,
} from '@lyceum/contract';
import { InputNumber, Radio, Space } from 'antd';
import type { ReactNode } from 'react';
import { RichTextInput } from '../../rich-text/rich-text-input';
import { useLang } from '../../shell/i18n';
import { ChoiceEditor } from './choice-editor';
import { Field, fieldId } from './editor-field';
import { GapEditor, gapKeyOf, newBlank } from './gap-editor';
import { useQuestionTexts } from './i18n';
import { type CoreDraft, withDerivedScore } from './question-draft';
import { ShortAnswerEditor } from './short-answer-editor';

interface Props {
  q: CoreDraft;
  onChange: (next: CoreDraft) => void;
  // Path of this question inside the whole one: '' or 'children.2.'.
  prefix: string;
  // The compose editor renders the children between the stem and the scoring.
  middle?: ReactNode;
}

// The parts every question and every compose child has: stem, key, score, analysis.
export function CoreEditor({ q, onChange, prefix, middle }: Props) {
  const { t } = useQuestionTexts();
  const lang = useLang();
  const patch = (p: Partial<CoreDraft>) => onChange(withDerivedScore({ ...q, ...p }));
  const gap = q.type === QuestionType.GapFilling;
  const derived = gap || q.type === QuestionType.Compose;

  // Typing a marker by hand (or pasting a stem) adds the missing blank rows; rows are never dropped silently.
  function setStem(stem: string) {
    if (!gap) return patch({ stem });
    const key = gapKeyOf(q);
    const missing = countBlanks(stem) - key.blanks.length;
    const blanks = missing > 0 ? [...key.blanks, ...Array.from({ length: missing }, newBlank)] : key.blanks;
    patch({ stem, answer: { ...key, blanks } });
  }

  return (
    <>
      <Field
        path={`${prefix}stem`}
        label={t('question.stem')}
        required
        extra={gap ? t('question.blanksHint', { blank: BLANK_MARKER }) : undefined}
      >
        <RichTextInput
          id={fieldId(`${prefix}stem`)}
          value={q.stem}
          onChange={setStem}
          rows={prefix ? 3 : 5}
          onBlankInserted={gap ? setStem : undefined}
        />
      </Field>
      {(q.type === QuestionType.SingleChoice || q.type === QuestionType.MultipleChoice) && (
        <ChoiceEditor q={q} onChange={patch} prefix={prefix} />
      )}
      {q.type === QuestionType.TrueFalse && (
        <Field path={`${prefix}answer`} label={t('question.answerKey')} required noLabelFor>
          <Radio.Group
            aria-label={t('question.answerKey')}
            value={q.answer}
            onChange={(e) => patch({ answer: e.target.value as boolean })}
            options={[
              { value: true, label: t('question.trueLabel') },
              { value: false, label: t('question.falseLabel') },
            ]}
          />
        </Field>
      )}
      {gap && <GapEditor q={q} onChange={patch} prefix={prefix} />}
      {q.type === QuestionType.ShortAnswer && <ShortAnswerEditor q={q} onChange={patch} prefix={prefix} />}
      {middle}
      <Space wrap size="large" align="start">
        <Field
          path={`${prefix}score`}
          label={t('question.score')}
          required
          extra={derived ? t('question.scoreAuto') : undefined}
        >
          <InputNumber
            id={fieldId(`${prefix}score`)}
            // No min or max: a score out of range is refused under the field (the contract's rule), not
            // silently pulled back to the nearest bound.
            step={0.5}
            style={{ width: 140 }}
            value={q.score}
            disabled={derived}
            onChange={(v) => patch({ score: v ?? 0 })}
          />
        </Field>
        {q.type === QuestionType.ShortAnswer && (
          <Field path={`${prefix}judgeType`} label={t('question.judgeType')} noLabelFor>
            <Radio.Group
              value={q.judgeType}
              onChange={(e) => patch({ judgeType: e.target.value as JudgeType })}
              options={enumValues(judgeTypeLabels).map((v) => ({ value: v, label: labelOf(judgeTypeLabels, v, lang) }))}
            />
          </Field>
        )}
      </Space>
      <Field path={`${prefix}analysis`} label={t('question.analysis')} extra={t('question.analysisHint')}>
        <RichTextInput
          id={fieldId(`${prefix}analysis`)}
          value={q.analysis}
          rows={2}
          compact={!!prefix}
          onChange={(analysis) => patch({ analysis })}
        />
      </Field>
    </>
  );
}
