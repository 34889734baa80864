import type { AttemptQuestion, StudentAnswer } from '@lyceum/contract';
import { QuestionType } from '@lyceum/contract';
import { choices, gaps, letter, parts, toggleChoice } from './paper';
import { RichHtml } from './rich-html';
import { useTexts } from './texts';

type Shape = Pick<AttemptQuestion, 'type' | 'stem' | 'options' | 'blankCount'> & {
  children?: AttemptQuestion['children'];
};

interface Props {
  q: Shape;
  answer: StudentAnswer;
  onChange: (answer: StudentAnswer) => void;
  // Unique per question (and part), for input names and ids.
  name: string;
  // The stem's element id, which labels the inputs' group.
  labelId: string;
  disabled?: boolean;
}

// The stem and the answer inputs of one question (or one part of a compose question).
export function QuestionInput({ q, answer, onChange, name, labelId, disabled }: Props) {
  const { t } = useTexts();
  switch (q.type) {
    case QuestionType.SingleChoice:
    case QuestionType.MultipleChoice: {
      const multiple = q.type === QuestionType.MultipleChoice;
      const chosen = multiple ? choices(answer) : typeof answer === 'string' ? [answer] : [];
      const order = q.options.map((o) => o.label);
      return (
        <>
          <RichHtml html={q.stem} className="xq-stem" id={labelId} />
          <fieldset className="xq-options" aria-labelledby={labelId}>
            {q.options.map((o, i) => {
              const checked = chosen.includes(o.label);
              return (
                <label key={o.label} className={`xq-option${checked ? ' is-checked' : ''}`}>
                  <input
                    type={multiple ? 'checkbox' : 'radio'}
                    name={name}
                    value={o.label}
                    checked={checked}
                    disabled={disabled}
                    data-option-index={i}
                    onChange={() => onChange(multiple ? toggleChoice(answer, o.label, order) : o.label)}
                  />
                  <span className="xq-letter" aria-hidden="true">
                    {letter(i)}
                  </span>
                  <span className="visually-hidden">{t('option', { label: letter(i) })}</span>
                  <RichHtml html={o.content} inline className="xq-option-text" />
                </label>
              );
            })}
          </fieldset>
        </>
      );
    }
    case QuestionType.TrueFalse:
      return (
        <>
          <RichHtml html={q.stem} className="xq-stem" id={labelId} />
          <fieldset className="xq-options xq-options-row" aria-labelledby={labelId}>
            {[true, false].map((value, i) => (
              <label key={String(value)} className={`xq-option${answer === value ? ' is-checked' : ''}`}>
                <input
                  type="radio"
                  name={name}
                  checked={answer === value}
                  disabled={disabled}
                  data-option-index={i}
                  onChange={() => onChange(value)}
                />
                <span>{value ? t('true') : t('false')}</span>
              </label>
            ))}
          </fieldset>
        </>
      );
    case QuestionType.GapFilling: {
      const values = gaps(answer, q.blankCount);
      const set = (i: number, v: string) => onChange(values.map((old, j) => (j === i ? v : old)));
      return (
        <RichHtml
          html={q.stem}
          className="xq-stem"
          id={labelId}
          renderBlank={(i) =>
            i < q.blankCount ? (
              <input
                className="xq-gap"
                type="text"
                value={values[i]}
                disabled={disabled}
                aria-label={t('blank', { n: i + 1 })}
                autoComplete="off"
                spellCheck={false}
                onChange={(e) => set(i, e.target.value)}
              />
            ) : null
          }
        />
      );
    }
    case QuestionType.ShortAnswer:
      return (
        <>
          <RichHtml html={q.stem} className="xq-stem" id={labelId} />
          <textarea
            className="xq-text"
            rows={6}
            value={typeof answer === 'string' ? answer : ''}
            disabled={disabled}
            aria-labelledby={labelId}
            placeholder={t('answerHere')}
            onChange={(e) => onChange(e.target.value)}
          />
        </>
      );
    case QuestionType.Compose: {
      const children = q.children ?? [];
      const values = parts(answer, children.length);
      return (
        <>
          <RichHtml html={q.stem} className="xq-stem" id={labelId} />
          <ol className="xq-parts">
            {children.map((child, i) => (
              // Children have no ids of their own: their position is their identity.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <li key={i} className="xq-part">
                <div className="xq-part-title">{t('subQuestion', { n: i + 1 })}</div>
                <QuestionInput
                  q={{ ...child, children: undefined }}
                  answer={values[i]}
                  name={`${name}-${i}`}
                  labelId={`${labelId}-${i}`}
                  disabled={disabled}
                  onChange={(a) => onChange(values.map((old, j) => (j === i ? a : old)))}
                />
              </li>
            ))}
          </ol>
        </>
      );
    }
    default:
      return <RichHtml html={q.stem} className="xq-stem" id={labelId} />;
  }
}
