import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Col, Form, Input, Row, Space, Typography } from 'antd';
import { useConfirm } from '../../crud/confirm';
import { usePaperTexts } from './i18n';
import { SectionItems } from './paper-builder-items';
import { type DraftSection, moveItem, sectionCount, sectionTotal, swap } from './paper-draft';
import { SectionRules } from './paper-rules';
import type { PaperBuilderState } from './use-paper-builder';

interface SectionProps {
  builder: PaperBuilderState;
  section: DraftSection;
  sIndex: number;
}

// One section of the paper: its title and instructions, its rules (a rule paper), its questions, and
// the button that adds questions (a drop target too: a question dropped on it goes last).
export function SectionCard({ builder, section, sIndex }: SectionProps) {
  const { t } = usePaperTexts();
  const { draft, editable, patchSection, dragged } = builder;
  return (
    <Card
      size="small"
      className="paper-section"
      title={
        <Space>
          <span>
            {t('paper.section')} {sIndex + 1}
          </span>
          <Typography.Text type="secondary" style={{ fontWeight: 'normal' }}>
            {t('paper.sectionTotal', {
              count: sectionCount(draft, section),
              score: sectionTotal(draft, section),
            })}
          </Typography.Text>
        </Space>
      }
      extra={editable && <SectionMoves builder={builder} section={section} sIndex={sIndex} />}
    >
      <Form layout="vertical" component="div" disabled={!editable}>
        <Row gutter={16}>
          <Col xs={24} md={10}>
            <Form.Item label={t('paper.sectionTitle')} htmlFor={`section-title-${section.key}`} required>
              <Input
                id={`section-title-${section.key}`}
                maxLength={100}
                value={section.title}
                status={section.title.trim() ? undefined : 'error'}
                onChange={(e) => patchSection(section.key, { title: e.target.value })}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={14}>
            <Form.Item label={t('paper.instructions')} htmlFor={`section-instructions-${section.key}`}>
              <Input.TextArea
                id={`section-instructions-${section.key}`}
                maxLength={2000}
                autoSize={{ minRows: 1, maxRows: 4 }}
                value={section.instructions}
                onChange={(e) => patchSection(section.key, { instructions: e.target.value })}
              />
            </Form.Item>
          </Col>
        </Row>
      </Form>
      {builder.ruleMode && (
        <SectionRules
          sectionKey={section.key}
          sectionNumber={sIndex + 1}
          paperId={draft.id}
          rules={section.rules}
          editable={editable}
          onChange={(rules) => patchSection(section.key, { rules })}
        />
      )}
      {builder.perStudent && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
          {t('paper.perStudentNote', {
            count: section.rules.reduce((n, r) => n + (r.count ?? 0), 0),
          })}
        </Typography.Paragraph>
      )}
      <SectionItems builder={builder} section={section} />
      {editable && (
        <Button
          type="dashed"
          icon={<PlusOutlined />}
          style={{ marginTop: 12 }}
          onClick={() => builder.setPicking(section.key)}
          onDragOver={(e) => e.preventDefault()}
          onDrop={(e) => {
            e.preventDefault();
            if (dragged.current) builder.change(moveItem(draft, dragged.current, section.key, null));
            dragged.current = null;
          }}
        >
          {t('paper.addQuestions')}
        </Button>
      )}
    </Card>
  );
}

// A section's own actions: move it up or down, remove it (asked first when it has questions).
function SectionMoves({ builder, section, sIndex }: SectionProps) {
  const { t } = usePaperTexts();
  const confirm = useConfirm();
  const { draft, patch } = builder;
  return (
    <Space size={0}>
      <Button
        type="text"
        icon={<ArrowUpOutlined />}
        disabled={sIndex === 0}
        aria-label={t('paper.moveSectionUp', { n: sIndex + 1 })}
        onClick={() => patch({ sections: swap(draft.sections, sIndex, sIndex - 1) })}
      />
      <Button
        type="text"
        icon={<ArrowDownOutlined />}
        disabled={sIndex === draft.sections.length - 1}
        aria-label={t('paper.moveSectionDown', { n: sIndex + 1 })}
        onClick={() => patch({ sections: swap(draft.sections, sIndex, sIndex + 1) })}
      />
      <Button
        type="text"
        danger
        icon={<DeleteOutlined />}
        aria-label={t('paper.removeSection', { n: sIndex + 1 })}
        onClick={() => {
          const drop = () => patch({ sections: draft.sections.filter((s) => s.key !== section.key) });
          if (!section.items.length) return drop();
          confirm({
            title: t('paper.removeSectionConfirm', {
              title: section.title,
              count: section.items.length,
            }),
            danger: true,
            content: null,
            okText: t('common.delete'),
            onOk: drop,
          });
        }}
      />
    </Space>
  );
}
