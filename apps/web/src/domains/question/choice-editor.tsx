import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { enumValues, labelOf, OPTION_LABELS, PartialCredit, partialCreditLabels, QuestionType } from '@lyceum/contract';
import { Button, Checkbox, InputNumber, Radio, Space, Tooltip } from 'antd';
import { RichTextInput } from '../../rich-text/rich-text-input';
import { useLang } from '../../shell/i18n';
import { Field, fieldId, useIssue } from './editor-field';
import { useQuestionTexts } from './i18n';
import { type ChoiceOption, type CoreDraft, relabel } from './question-draft';

interface Props {
  q: CoreDraft;
  onChange: (patch: Partial<CoreDraft>) => void;
  prefix: string;
}

// Options A, B, C ...: add, remove, move up and down (labels follow the order), mark the correct ones.
export function ChoiceEditor({ q, onChange, prefix }: Props) {
  const { t } = useQuestionTexts();
  const lang = useLang();
  const multiple = q.type === QuestionType.MultipleChoice;
  const picked = multiple ? (Array.isArray(q.answer) ? q.answer : []) : typeof q.answer === 'string' ? [q.answer] : [];
  const answerIssue = useIssue(`${prefix}answer`);

  // Moving or removing options moves the correct marks with them.
  function reorder(next: ChoiceOption[]) {
    const relabelled = relabel(next);
    const oldToNew = new Map(next.map((o, i) => [o.label, relabelled[i].label]));
    const marks = picked.flatMap((l) => oldToNew.get(l) ?? []).sort();
    onChange({ options: relabelled, answer: multiple ? marks : (marks[0] ?? '') });
  }

  function move(i: number, by: number) {
    const next = [...q.options];
    const [item] = next.splice(i, 1);
    next.splice(i + by, 0, item);
    reorder(next);
  }

  function toggle(label: string, on: boolean) {
    if (!multiple) return onChange({ answer: label });
    const set = new Set(picked);
    if (on) set.add(label);
    else set.delete(label);
    onChange({ answer: [...set].sort() });
  }

  return (
    <>
      <Field path={`${prefix}options`} label={t('question.options')} required noLabelFor>
        <div>
          {q.options.map((o, i) => (
            <div className="q-option-row" key={o.label}>
              <span className="q-option-label">{o.label}</span>
              <Tooltip title={t('question.correct')}>
                {multiple ? (
                  <Checkbox
                    style={{ marginTop: 6 }}
                    checked={picked.includes(o.label)}
                    aria-label={t('question.markCorrect', { label: o.label })}
                    onChange={(e) => toggle(o.label, e.target.checked)}
                  />
                ) : (
                  <Radio
                    style={{ marginTop: 6 }}
                    checked={picked.includes(o.label)}
                    aria-label={t('question.markCorrect', { label: o.label })}
                    onChange={() => toggle(o.label, true)}
                  />
                )}
              </Tooltip>
              <div className="q-option-body">
                <OptionContent
                  prefix={prefix}
                  index={i}
                  option={o}
                  onChange={(content) => {
                    const next = q.options.map((x, j) => (j === i ? { ...x, content } : x));
                    onChange({ options: next });
                  }}
                />
              </div>
              <Space size={0}>
                <Button
                  type="text"
                  icon={<ArrowUpOutlined />}
                  aria-label={`${t('question.moveUp')} ${o.label}`}
                  disabled={i === 0}
                  onClick={() => move(i, -1)}
                />
                <Button
                  type="text"
                  icon={<ArrowDownOutlined />}
                  aria-label={`${t('question.moveDown')} ${o.label}`}
                  disabled={i === q.options.length - 1}
                  onClick={() => move(i, 1)}
                />
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('question.removeOption', { label: o.label })}
                  disabled={q.options.length <= 2}
                  onClick={() => reorder(q.options.filter((_, j) => j !== i))}
                />
              </Space>
            </div>
          ))}
          <Button
            type="dashed"
            icon={<PlusOutlined />}
            disabled={q.options.length >= OPTION_LABELS.length}
            onClick={() => reorder([...q.options, { label: '', content: '' }])}
          >
            {t('question.addOption')}
          </Button>
        </div>
        {answerIssue && (
          <div className="ant-form-item-explain-error" role="alert">
            {answerIssue}
          </div>
        )}
      </Field>
      {multiple && (
        <Space wrap size="large" align="start">
          <Field path={`${prefix}partialCredit`} label={t('question.partialCredit')} noLabelFor>
            <Radio.Group
              value={q.partialCredit}
              onChange={(e) => onChange({ partialCredit: e.target.value as PartialCredit })}
              options={enumValues(partialCreditLabels).map((v) => ({
                value: v,
                label: labelOf(partialCreditLabels, v, lang),
              }))}
            />
          </Field>
          {q.partialCredit === PartialCredit.PartScore && (
            <Field path={`${prefix}partScore`} label={t('question.partScore')}>
              <InputNumber
                id={fieldId(`${prefix}partScore`)}
                min={0}
                step={0.5}
                placeholder={t('question.partScoreHint')}
                style={{ width: 160 }}
                value={q.partScore}
                onChange={(v) => onChange({ partScore: v ?? null })}
              />
            </Field>
          )}
        </Space>
      )}
    </>
  );
}

function OptionContent(props: {
  prefix: string;
  index: number;
  option: ChoiceOption;
  onChange: (html: string) => void;
}) {
  const { t } = useQuestionTexts();
  const path = `${props.prefix}options.${props.index}.content`;
  const issue = useIssue(path);
  return (
    <>
      <RichTextInput
        compact
        id={fieldId(path)}
        value={props.option.content}
        onChange={props.onChange}
        status={issue ? 'error' : undefined}
        ariaLabel={t('question.optionContent', { label: props.option.label })}
      />
      {issue && (
        <div className="ant-form-item-explain-error" role="alert">
          {issue}
        </div>
      )}
    </>
  );
}
