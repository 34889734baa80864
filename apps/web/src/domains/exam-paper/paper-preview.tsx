import { Drawer, Typography } from 'antd';
import { QuestionView } from '../question/render/question-view';
import { usePaperTexts } from './i18n';
import { numbering, type PaperDraft, paperTotal, type QuestionInfo, sectionCount, sectionTotal } from './paper-draft';

// The paper as a student will see it: sections, instructions, numbered questions, no keys.
export function PaperPreview({
  open,
  draft,
  info,
  onClose,
}: {
  open: boolean;
  draft: PaperDraft;
  info: ReadonlyMap<number, QuestionInfo>;
  onClose: () => void;
}) {
  const { t } = usePaperTexts();
  const numbers = numbering(draft);
  return (
    <Drawer open={open} onClose={onClose} size={820} title={t('paper.previewTitle')} destroyOnHidden>
      <article className="paper-preview">
        <Typography.Title level={3} style={{ textAlign: 'center' }}>
          {draft.name || '—'}
        </Typography.Title>
        <Typography.Paragraph type="secondary" style={{ textAlign: 'center' }}>
          {t('paper.total')}: {paperTotal(draft)}
          {draft.durationMinutes ? ` · ${t('paper.duration')}: ${draft.durationMinutes}` : ''}
        </Typography.Paragraph>
        {draft.sections.map((s) => (
          <section key={s.key} style={{ marginBottom: 24 }}>
            <Typography.Title level={4}>
              {s.title} ({t('paper.sectionTotal', { count: sectionCount(draft, s), score: sectionTotal(draft, s) })})
            </Typography.Title>
            {s.instructions && <Typography.Paragraph type="secondary">{s.instructions}</Typography.Paragraph>}
            {s.items.map((item) => {
              const q = info.get(item.questionId);
              if (!q) return null;
              return (
                <div key={item.key} style={{ marginBottom: 16 }}>
                  <QuestionView
                    q={{ ...q, score: item.score }}
                    answer={null}
                    number={`${numbers.get(item.key)}.`}
                    name={`preview-${item.key}`}
                  />
                </div>
              );
            })}
          </section>
        ))}
      </article>
    </Drawer>
  );
}
