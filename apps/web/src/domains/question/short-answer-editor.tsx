import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { type AcceptedAnswer, JudgeType } from '@lyceum/contract';
import { Button, Input, InputNumber, Radio, Space, Switch, Typography } from 'antd';
import { useContext, useRef } from 'react';
import { RichTextInput } from '../../rich-text/rich-text-input';
import { Field, fieldId, IssuesContext } from './editor-field';
import { useQuestionTexts } from './i18n';
import type { CoreDraft, Keyword, ShortKey } from './question-draft';
import { newAccepted, WholeAnswerEditor } from './short-answer-accepted';

interface Props {
  q: CoreDraft;
  onChange: (patch: Partial<CoreDraft>) => void;
  prefix: string;
}

const shortKeyOf = (q: CoreDraft): ShortKey =>
  q.answer && typeof q.answer === 'object' && 'reference' in q.answer ? q.answer : { reference: '', keywords: [] };

// A reference answer for the marker, then the marking: keywords with points (keyword-assisted marking),
// or whole-answer match against accepted answers (Moodle's short answer and numerical questions).
export function ShortAnswerEditor({ q, onChange, prefix }: Props) {
  const { t } = useQuestionTexts();
  const issues = useContext(IssuesContext);
  const answerIssue = issues[`${prefix}answer`];
  const key = shortKeyOf(q);
  const setKey = (next: Partial<ShortKey>) => onChange({ answer: { ...key, ...next } });
  // The mode follows the key: accepted answers mean whole-answer match. Answers set aside on the way
  // to keywords come back when the teacher switches back.
  const whole = (key.accepted ?? []).length > 0;
  const setAside = useRef<AcceptedAnswer[]>([]);
  function setMode(toWhole: boolean) {
    if (toWhole === whole) return;
    if (!toWhole) {
      setAside.current = key.accepted ?? [];
      return setKey({ accepted: [] });
    }
    const accepted = setAside.current.length ? setAside.current : [newAccepted()];
    // Whole-answer match is marked automatically, as in Moodle.
    onChange({ answer: { ...key, accepted }, judgeType: JudgeType.Automatic });
  }

  return (
    <>
      <Field path={`${prefix}answer.reference`} label={t('question.reference')}>
        {answerIssue && <Typography.Text type="danger">{answerIssue}</Typography.Text>}
        <RichTextInput
          id={fieldId(`${prefix}answer.reference`)}
          value={key.reference}
          rows={3}
          onChange={(reference) => setKey({ reference })}
        />
      </Field>
      <Field path={`${prefix}answer.marking`} label={t('question.marking')} noLabelFor>
        <Radio.Group
          aria-label={t('question.marking')}
          value={whole ? 'whole' : 'keywords'}
          onChange={(e) => setMode(e.target.value === 'whole')}
          options={[
            { value: 'keywords', label: t('question.markKeywords') },
            { value: 'whole', label: t('question.markWhole') },
          ]}
        />
      </Field>
      {whole ? (
        <WholeAnswerEditor value={key} onChange={setKey} prefix={prefix} />
      ) : (
        <KeywordList q={q} onChange={onChange} prefix={prefix} />
      )}
    </>
  );
}

// Keywords with points; an answer containing a keyword earns its points, as a whole word when asked.
function KeywordList({ q, onChange, prefix }: Props) {
  const { t } = useQuestionTexts();
  const issues = useContext(IssuesContext);
  const key = shortKeyOf(q);
  const setKey = (next: Partial<ShortKey>) => onChange({ answer: { ...key, ...next } });
  // A keyword row's problem is said under the list with the row it is on, so the field is found and named.
  const rowIssue = key.keywords
    .map((_, i) => {
      const found = Object.entries(issues).find(([k]) => k.startsWith(`${prefix}answer.keywords.${i}.`));
      return found && t('question.issueAt', { field: `${t('question.keywordWord')} ${i + 1}`, issue: found[1] });
    })
    .find(Boolean);
  const keywordHelp = rowIssue ?? issues[`${prefix}answer.keywords`];
  const setWord = (i: number, patch: Partial<Keyword>) =>
    setKey({ keywords: key.keywords.map((k, j) => (j === i ? { ...k, ...patch } : k)) });

  return (
    <>
      <Field
        path={`${prefix}answer.keywords`}
        label={t('question.keywords')}
        extra={t('question.keywordsHint')}
        help={keywordHelp}
        noLabelFor
      >
        <Space orientation="vertical" style={{ width: '100%' }}>
          {key.keywords.map((k, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: keywords have no identity but their place
            <Space key={i} wrap>
              <Input
                aria-label={`${t('question.keywordWord')} ${i + 1}`}
                placeholder={t('question.keywordWord')}
                style={{ width: 220 }}
                value={k.word}
                status={issues[`${prefix}answer.keywords.${i}.word`] ? 'error' : undefined}
                onChange={(e) => setWord(i, { word: e.target.value })}
              />
              <InputNumber
                aria-label={`${t('question.points')} ${i + 1}`}
                min={0}
                step={0.5}
                style={{ width: 110 }}
                suffix={t('question.points')}
                value={k.points}
                onChange={(v) => setWord(i, { points: v ?? 0 })}
              />
              <Button
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('question.removeKeyword', { n: i + 1 })}
                onClick={() => setKey({ keywords: key.keywords.filter((_, j) => j !== i) })}
              />
            </Space>
          ))}
          <Button
            type="dashed"
            icon={<PlusOutlined />}
            onClick={() => setKey({ keywords: [...key.keywords, { word: '', points: 1 }] })}
          >
            {t('question.addKeyword')}
          </Button>
        </Space>
      </Field>
      <Space size={6} style={{ marginBottom: 16 }}>
        <Switch
          id={fieldId(`${prefix}answer.wholeWord`)}
          size="small"
          checked={!!key.wholeWord}
          onChange={(wholeWord) => setKey({ wholeWord })}
        />
        <label htmlFor={fieldId(`${prefix}answer.wholeWord`)}>{t('question.wholeWord')}</label>
        <Typography.Text type="secondary">{t('question.wholeWordHint')}</Typography.Text>
      </Space>
    </>
  );
}
