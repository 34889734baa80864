import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { AcceptedAnswer, AnswerUnit } from '@lyceum/contract';
import { Button, Checkbox, Input, InputNumber, Space, Switch } from 'antd';
import { useContext } from 'react';
import { Field, fieldId, IssuesContext } from './editor-field';
import { useQuestionTexts } from './i18n';
import type { ShortKey } from './question-draft';

interface Props {
  value: ShortKey;
  onChange: (patch: Partial<ShortKey>) => void;
  prefix: string;
}

export const newAccepted = (): AcceptedAnswer => ({ answer: '', fraction: 1, tolerance: null });
// A share (0.8) edited as a percentage (80); Moodle's thirds (0.3333333) stay as they are.
const asPercent = (share: number) => Math.round(share * 100 * 1e4) / 1e4;

// The first issue on a row of a list, named by the row ("Answer 2: …"), for the list's message.
function useRowIssue(path: string, rows: number, name: (n: number) => string): string | undefined {
  const issues = useContext(IssuesContext);
  const { t } = useQuestionTexts();
  for (let i = 0; i < rows; i++) {
    const found = Object.entries(issues).find(([k]) => k.startsWith(`${path}.${i}.`));
    if (found) return t('question.issueAt', { field: name(i + 1), issue: found[1] });
  }
  return issues[path];
}

// Whole-answer match, Moodle's way: accepted answers in order with a percentage each (the first that
// matches counts), text answers with `*` wildcards, numbers with a tolerance and units.
export function WholeAnswerEditor({ value, onChange, prefix }: Props) {
  const { t } = useQuestionTexts();
  const issues = useContext(IssuesContext);
  const accepted = value.accepted ?? [];
  const units = value.units ?? [];
  const path = `${prefix}answer.accepted`;
  const unitsPath = `${prefix}answer.units`;
  const acceptedHelp = useRowIssue(path, accepted.length, (n) => t('question.wholeAnswer', { n }));
  const unitsHelp = useRowIssue(unitsPath, units.length, (n) => t('question.unit', { n }));
  const numeric = accepted.some((a) => a.tolerance !== null);
  const setRow = (i: number, patch: Partial<AcceptedAnswer>) =>
    onChange({ accepted: accepted.map((a, j) => (j === i ? { ...a, ...patch } : a)) });
  const setUnit = (i: number, patch: Partial<AnswerUnit>) =>
    onChange({ units: units.map((u, j) => (j === i ? { ...u, ...patch } : u)) });
  function move(i: number, by: number) {
    const next = [...accepted];
    const [row] = next.splice(i, 1);
    next.splice(i + by, 0, row);
    onChange({ accepted: next });
  }

  return (
    <>
      <Field
        path={path}
        label={t('question.wholeAnswers')}
        extra={t('question.wholeHint')}
        help={acceptedHelp}
        noLabelFor
      >
        <Space orientation="vertical" style={{ width: '100%' }}>
          {accepted.map((a, i) => {
            const names = { n: i + 1 };
            const at = `${path}.${i}`;
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: accepted answers are identified by their place
              <Space key={i} wrap>
                <Input
                  aria-label={t('question.wholeAnswer', names)}
                  placeholder={a.tolerance === null ? t('question.wholeAnswer', names) : t('question.numberHint')}
                  style={{ width: 240 }}
                  value={a.answer}
                  status={issues[`${at}.answer`] ? 'error' : undefined}
                  onChange={(e) => setRow(i, { answer: e.target.value })}
                />
                <InputNumber
                  aria-label={t('question.wholeShare', names)}
                  min={0}
                  max={100}
                  style={{ width: 110 }}
                  addonAfter="%"
                  status={issues[`${at}.fraction`] ? 'error' : undefined}
                  value={asPercent(a.fraction)}
                  onChange={(v) => setRow(i, { fraction: (v ?? 0) / 100 })}
                />
                <Checkbox
                  aria-label={t('question.wholeNumericOf', names)}
                  checked={a.tolerance !== null}
                  onChange={(e) => setRow(i, { tolerance: e.target.checked ? 0 : null })}
                >
                  {t('question.wholeNumeric')}
                </Checkbox>
                {a.tolerance !== null && (
                  <InputNumber
                    aria-label={t('question.wholeTolerance', names)}
                    min={0}
                    step={0.01}
                    style={{ width: 130 }}
                    addonBefore="±"
                    status={issues[`${at}.tolerance`] ? 'error' : undefined}
                    value={a.tolerance}
                    onChange={(v) => setRow(i, { tolerance: v ?? 0 })}
                  />
                )}
                <Button
                  type="text"
                  icon={<ArrowUpOutlined />}
                  aria-label={`${t('question.moveUp')} ${i + 1}`}
                  disabled={i === 0}
                  onClick={() => move(i, -1)}
                />
                <Button
                  type="text"
                  icon={<ArrowDownOutlined />}
                  aria-label={`${t('question.moveDown')} ${i + 1}`}
                  disabled={i === accepted.length - 1}
                  onClick={() => move(i, 1)}
                />
                {/* The last answer stays: without any the question is marked by keywords. */}
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('question.removeWhole', names)}
                  disabled={accepted.length === 1}
                  onClick={() => onChange({ accepted: accepted.filter((_, j) => j !== i) })}
                />
              </Space>
            );
          })}
          <Button
            type="dashed"
            icon={<PlusOutlined />}
            onClick={() => onChange({ accepted: [...accepted, { ...newAccepted(), fraction: 0 }] })}
          >
            {t('question.addWhole')}
          </Button>
        </Space>
      </Field>
      <div style={{ marginBottom: 16 }}>
        <Space size={6}>
          <Switch
            id={fieldId(`${prefix}answer.caseSensitive`)}
            size="small"
            checked={!!value.caseSensitive}
            onChange={(caseSensitive) => onChange({ caseSensitive })}
          />
          <label htmlFor={fieldId(`${prefix}answer.caseSensitive`)}>{t('question.caseSensitive')}</label>
        </Space>
      </div>
      {(numeric || units.length > 0) && (
        <Field path={unitsPath} label={t('question.units')} extra={t('question.unitsHint')} help={unitsHelp} noLabelFor>
          <Space orientation="vertical" style={{ width: '100%' }}>
            {units.map((u, i) => {
              const names = { n: i + 1 };
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: units are identified by their place
                <Space key={i} wrap>
                  <Input
                    aria-label={t('question.unit', names)}
                    placeholder="km"
                    style={{ width: 120 }}
                    value={u.unit}
                    status={issues[`${unitsPath}.${i}.unit`] ? 'error' : undefined}
                    onChange={(e) => setUnit(i, { unit: e.target.value })}
                  />
                  <InputNumber
                    aria-label={t('question.multiplier', names)}
                    min={0}
                    style={{ width: 160 }}
                    addonBefore="×"
                    status={issues[`${unitsPath}.${i}.multiplier`] ? 'error' : undefined}
                    value={u.multiplier}
                    onChange={(v) => setUnit(i, { multiplier: v ?? 1 })}
                  />
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('question.removeUnit', names)}
                    onClick={() => onChange({ units: units.filter((_, j) => j !== i) })}
                  />
                </Space>
              );
            })}
            <Button
              type="dashed"
              icon={<PlusOutlined />}
              onClick={() => onChange({ units: [...units, { unit: '', multiplier: 1 }] })}
            >
              {t('question.addUnit')}
            </Button>
          </Space>
        </Field>
      )}
    </>
  );
}
