import { judgeTypeLabels, labelOf, PartialCredit, partialCreditLabels, QuestionType } from '@lyceum/contract';
import { Descriptions, Space, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { RichHtml } from '../../../rich-text/rich-html';
import { useLang } from '../../../shell/i18n';
import { useQuestionTexts } from '../i18n';
import type { CoreDraft, GapKey, ShortKey } from '../question-draft';
import '../question.css';

// The answer key of a question (and of each compose child), as teachers read it.
export function KeyView({ q, number }: { q: CoreDraft & { children?: CoreDraft[] }; number?: string }) {
  const { t } = useQuestionTexts();
  const lang = useLang();
  const prefix = number ? `${number} ` : '';
  switch (q.type) {
    case QuestionType.SingleChoice:
      return (
        <Typography.Text className="q-key">
          {prefix}
          {t('question.answerLabel', { value: String(q.answer) })}
        </Typography.Text>
      );
    case QuestionType.MultipleChoice:
      return (
        <Typography.Text className="q-key">
          {prefix}
          {t('question.answerLabel', { value: (q.answer as string[]).join(', ') })} ·{' '}
          {labelOf(partialCreditLabels, q.partialCredit, lang)}
          {q.partialCredit === PartialCredit.PartScore && ` (${q.partScore ?? q.score / 2})`}
          {q.partialCredit === PartialCredit.PerOption &&
            ` (${t('question.perOptionShare', { share: Math.round((q.score / Math.max(1, (q.answer as string[]).length)) * 100) / 100 })})`}
        </Typography.Text>
      );
    case QuestionType.TrueFalse:
      return (
        <Typography.Text className="q-key">
          {prefix}
          {t('question.answerLabel', { value: t(q.answer ? 'question.trueLabel' : 'question.falseLabel') })}
        </Typography.Text>
      );
    case QuestionType.GapFilling: {
      const key = q.answer as GapKey;
      const tolerance = key.rules.numericTolerance;
      return (
        <div>
          <Descriptions
            size="small"
            column={1}
            bordered
            title={prefix || undefined}
            items={key.blanks.map((b, i) => ({
              key: String(i),
              label: `${t('question.blank', { n: i + 1 })} (${b.score})`,
              children: (
                <Space size={[4, 4]} wrap>
                  {b.answers.map((a) => (
                    <Tag key={a} color="green">
                      {a}
                    </Tag>
                  ))}
                  {/* Part-credit answers in orange, with the share of the blank they earn. */}
                  {(b.partial ?? []).map((p) => (
                    <Tag key={`partial-${p.answer}`} color="orange">
                      {p.answer} · {Math.round(p.fraction * 100)}%
                    </Tag>
                  ))}
                  {/* The blank's own rules, over the question's. */}
                  {b.rules?.ignoreCase !== undefined && (
                    <Tag>{t(b.rules.ignoreCase ? 'question.ignoreCase' : 'question.caseSensitive')}</Tag>
                  )}
                  {b.rules?.wildcards !== undefined && (
                    <Tag>
                      {t('question.wildcards')}: {t(b.rules.wildcards ? 'question.on' : 'question.off')}
                    </Tag>
                  )}
                  {b.rules?.numericTolerance !== undefined && (
                    <Tag>
                      {b.rules.numericTolerance === null
                        ? t('question.toleranceNone')
                        : toleranceText(b.rules.numericTolerance, b.rules.toleranceMode, t)}
                    </Tag>
                  )}
                </Space>
              ),
            }))}
          />
          {tolerance !== null && (
            <Typography.Text type="secondary" style={{ display: 'block', marginTop: 4 }}>
              {toleranceText(tolerance, key.rules.toleranceMode, t)}
            </Typography.Text>
          )}
          {key.rules.wildcards && (
            <Typography.Text type="secondary" style={{ display: 'block', marginTop: 4 }}>
              {t('question.wildcards')}
            </Typography.Text>
          )}
        </div>
      );
    }
    case QuestionType.ShortAnswer: {
      const key = q.answer as ShortKey;
      return (
        <div>
          <Typography.Text type="secondary">
            {prefix}
            {t('question.reference')} · {labelOf(judgeTypeLabels, q.judgeType, lang)}
          </Typography.Text>
          <RichHtml html={key.reference} />
          {key.accepted?.length ? (
            <AcceptedView value={key} />
          ) : (
            <div style={{ marginTop: 4 }}>
              {key.wholeWord && <Tag>{t('question.wholeWord')}</Tag>}
              {key.keywords.length ? (
                key.keywords.map((k) => (
                  <Tag key={k.word} color="blue">
                    {k.word} +{k.points}
                  </Tag>
                ))
              ) : (
                <Typography.Text type="secondary">{t('question.noKeywords')}</Typography.Text>
              )}
            </div>
          )}
        </div>
      );
    }
    case QuestionType.Compose:
      return (
        <div style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
          {(q.children ?? []).map((c, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: children are identified by their place
            <KeyView key={i} q={c} number={`${i + 1}.`} />
          ))}
        </div>
      );
    default:
      return null;
  }
}

function toleranceText(tolerance: number, mode: 'absolute' | 'relative' | undefined, t: TFunction): string {
  const value = mode === 'relative' ? `${Math.round(tolerance * 100 * 1e6) / 1e6}%` : String(tolerance);
  return t('question.toleranceShown', { value });
}

// Whole-answer match: the accepted answers in the order they are tried, with their share of the marks.
function AcceptedView({ value: key }: { value: ShortKey }) {
  const { t } = useQuestionTexts();
  return (
    <div style={{ marginTop: 4 }}>
      <Tag color="purple">{t('question.markWhole')}</Tag>
      {key.caseSensitive && <Tag>{t('question.caseSensitive')}</Tag>}
      <Space size={[4, 4]} wrap>
        {(key.accepted ?? []).map((a, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: accepted answers are tried in this order
          <Tag key={i} color={a.fraction === 1 ? 'green' : a.fraction > 0 ? 'orange' : 'default'}>
            {a.answer}
            {a.tolerance ? ` ±${a.tolerance}` : ''} · {Math.round(a.fraction * 10000) / 100}%
          </Tag>
        ))}
      </Space>
      {(key.units ?? []).length > 0 && (
        <Typography.Text type="secondary" style={{ display: 'block', marginTop: 4 }}>
          {t('question.units')}: {(key.units ?? []).map((u) => `${u.unit} ×${u.multiplier}`).join(', ')}
        </Typography.Text>
      )}
    </div>
  );
}
