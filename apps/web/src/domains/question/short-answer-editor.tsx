import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Input, InputNumber, Space, Typography } from 'antd';
import { useContext } from 'react';
import { RichTextInput } from '../../rich-text/rich-text-input';
import { Field, fieldId, IssuesContext } from './editor-field';
import { useQuestionTexts } from './i18n';
import type { CoreDraft, Keyword, ShortKey } from './question-draft';

interface Props {
  q: CoreDraft;
  onChange: (patch: Partial<CoreDraft>) => void;
  prefix: string;
}

const shortKeyOf = (q: CoreDraft): ShortKey =>
  q.answer && typeof q.answer === 'object' && 'reference' in q.answer ? q.answer : { reference: '', keywords: [] };

// A reference answer for the marker, and keywords with points for keyword-assisted marking.
export function ShortAnswerEditor({ q, onChange, prefix }: Props) {
  const { t } = useQuestionTexts();
  const issues = useContext(IssuesContext);
  const answerIssue = issues[`${prefix}answer`];
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
      <Field path={`${prefix}answer.reference`} label={t('question.reference')}>
        {answerIssue && <Typography.Text type="danger">{answerIssue}</Typography.Text>}
        <RichTextInput
          id={fieldId(`${prefix}answer.reference`)}
          value={key.reference}
          rows={3}
          onChange={(reference) => setKey({ reference })}
        />
      </Field>
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
    </>
  );
}
