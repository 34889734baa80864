import { answerBracketTypes, type PrintItem, printKey, QuestionType } from '@lyceum/contract';
import { RichHtml } from '../../rich-text/rich-html';
import { usePrintTexts } from './print-texts';

interface Printed {
  type: number;
  stem: string;
  options: { label: string; content: string }[];
  answer: unknown;
  analysis: string;
  score: number;
}

const blank = () => <span className="print-blank" />;

// Stem with its number, the bracket choice questions are answered in, and the score.
function Stem({ q, number, score }: { q: Printed; number: string; score: number }) {
  const { t } = usePrintTexts();
  return (
    <div className="print-stem">
      <span className="print-number">{number}</span>
      <div className="print-stem-text">
        <RichHtml html={q.stem} renderBlank={blank} />
      </div>
      <span className="print-points">
        {answerBracketTypes.includes(q.type) && <span className="print-bracket">（　　）</span>}
        {t('paperPrint.points', { score, count: score })}
      </span>
    </div>
  );
}

function Options({ q }: { q: Printed }) {
  if (q.type !== QuestionType.SingleChoice && q.type !== QuestionType.MultipleChoice) return null;
  return (
    <ol className="print-options">
      {q.options.map((o) => (
        <li key={o.label}>
          <span className="print-option-label">{o.label}.</span>
          <RichHtml html={o.content} inline />
        </li>
      ))}
    </ol>
  );
}

function Key({ q, prefix = '' }: { q: Printed; prefix?: string }) {
  const { t } = usePrintTexts();
  const key = printKey(q.type, q.answer);
  const label = (text: string) => <strong>{`${prefix}${text}${t('paperPrint.colon')}`}</strong>;
  return (
    <div className="print-key" data-testid="print-key">
      {key.kind === 'labels' && (
        <div>
          {label(t('paperPrint.answer'))}
          {key.labels.join(', ')}
        </div>
      )}
      {key.kind === 'trueFalse' && (
        <div>
          {label(t('paperPrint.answer'))}
          {t(key.value ? 'paperPrint.trueLabel' : 'paperPrint.falseLabel')}
        </div>
      )}
      {key.kind === 'blanks' && (
        <div>
          {label(t('paperPrint.answer'))}
          {key.blanks
            .map((b, i) => `${t('paperPrint.blank', { n: i + 1 })}${t('paperPrint.colon')}${b.join(' / ')}`)
            .join('; ')}
        </div>
      )}
      {key.kind === 'reference' && (
        <>
          <div className="print-key-rich">
            {label(t('paperPrint.reference'))}
            <RichHtml html={key.html} />
          </div>
          {key.keywords.length > 0 && (
            <div>
              {label(t('paperPrint.keywords'))}
              {key.keywords.map((k) => `${k.word} (+${k.points})`).join(', ')}
            </div>
          )}
        </>
      )}
      {q.analysis.trim() && (
        <div className="print-key-rich">
          {label(t('paperPrint.analysis'))}
          <RichHtml html={q.analysis} />
        </div>
      )}
    </div>
  );
}

// One numbered question as printed: never split over two pages (see paper-print.css).
export function PrintQuestion({ item, withKey }: { item: PrintItem; withKey: boolean }) {
  const { t } = usePrintTexts();
  const q = item.question;
  if (!q)
    return (
      <div className="print-question">
        <span className="print-number">{item.number}.</span> {t('paperPrint.missing')}
      </div>
    );
  return (
    <div className="print-question" data-testid="print-question">
      <Stem q={q} number={`${item.number}.`} score={item.score} />
      <Options q={q} />
      {q.children.map((c, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: compose children are identified by their place
        <div className="print-child" key={i}>
          <Stem q={c} number={`(${i + 1})`} score={c.score} />
          <Options q={c} />
          {withKey && <Key q={c} prefix={`(${i + 1}) `} />}
        </div>
      ))}
      {withKey ? <Key q={q} /> : q.type === QuestionType.ShortAnswer && <div className="print-answer-space" />}
    </div>
  );
}
