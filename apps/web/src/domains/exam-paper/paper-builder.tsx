import { PlusOutlined } from '@ant-design/icons';
import { ExamPaperStatus, type PaperType } from '@lyceum/contract';
import { Alert, Button, Col, Result, Row, Skeleton, Space } from 'antd';
import { useNavigate } from 'react-router';
import { usePaperTexts } from './i18n';
import { type BuiltPaperType, paperPaths, usePaperOfTab } from './paper-api';
import { PaperActions } from './paper-builder-actions';
import { PaperDetails } from './paper-builder-details';
import { SectionCard } from './paper-builder-section';
import { draftOf, emptyDraft, emptySection, infoOfContent } from './paper-draft';
import { PaperPreview } from './paper-preview';
import { PaperSummary } from './paper-summary';
import { QuestionPicker } from './question-picker';
import { type BuilderProps, usePaperBuilder } from './use-paper-builder';
import './paper.css';

// The builder at /exam/paperEdit (exam papers) or /task/paperEdit (homework): new without ?id=.
export function PaperBuilderPage({ paperType }: { paperType: BuiltPaperType & PaperType }) {
  const { t } = usePaperTexts();
  const navigate = useNavigate();
  const { id, loaded } = usePaperOfTab();
  if (id !== null && loaded.isPending) return <Skeleton active style={{ padding: 24 }} />;
  if (id !== null && !loaded.data)
    return (
      <Result
        status="404"
        subTitle={t('paper.notFound')}
        extra={<Button onClick={() => navigate(paperPaths[paperType].list)}>{t('paper.back')}</Button>}
      />
    );
  return (
    <PaperBuilder
      key={`${id ?? 'new'}-${loaded.dataUpdatedAt}`}
      paperType={paperType}
      initial={loaded.data ? draftOf(loaded.data.paper) : emptyDraft(paperType, t('paper.sectionDefault', { n: 1 }))}
      status={loaded.data?.paper.status ?? ExamPaperStatus.Unpublished}
      questions={loaded.data?.questions.map(infoOfContent) ?? []}
    />
  );
}

function PaperBuilder(props: BuilderProps) {
  const { t } = usePaperTexts();
  const builder = usePaperBuilder(props);
  const { draft, info, picked, editable, locked, patch } = builder;

  return (
    <div className="paper-builder">
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={17}>
          <Space orientation="vertical" size={16} style={{ width: '100%' }}>
            {locked && (
              <Alert type="info" showIcon title={t('paper.lockedTitle')} description={t('paper.lockedHint')} />
            )}
            <PaperDetails builder={builder} />

            {draft.sections.map((section, sIndex) => (
              <SectionCard key={section.key} builder={builder} section={section} sIndex={sIndex} />
            ))}
            {editable && (
              <Button
                block
                type="dashed"
                icon={<PlusOutlined />}
                onClick={() =>
                  patch({
                    sections: [
                      ...draft.sections,
                      emptySection(t('paper.sectionDefault', { n: draft.sections.length + 1 })),
                    ],
                  })
                }
              >
                {t('paper.addSection')}
              </Button>
            )}
          </Space>
        </Col>
        <Col xs={24} xl={7}>
          <div className="paper-side">
            <Space orientation="vertical" size={16} style={{ width: '100%' }}>
              <PaperActions builder={builder} />
              <PaperSummary draft={draft} info={info} />
            </Space>
          </div>
        </Col>
      </Row>
      <QuestionPicker
        open={picked !== undefined}
        sectionTitle={picked?.title ?? ''}
        onPaper={builder.onPaper}
        onClose={() => builder.setPicking(null)}
        onAdd={(qs) => picked && builder.addQuestions(picked.key, qs)}
      />
      <PaperPreview open={builder.previewing} draft={draft} info={info} onClose={() => builder.setPreviewing(false)} />
    </div>
  );
}
