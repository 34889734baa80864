import { DeleteOutlined } from '@ant-design/icons';
import { BLANK_MARKER } from '@lyceum/contract';
import { Button, InputNumber, Select, Space, Switch, Table, Typography } from 'antd';
import { useContext } from 'react';
import { Field, fieldId, IssuesContext, useIssue } from './editor-field';
import { useQuestionTexts } from './i18n';
import { type Blank, type CoreDraft, DEFAULT_RULES, type GapKey } from './question-draft';

interface Props {
  q: CoreDraft;
  onChange: (patch: Partial<CoreDraft>) => void;
  prefix: string;
}

export const gapKeyOf = (q: CoreDraft): GapKey =>
  q.answer && typeof q.answer === 'object' && 'blanks' in q.answer
    ? q.answer
    : { blanks: [], rules: { ...DEFAULT_RULES } };

export const newBlank = (): Blank => ({ score: 1, answers: [] });

// Removes the n-th blank marker from the stem.
function dropMarker(stem: string, n: number): string {
  const parts = stem.split(BLANK_MARKER);
  if (n + 1 >= parts.length) return stem;
  return parts.slice(0, n + 1).join(BLANK_MARKER) + parts.slice(n + 1).join(BLANK_MARKER);
}

// The blanks of a gap-filling question, in the order of their markers in the stem, and the matching rules.
export function GapEditor({ q, onChange, prefix }: Props) {
  const { t } = useQuestionTexts();
  const key = gapKeyOf(q);
  const issues = useContext(IssuesContext);
  // A key the contract cannot read at all is reported on `answer` itself.
  const answerIssue = issues[`${prefix}answer`];
  const setKey = (next: Partial<GapKey>) => onChange({ answer: { ...key, ...next } });
  const setBlank = (i: number, patch: Partial<Blank>) =>
    setKey({ blanks: key.blanks.map((b, j) => (j === i ? { ...b, ...patch } : b)) });
  const switches = ['ignoreCase', 'normalizeSpace', 'fullHalfWidth', 'anyOrder'] as const;

  return (
    <>
      <Field path={`${prefix}answer.blanks`} label={t('question.blanks')} noLabelFor>
        <Table<Blank>
          size="small"
          rowKey={(_, i) => String(i)}
          pagination={false}
          dataSource={key.blanks}
          locale={{ emptyText: t('question.blanksHint', { blank: BLANK_MARKER }) }}
          columns={[
            { title: '#', width: 48, render: (_, __, i) => i + 1 },
            {
              title: t('question.acceptedAnswers'),
              render: (_, b, i) => (
                <BlankAnswers
                  path={`${prefix}answer.blanks.${i}.answers`}
                  n={i + 1}
                  value={b.answers}
                  onChange={(answers) => setBlank(i, { answers })}
                />
              ),
            },
            {
              title: t('question.score'),
              width: 110,
              render: (_, b, i) => (
                <InputNumber
                  aria-label={`${t('question.score')} ${t('question.blank', { n: i + 1 })}`}
                  min={0.5}
                  step={0.5}
                  style={{ width: 90 }}
                  value={b.score}
                  status={issues[`${prefix}answer.blanks.${i}.score`] ? 'error' : undefined}
                  onChange={(v) => setBlank(i, { score: v ?? 0 })}
                />
              ),
            },
            {
              title: '',
              width: 48,
              render: (_, __, i) => (
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('question.removeBlank', { n: i + 1 })}
                  onClick={() =>
                    onChange({
                      stem: dropMarker(q.stem, i),
                      answer: { ...key, blanks: key.blanks.filter((_, j) => j !== i) },
                    })
                  }
                />
              ),
            },
          ]}
        />
        {answerIssue && <Typography.Text type="danger">{answerIssue}</Typography.Text>}
      </Field>
      <Space wrap size="middle" align="center" style={{ marginBottom: 16 }}>
        {switches.map((name) => (
          <Space key={name} size={6}>
            <Switch
              id={fieldId(`${prefix}answer.rules.${name}`)}
              size="small"
              checked={key.rules[name]}
              onChange={(on) => setKey({ rules: { ...key.rules, [name]: on } })}
            />
            <label htmlFor={fieldId(`${prefix}answer.rules.${name}`)}>{t(`question.${name}`)}</label>
          </Space>
        ))}
        <Space size={6}>
          <label htmlFor={fieldId(`${prefix}answer.rules.numericTolerance`)}>{t('question.numericTolerance')}</label>
          <InputNumber
            id={fieldId(`${prefix}answer.rules.numericTolerance`)}
            min={0}
            step={0.01}
            style={{ width: 120 }}
            placeholder={t('question.toleranceHint')}
            value={key.rules.numericTolerance}
            onChange={(v) => setKey({ rules: { ...key.rules, numericTolerance: v ?? null } })}
          />
        </Space>
      </Space>
    </>
  );
}

function BlankAnswers(props: { path: string; n: number; value: string[]; onChange: (v: string[]) => void }) {
  const { t } = useQuestionTexts();
  const issue = useIssue(props.path);
  return (
    <>
      <Select
        mode="tags"
        open={false}
        suffixIcon={null}
        style={{ width: '100%' }}
        tokenSeparators={['\n']}
        aria-label={`${t('question.acceptedAnswers')} ${t('question.blank', { n: props.n })}`}
        placeholder={t('question.acceptedHint')}
        status={issue ? 'error' : undefined}
        value={props.value}
        onChange={(v) => props.onChange(v.map((s) => s.trim()).filter(Boolean))}
      />
      {issue && <Typography.Text type="danger">{issue}</Typography.Text>}
    </>
  );
}
