import { enumValues, labelOf, type PaperBuildMode, PaperType, paperBuildModeLabels } from '@lyceum/contract';
import { Card, Checkbox, Col, Form, Input, InputNumber, Radio, Row, Select, Space, Tag, TreeSelect } from 'antd';
import type { ReactNode } from 'react';
import { useLang } from '../../shell/i18n';
import { useCommonLists } from '../../ui/lookups';
import { useSubjectOptions } from '../question/classification-fields';
import { usePaperTexts } from './i18n';
import { CopyPaperButton } from './paper-transfer';
import { PAPER_NAME_MAX, type PaperBuilderState } from './use-paper-builder';

// The paper's own card: its title, whether it is saved, and the details form (name, classification,
// duration and pass score, how it is built, shuffling).
export function PaperDetails({ builder }: { builder: PaperBuilderState }) {
  const { t } = usePaperTexts();
  const { draft, dirty, paperType } = builder;
  return (
    <Card
      size="small"
      title={
        <h2 style={{ margin: 0, fontSize: 16 }}>
          {draft.id
            ? t('paper.editTitle', { name: builder.initial.name })
            : t(paperType === PaperType.Homework ? 'paper.newHomeworkTitle' : 'paper.newTitle')}
        </h2>
      }
      extra={
        <Space size={8}>
          {dirty && <Tag color="orange">{t('paper.unsaved')}</Tag>}
          <CopyPaperButton id={draft.id ?? null} dirty={dirty} />
        </Space>
      }
    >
      <Form layout="vertical" component="div" disabled={!builder.editable}>
        <Row gutter={16}>
          <ClassificationFields builder={builder} />
          <BuildFields builder={builder} />
        </Row>
      </Form>
    </Card>
  );
}

// The name, subject, degree and category: Cols of the details form's Row.
function ClassificationFields({ builder }: { builder: PaperBuilderState }) {
  const { t } = usePaperTexts();
  const lists = useCommonLists();
  const subjects = useSubjectOptions();
  const { draft, patch, nameError } = builder;
  return (
    <>
      <Col xs={24} md={12}>
        <Form.Item
          label={t('paper.name')}
          htmlFor="paper-name"
          required
          validateStatus={nameError ? 'error' : undefined}
          help={nameError ?? undefined}
        >
          <Input
            id="paper-name"
            count={{ show: true, max: PAPER_NAME_MAX }}
            value={draft.name}
            onChange={(e) => {
              builder.setNameError(null);
              patch({ name: e.target.value });
            }}
          />
        </Form.Item>
      </Col>
      <FieldCol md={12} id="paper-subject" label={t('paper.subject')}>
        <TreeSelect
          id="paper-subject"
          allowClear
          showSearch
          treeNodeFilterProp="title"
          treeDefaultExpandAll
          treeData={subjects}
          value={draft.subjectId ?? undefined}
          onChange={(v) => patch({ subjectId: (v as number | undefined) ?? null })}
        />
      </FieldCol>
      <FieldCol md={6} id="paper-degree" label={t('paper.degree')}>
        <Select
          id="paper-degree"
          allowClear
          value={draft.degreeId ?? undefined}
          options={lists.data?.degreeList.map((d) => ({ value: d.id, label: d.name }))}
          onChange={(v) => patch({ degreeId: v ?? null, categoryId: null })}
        />
      </FieldCol>
      <FieldCol md={6} id="paper-category" label={t('paper.category')}>
        <Select
          id="paper-category"
          allowClear
          value={draft.categoryId ?? undefined}
          options={lists.data?.categoryList
            .filter((c) => !draft.degreeId || c.degreeId === draft.degreeId)
            .map((c) => ({ value: c.id, label: c.name }))}
          onChange={(v) => patch({ categoryId: v ?? null })}
        />
      </FieldCol>
    </>
  );
}

// A labelled field as a Col of the details form's Row (the control carries the same id).
function FieldCol(props: { xs?: number; md: number; id: string; label: string; children: ReactNode }) {
  return (
    <Col xs={props.xs ?? 24} md={props.md}>
      <Form.Item label={props.label} htmlFor={props.id}>
        {props.children}
      </Form.Item>
    </Col>
  );
}

// A whole number between bounds, empty allowed (the duration and the pass score).
function NumberCol(props: {
  id: string;
  label: string;
  min: number;
  max: number;
  value: number | null;
  onChange: (value: number | null) => void;
}) {
  return (
    <FieldCol xs={12} md={6} id={props.id} label={props.label}>
      <InputNumber
        id={props.id}
        min={props.min}
        max={props.max}
        style={{ width: '100%' }}
        value={props.value}
        onChange={(v) => props.onChange(v ?? null)}
      />
    </FieldCol>
  );
}

// The duration (an exam's), pass score, build mode and shuffling (an exam's): Cols of the same Row.
function BuildFields({ builder }: { builder: PaperBuilderState }) {
  const { t } = usePaperTexts();
  const lang = useLang();
  const { draft, patch, paperType } = builder;
  return (
    <>
      {paperType === PaperType.Exam && (
        <NumberCol
          id="paper-duration"
          label={t('paper.duration')}
          min={1}
          max={1440}
          value={draft.durationMinutes}
          onChange={(v) => patch({ durationMinutes: v })}
        />
      )}
      <NumberCol
        id="paper-pass"
        label={t('paper.passScore')}
        min={0}
        max={10000}
        value={draft.passScore}
        onChange={(v) => patch({ passScore: v })}
      />
      <Col xs={24}>
        <Form.Item
          label={t('paper.buildMode')}
          help={t(`paper.buildModeHint${draft.buildMode}`)}
          style={{ marginBottom: 12 }}
        >
          <Radio.Group
            optionType="button"
            aria-label={t('paper.buildMode')}
            value={draft.buildMode}
            onChange={(e) => patch({ buildMode: e.target.value as PaperBuildMode })}
            options={enumValues(paperBuildModeLabels).map((v) => ({
              value: v,
              label: labelOf(paperBuildModeLabels, v, lang),
            }))}
          />
        </Form.Item>
      </Col>
      {paperType === PaperType.Exam && (
        <Col xs={24}>
          <Space wrap size={[24, 0]}>
            <Checkbox checked={draft.shuffleQuestions} onChange={(e) => patch({ shuffleQuestions: e.target.checked })}>
              {t('paper.shuffleQuestions')}
            </Checkbox>
            <Checkbox checked={draft.shuffleOptions} onChange={(e) => patch({ shuffleOptions: e.target.checked })}>
              {t('paper.shuffleOptions')}
            </Checkbox>
          </Space>
        </Col>
      )}
    </>
  );
}
