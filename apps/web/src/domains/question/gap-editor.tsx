import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { BLANK_MARKER, type PartialAnswer } from '@lyceum/contract';
import { Button, Input, InputNumber, Select, Space, Switch, Table, Typography } from 'antd';
import { useContext } from 'react';
import { Field, fieldId, IssuesContext, useIssue } from './editor-field';
import { BlankRulesButton } from './gap-blank-rules';
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

export const newBlank = (): Blank => ({ score: 1, answers: [], partial: [] });

// A relative tolerance is kept as a share (0.05) and edited as a percentage (5).
const asPercent = (share: number) => Math.round(share * 100 * 1e6) / 1e6;

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
  const switches = ['ignoreCase', 'normalizeSpace', 'fullHalfWidth', 'anyOrder', 'wildcards'] as const;
  // The wildcard help shows wherever a `*` means any characters.
  const wildcards = !!key.rules.wildcards || key.blanks.some((b) => b.rules?.wildcards);
  const relative = key.rules.toleranceMode === 'relative';
  const tolerance = key.rules.numericTolerance;

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
              title: t('question.partialAnswers'),
              width: 300,
              render: (_, b, i) => (
                <PartialAnswers
                  path={`${prefix}answer.blanks.${i}.partial`}
                  n={i + 1}
                  value={b.partial ?? []}
                  onChange={(partial) => setBlank(i, { partial })}
                />
              ),
            },
            {
              title: t('question.ownRules'),
              width: 110,
              render: (_, b, i) => (
                <BlankRulesButton n={i + 1} value={b.rules} onChange={(rules) => setBlank(i, { rules })} />
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
              checked={!!key.rules[name]}
              onChange={(on) => setKey({ rules: { ...key.rules, [name]: on } })}
            />
            <label htmlFor={fieldId(`${prefix}answer.rules.${name}`)}>{t(`question.${name}`)}</label>
          </Space>
        ))}
        <Space size={6}>
          <label htmlFor={fieldId(`${prefix}answer.rules.numericTolerance`)}>{t('question.numericTolerance')}</label>
          <Select<'absolute' | 'relative'>
            aria-label={t('question.toleranceMode')}
            style={{ width: 150 }}
            value={relative ? 'relative' : 'absolute'}
            onChange={(mode) => setKey({ rules: { ...key.rules, toleranceMode: mode } })}
            options={[
              { value: 'absolute', label: t('question.toleranceAbsolute') },
              { value: 'relative', label: t('question.toleranceRelative') },
            ]}
          />
          <InputNumber
            id={fieldId(`${prefix}answer.rules.numericTolerance`)}
            min={0}
            step={relative ? 1 : 0.01}
            style={{ width: 170 }}
            addonAfter={relative ? '%' : undefined}
            placeholder={t('question.toleranceHint')}
            value={tolerance === null ? null : relative ? asPercent(tolerance) : tolerance}
            onChange={(v) =>
              setKey({ rules: { ...key.rules, numericTolerance: v === null ? null : relative ? v / 100 : v } })
            }
          />
        </Space>
      </Space>
      {wildcards && (
        <Typography.Paragraph type="secondary" style={{ marginTop: -8 }}>
          {t('question.wildcardsHint')}
        </Typography.Paragraph>
      )}
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

// Answers accepted for part of a blank's score, each with its credit in per cent (1-99).
function PartialAnswers(props: {
  path: string;
  n: number;
  value: PartialAnswer[];
  onChange: (v: PartialAnswer[]) => void;
}) {
  const { t } = useQuestionTexts();
  const issues = useContext(IssuesContext);
  const set = (i: number, patch: Partial<PartialAnswer>) =>
    props.onChange(props.value.map((p, j) => (j === i ? { ...p, ...patch } : p)));
  const names = (i: number) => ({ n: i + 1, blank: props.n });
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 4 }}>
      {props.value.map((p, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows are identified by their place
        <Space.Compact key={i} block>
          <Input
            aria-label={t('question.partialAnswer', names(i))}
            placeholder={t('question.partialHint')}
            status={issues[`${props.path}.${i}.answer`] ? 'error' : undefined}
            value={p.answer}
            onChange={(e) => set(i, { answer: e.target.value })}
          />
          <InputNumber
            aria-label={t('question.partialShare', names(i))}
            min={1}
            max={99}
            style={{ width: 96 }}
            addonAfter="%"
            status={issues[`${props.path}.${i}.fraction`] ? 'error' : undefined}
            value={Math.round(p.fraction * 100)}
            onChange={(v) => set(i, { fraction: (v ?? 50) / 100 })}
          />
          <Button
            icon={<DeleteOutlined />}
            aria-label={t('question.removePartial', names(i))}
            onClick={() => props.onChange(props.value.filter((_, j) => j !== i))}
          />
        </Space.Compact>
      ))}
      <Button
        size="small"
        type="dashed"
        icon={<PlusOutlined />}
        style={{ alignSelf: 'flex-start' }}
        onClick={() => props.onChange([...props.value, { answer: '', fraction: 0.5 }])}
      >
        {t('question.addPartial')}
      </Button>
    </div>
  );
}
