import {
  labelOf,
  type MarkItem,
  MarkingFlag,
  type MarkQuestion,
  markingFlagLabels,
  type QuestionInput,
  QuestionType,
  questionTypeLabels,
  reviewFlagLabels,
  type StudentAnswer,
  throwOutModeLabels,
} from '@lyceum/contract';
import { Space, Tag, Typography } from 'antd';
import { RichHtml } from '../../rich-text/rich-html';
import { useLang } from '../../shell/i18n';
import { type CoreDraft, emptyCore } from '../question/question-draft';
import { KeyView } from '../question/render/key-view';
import { useMarkingTexts } from './marking-texts';

type Shown = Pick<QuestionInput, 'type' | 'stem' | 'options'> & { children?: Shown[] };

// The question as the exam froze it, in the question editor's shape, so the bank's key view shows it.
export function keyDraft(q: QuestionInput): CoreDraft & { children: CoreDraft[] } {
  const core = (c: QuestionInput | QuestionInput['children'][number]): CoreDraft => ({
    ...emptyCore(c.type),
    ...(c as Partial<CoreDraft>),
  });
  return { ...core(q), children: q.children.map(core) };
}

const blank = () => <span className="mark-blank" />;

// Stem and options, without any answer: what every student was asked.
export function QuestionStem({ q, number }: { q: Shown; number?: string }) {
  const choice = q.type === QuestionType.SingleChoice || q.type === QuestionType.MultipleChoice;
  return (
    <div className="mark-stem">
      <div className="mark-stem-row">
        {number && <strong className="mark-no">{number}</strong>}
        <div className="mark-stem-text">
          <RichHtml html={q.stem} renderBlank={blank} />
        </div>
      </div>
      {choice && (
        <ol className="mark-options">
          {q.options.map((o) => (
            <li key={o.label}>
              <strong>{o.label}.</strong> <RichHtml inline html={o.content} />
            </li>
          ))}
        </ol>
      )}
      {(q.children ?? []).map((c, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: compose children are identified by their place
        <div key={i} className="mark-child">
          <QuestionStem q={c} number={`(${i + 1})`} />
        </div>
      ))}
    </div>
  );
}

const asList = (a: StudentAnswer): StudentAnswer[] => (Array.isArray(a) ? a : []);
const isEmpty = (a: StudentAnswer): boolean =>
  a === null || a === undefined || (typeof a === 'string' && a.trim() === '') || (Array.isArray(a) && a.every(isEmpty));

// A student's answer, read as text: letters, true or false, the blanks in order, the written text.
export function AnswerText({ q, answer }: { q: Shown; answer: StudentAnswer }) {
  const { t } = useMarkingTexts();
  if (isEmpty(answer)) return <Typography.Text type="secondary">{t('marking.noAnswer')}</Typography.Text>;
  switch (q.type) {
    case QuestionType.SingleChoice:
    case QuestionType.MultipleChoice:
      return (
        <strong className="mark-answer-letters">
          {asList(answer).length ? asList(answer).join(', ') : String(answer)}
        </strong>
      );
    case QuestionType.TrueFalse:
      return <strong>{t(answer === true ? 'marking.trueLabel' : 'marking.falseLabel')}</strong>;
    case QuestionType.GapFilling:
      return (
        <Space size={[4, 4]} wrap>
          {asList(answer).map((b, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: blanks are identified by their place
            <Tag key={i} className="mark-gap">
              {i + 1}. {typeof b === 'string' && b.trim() ? b : '—'}
            </Tag>
          ))}
        </Space>
      );
    case QuestionType.Compose:
      return (
        <div className="mark-compose-answer">
          {(q.children ?? []).map((c, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: compose children are identified by their place
            <div key={i}>
              <span className="mark-no">({i + 1})</span> <AnswerText q={c} answer={asList(answer)[i] ?? null} />
            </div>
          ))}
        </div>
      );
    default:
      return <div className="mark-answer-text">{typeof answer === 'string' ? answer : JSON.stringify(answer)}</div>;
  }
}

// Tags of a question changed after the exam (thrown out, key changed).
export function ChangeTags({ question }: { question: Pick<MarkQuestion, 'thrownOut' | 'adjusted'> }) {
  const { t } = useMarkingTexts();
  const lang = useLang();
  return (
    <>
      {question.thrownOut !== null && (
        <Tag color="error">
          {t('marking.thrownOut')}: {labelOf(throwOutModeLabels, question.thrownOut, lang)}
        </Tag>
      )}
      {question.adjusted && <Tag color="warning">{t('marking.keyChanged')}</Tag>}
    </>
  );
}

export function FlagTags({ item }: { item: MarkItem }) {
  const lang = useLang();
  return (
    <>
      <Tag color={markingFlagLabels[item.markingFlag].color}>{labelOf(markingFlagLabels, item.markingFlag, lang)}</Tag>
      {item.manual && item.markingFlag === MarkingFlag.Marked && (
        <Tag color={reviewFlagLabels[item.reviewFlag].color}>{labelOf(reviewFlagLabels, item.reviewFlag, lang)}</Tag>
      )}
    </>
  );
}

export function TypeTag({ type }: { type: QuestionType }) {
  const lang = useLang();
  return <Tag color="blue">{labelOf(questionTypeLabels, type, lang)}</Tag>;
}

// The key, reference answer and keyword hints of the question.
export function QuestionKey({ q }: { q: QuestionInput }) {
  return (
    <div className="mark-key">
      <KeyView q={keyDraft(q)} />
    </div>
  );
}

// Points as people write them: 2, 1.5 (never 1.50).
export const points = (n: number | null | undefined) =>
  n === null || n === undefined ? '—' : String(Math.round(n * 100) / 100);
