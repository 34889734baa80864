import { QuestionType, type StudentAnswer } from '@lyceum/contract';
import { Checkbox, Input, Radio, Typography } from 'antd';
import { RichHtml } from '../../../rich-text/rich-html';
import { useQuestionTexts } from '../i18n';
import type { ChoiceOption } from '../question-draft';
import '../question.css';

// What a student sees of a question (and of each compose child); never the key.
export interface ViewQuestion {
  type: QuestionType;
  stem: string;
  options: ChoiceOption[];
  score: number;
  children?: ViewQuestion[];
}

interface Props {
  q: ViewQuestion;
  answer: StudentAnswer;
  onChange?: (answer: StudentAnswer) => void;
  // Shown before the stem, e.g. "1." for a child question.
  number?: string;
  name?: string;
}

const asArray = (a: StudentAnswer): StudentAnswer[] => (Array.isArray(a) ? a : []);

export function QuestionView({ q, answer, onChange, number, name = 'q' }: Props) {
  const { t } = useQuestionTexts();
  const set = (a: StudentAnswer) => onChange?.(a);
  const readOnly = !onChange;

  function body() {
    switch (q.type) {
      case QuestionType.SingleChoice:
        return (
          <Radio.Group
            className="q-choice"
            name={name}
            value={typeof answer === 'string' ? answer : undefined}
            disabled={readOnly}
            onChange={(e) => set(e.target.value as string)}
          >
            {q.options.map((o) => (
              <Radio key={o.label} value={o.label}>
                <OptionText option={o} />
              </Radio>
            ))}
          </Radio.Group>
        );
      case QuestionType.MultipleChoice:
        return (
          <Checkbox.Group
            className="q-choice"
            value={asArray(answer).filter((a): a is string => typeof a === 'string')}
            disabled={readOnly}
            onChange={(v) => set([...v].sort())}
          >
            {q.options.map((o) => (
              <Checkbox key={o.label} value={o.label}>
                <OptionText option={o} />
              </Checkbox>
            ))}
          </Checkbox.Group>
        );
      case QuestionType.TrueFalse:
        return (
          <Radio.Group
            name={name}
            value={typeof answer === 'boolean' ? answer : undefined}
            disabled={readOnly}
            onChange={(e) => set(e.target.value as boolean)}
            options={[
              { value: true, label: t('question.trueLabel') },
              { value: false, label: t('question.falseLabel') },
            ]}
          />
        );
      case QuestionType.ShortAnswer:
        return (
          <Input.TextArea
            aria-label={`${t('question.yourAnswer')} ${number ?? ''}`.trim()}
            value={typeof answer === 'string' ? answer : ''}
            readOnly={readOnly}
            autoSize={{ minRows: 3, maxRows: 10 }}
            onChange={(e) => set(e.target.value)}
          />
        );
      case QuestionType.Compose:
        return (q.children ?? []).map((child, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: compose children are identified by their place
          <div className="q-child" key={i}>
            <QuestionView
              q={child}
              number={`${i + 1}.`}
              name={`${name}-${i}`}
              answer={asArray(answer)[i]}
              onChange={
                onChange &&
                ((a) => {
                  const next = [...asArray(answer)];
                  while (next.length < (q.children?.length ?? 0)) next.push(null);
                  next[i] = a;
                  set(next);
                })
              }
            />
          </div>
        ));
      default:
        return null;
    }
  }

  const blanks = asArray(answer);
  return (
    <div className="q-student">
      <div style={{ display: 'flex', gap: 6, alignItems: 'baseline' }}>
        {number && <Typography.Text strong>{number}</Typography.Text>}
        <div style={{ flex: 1, minWidth: 0 }}>
          <RichHtml
            html={q.stem}
            renderBlank={
              q.type === QuestionType.GapFilling
                ? (i) => (
                    <Input
                      size="small"
                      style={{ width: 120 }}
                      aria-label={`${t('question.blank', { n: i + 1 })}${number ? ` (${number})` : ''}`}
                      value={typeof blanks[i] === 'string' ? (blanks[i] as string) : ''}
                      readOnly={readOnly}
                      onChange={(e) => {
                        const next = [...blanks];
                        next[i] = e.target.value;
                        set(next.map((b) => b ?? ''));
                      }}
                    />
                  )
                : undefined
            }
          />
        </div>
        <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
          ({q.score} {t('question.pointsUnit')})
        </Typography.Text>
      </div>
      {body()}
    </div>
  );
}

function OptionText({ option }: { option: ChoiceOption }) {
  return (
    <span>
      <b>{option.label}.</b> <RichHtml inline html={option.content} />
    </span>
  );
}
