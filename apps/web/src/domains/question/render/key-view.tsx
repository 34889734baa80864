import { judgeTypeLabels, labelOf, PartialCredit, partialCreditLabels, QuestionType } from '@lyceum/contract';
import { Descriptions, Space, Tag, Typography } from 'antd';
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
                </Space>
              ),
            }))}
          />
          {tolerance !== null && (
            <Typography.Text type="secondary" style={{ display: 'block', marginTop: 4 }}>
              {t('question.toleranceShown', {
                value:
                  key.rules.toleranceMode === 'relative'
                    ? `${Math.round(tolerance * 100 * 1e6) / 1e6}%`
                    : String(tolerance),
              })}
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
          <div style={{ marginTop: 4 }}>
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
