import {
  ArrowDownOutlined,
  ArrowLeftOutlined,
  ArrowUpOutlined,
  CheckCircleOutlined,
  DeleteOutlined,
  EyeOutlined,
  HolderOutlined,
  PlusOutlined,
  SaveOutlined,
  SwapOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';
import {
  difficultyLabels,
  ExamPaperStatus,
  enumValues,
  labelOf,
  PaperBuildMode,
  PaperType,
  paperBuildModeLabels,
  type Question,
  questionTypeLabels,
} from '@lyceum/contract';
import { useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Checkbox,
  Col,
  Form,
  Input,
  InputNumber,
  Radio,
  Result,
  Row,
  Select,
  Skeleton,
  Space,
  Table,
  Tag,
  Tooltip,
  TreeSelect,
  Typography,
} from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useConfirm } from '../../crud/confirm';
import { OneLineHtml } from '../../rich-text/one-line';
import { useLang } from '../../shell/i18n';
import { usePermission } from '../../shell/permission';
import { fieldErrorText } from '../../shell/server-error';
import { useSubjectOptions } from '../question/classification-fields';
import { useCommonLists } from '../question/question-api';
import { usePaperTexts } from './i18n';
import { type BuiltPaperType, paperApi, paperPaths, runPaperAction, swapPaperItem, usePaperOfTab } from './paper-api';
import {
  type DraftItem,
  type DraftSection,
  draftOf,
  duplicates,
  emptyDraft,
  emptySection,
  infoOfContent,
  infoOfQuestion,
  moveItem,
  newKey,
  numbering,
  type PaperDraft,
  type QuestionInfo,
  savePayload,
  sectionCount,
  sectionTotal,
  swap,
  usesRules,
} from './paper-draft';
import { PaperPreview } from './paper-preview';
import { PaperPrintButtons } from './paper-print-buttons';
import { SectionRules } from './paper-rules';
import { PaperSummary } from './paper-summary';
import { CopyPaperButton } from './paper-transfer';
import { QuestionPicker } from './question-picker';
import './paper.css';

// The longest paper name the server takes (the contract's rule): a longer one is refused with a
// message, never cut.
const PAPER_NAME_MAX = 100;

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

interface BuilderProps {
  paperType: BuiltPaperType & PaperType;
  initial: PaperDraft;
  status: ExamPaperStatus;
  questions: QuestionInfo[];
}

function PaperBuilder({ paperType, initial, status, questions }: BuilderProps) {
  const { t } = usePaperTexts();
  const lang = useLang();
  const navigate = useNavigate();
  const client = useQueryClient();
  const confirm = useConfirm();
  const { message } = App.useApp();
  const lists = useCommonLists();
  const subjects = useSubjectOptions();
  const [draft, setDraft] = useState(initial);
  const [dirty, setDirty] = useState(false);
  const [info, setInfo] = useState(() => new Map(questions.map((q) => [q.questionId, q])));
  const [picking, setPicking] = useState<string | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const [saving, setSaving] = useState(false);
  // Why the name cannot be saved (empty, or longer than the server takes), or null.
  const [nameError, setNameError] = useState<string | null>(null);
  const dragged = useRef<string | null>(null);
  const canSave = usePermission(draft.id ? ['examPaper:update'] : ['examPaper:create']);
  const canPublish = usePermission(['examPaper:publish']);
  const locked = status === ExamPaperStatus.Published;
  const editable = canSave && !locked;
  const paths = paperPaths[paperType];
  const numbers = numbering(draft);
  const twice = duplicates(draft);
  const onPaper = useMemo(() => new Set(draft.sections.flatMap((s) => s.items.map((i) => i.questionId))), [draft]);

  function change(next: PaperDraft) {
    setDraft(next);
    setDirty(true);
  }
  const patch = (p: Partial<PaperDraft>) => change({ ...draft, ...p });
  const patchSection = (key: string, p: Partial<DraftSection>) =>
    change({ ...draft, sections: draft.sections.map((s) => (s.key === key ? { ...s, ...p } : s)) });
  const patchItem = (section: DraftSection, key: string, p: Partial<DraftItem>) =>
    patchSection(section.key, { items: section.items.map((i) => (i.key === key ? { ...i, ...p } : i)) });

  function addQuestions(sectionKey: string, picked: Question[]) {
    const nextInfo = new Map(info);
    for (const q of picked) nextInfo.set(q.id, infoOfQuestion(q));
    setInfo(nextInfo);
    const section = draft.sections.find((s) => s.key === sectionKey);
    if (!section) return;
    patchSection(sectionKey, {
      items: [...section.items, ...picked.map((q) => ({ key: newKey(), questionId: q.id, score: q.score }))],
    });
    message.success(t('paper.added', { count: picked.length }));
  }

  async function save(): Promise<number | null> {
    const nameProblem = !draft.name.trim()
      ? t('paper.nameRequired')
      : draft.name.length > PAPER_NAME_MAX
        ? fieldErrorText({ key: 'tooLong', params: { max: PAPER_NAME_MAX } }, '')
        : null;
    if (nameProblem) {
      setNameError(nameProblem);
      document.getElementById('paper-name')?.focus();
      return null;
    }
    setSaving(true);
    try {
      const body = savePayload(draft);
      const saved = draft.id ? await paperApi.update(body) : await paperApi.create(body);
      const savedId = (saved as { id: number }).id;
      setDirty(false);
      message.success(t('paper.saved'));
      await client.invalidateQueries({ queryKey: ['examPaper'] });
      if (!draft.id) navigate(`${paths.builder}?id=${savedId}`, { replace: true });
      return savedId;
    } catch {
      // The request layer has said what the server refused.
      return null;
    } finally {
      setSaving(false);
    }
  }

  function publish() {
    confirm({
      title: t('paper.publishConfirm', { name: draft.name }),
      content: t('paper.publishHint'),
      okText: t('paper.publish'),
      onOk: async () => {
        const savedId = dirty || !draft.id ? await save() : draft.id;
        if (!savedId) return;
        await runPaperAction('publish', savedId);
        message.success(t('paper.published'));
        await client.invalidateQueries({ queryKey: ['examPaper'] });
      },
    });
  }

  // A paper drawn once: saved first, then drawn on the server; the builder reloads what was drawn.
  function draw() {
    confirm({
      title: t('paper.drawConfirm', { name: draft.name || '—' }),
      content: t('paper.drawHint'),
      okText: t('paper.draw'),
      onOk: async () => {
        const savedId = dirty || !draft.id ? await save() : draft.id;
        if (!savedId) return;
        const totals = (await runPaperAction('draw', savedId)) as { questionCount?: number } | null;
        message.success(t('paper.drawn', { count: totals?.questionCount ?? 0 }));
        await client.invalidateQueries({ queryKey: ['examPaper'] });
      },
    });
  }

  async function swapItem(item: DraftItem, n: number | undefined) {
    if (!draft.id || !item.id) return;
    await swapPaperItem(draft.id, item.id);
    message.success(t('paper.swapped', { n }));
    await client.invalidateQueries({ queryKey: ['examPaper'] });
  }

  const picked = draft.sections.find((s) => s.key === picking);
  const ruleMode = usesRules(draft);
  const perStudent = draft.buildMode === PaperBuildMode.PerStudent;

  return (
    <div className="paper-builder">
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={17}>
          <Space orientation="vertical" size={16} style={{ width: '100%' }}>
            {locked && (
              <Alert type="info" showIcon title={t('paper.lockedTitle')} description={t('paper.lockedHint')} />
            )}
            <Card
              size="small"
              title={
                <h2 style={{ margin: 0, fontSize: 16 }}>
                  {draft.id
                    ? t('paper.editTitle', { name: initial.name })
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
              <Form layout="vertical" component="div" disabled={!editable}>
                <Row gutter={16}>
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
                          setNameError(null);
                          patch({ name: e.target.value });
                        }}
                      />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={12}>
                    <Form.Item label={t('paper.subject')} htmlFor="paper-subject">
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
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={6}>
                    <Form.Item label={t('paper.degree')} htmlFor="paper-degree">
                      <Select
                        id="paper-degree"
                        allowClear
                        value={draft.degreeId ?? undefined}
                        options={lists.data?.degreeList.map((d) => ({ value: d.id, label: d.name }))}
                        onChange={(v) => patch({ degreeId: v ?? null, categoryId: null })}
                      />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={6}>
                    <Form.Item label={t('paper.category')} htmlFor="paper-category">
                      <Select
                        id="paper-category"
                        allowClear
                        value={draft.categoryId ?? undefined}
                        options={lists.data?.categoryList
                          .filter((c) => !draft.degreeId || c.degreeId === draft.degreeId)
                          .map((c) => ({ value: c.id, label: c.name }))}
                        onChange={(v) => patch({ categoryId: v ?? null })}
                      />
                    </Form.Item>
                  </Col>
                  {paperType === PaperType.Exam && (
                    <Col xs={12} md={6}>
                      <Form.Item label={t('paper.duration')} htmlFor="paper-duration">
                        <InputNumber
                          id="paper-duration"
                          min={1}
                          max={1440}
                          style={{ width: '100%' }}
                          value={draft.durationMinutes}
                          onChange={(v) => patch({ durationMinutes: v ?? null })}
                        />
                      </Form.Item>
                    </Col>
                  )}
                  <Col xs={12} md={6}>
                    <Form.Item label={t('paper.passScore')} htmlFor="paper-pass">
                      <InputNumber
                        id="paper-pass"
                        min={0}
                        max={10000}
                        style={{ width: '100%' }}
                        value={draft.passScore}
                        onChange={(v) => patch({ passScore: v ?? null })}
                      />
                    </Form.Item>
                  </Col>
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
                        <Checkbox
                          checked={draft.shuffleQuestions}
                          onChange={(e) => patch({ shuffleQuestions: e.target.checked })}
                        >
                          {t('paper.shuffleQuestions')}
                        </Checkbox>
                        <Checkbox
                          checked={draft.shuffleOptions}
                          onChange={(e) => patch({ shuffleOptions: e.target.checked })}
                        >
                          {t('paper.shuffleOptions')}
                        </Checkbox>
                      </Space>
                    </Col>
                  )}
                </Row>
              </Form>
            </Card>

            {draft.sections.map((section, sIndex) => (
              <Card
                key={section.key}
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
                extra={
                  editable && (
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
                  )
                }
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
                {ruleMode && (
                  <SectionRules
                    sectionKey={section.key}
                    sectionNumber={sIndex + 1}
                    paperId={draft.id}
                    rules={section.rules}
                    editable={editable}
                    onChange={(rules) => patchSection(section.key, { rules })}
                  />
                )}
                {perStudent && (
                  <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
                    {t('paper.perStudentNote', {
                      count: section.rules.reduce((n, r) => n + (r.count ?? 0), 0),
                    })}
                  </Typography.Paragraph>
                )}
                <Table<DraftItem>
                  rowKey="key"
                  size="small"
                  pagination={false}
                  dataSource={section.items}
                  scroll={{ x: 760 }}
                  locale={{ emptyText: t('paper.emptySection') }}
                  onRow={(item) =>
                    editable
                      ? {
                          onDragOver: (e) => e.preventDefault(),
                          onDrop: (e) => {
                            e.preventDefault();
                            if (dragged.current) change(moveItem(draft, dragged.current, section.key, item.key));
                            dragged.current = null;
                          },
                        }
                      : {}
                  }
                  columns={[
                    {
                      title: t('paper.no'),
                      key: 'no',
                      width: 70,
                      render: (_: unknown, item) => (
                        <Space size={4}>
                          {editable && (
                            <span
                              className="paper-drag"
                              draggable
                              role="img"
                              aria-label={t('paper.drag', { n: numbers.get(item.key) })}
                              onDragStart={() => {
                                dragged.current = item.key;
                              }}
                            >
                              <HolderOutlined />
                            </span>
                          )}
                          {numbers.get(item.key)}
                        </Space>
                      ),
                    },
                    {
                      title: t('paper.stem'),
                      key: 'stem',
                      ellipsis: true,
                      render: (_: unknown, item) => {
                        const q = info.get(item.questionId);
                        const others = (twice.get(item.questionId) ?? []).filter((n) => n !== numbers.get(item.key));
                        return (
                          <Space size={4} wrap={false}>
                            {item.ruleId && <Tag color="purple">{t('paper.drawnTag')}</Tag>}
                            <span>{q ? <OneLineHtml html={q.stem} /> : `#${item.questionId}`}</span>
                            {others.length > 0 && (
                              <Tag color="red">{t('paper.usedTwice', { other: others.join(', ') })}</Tag>
                            )}
                            {q?.version !== undefined &&
                              q.currentVersion !== undefined &&
                              q.currentVersion > q.version && (
                                <Tooltip
                                  title={t('paper.newerVersion', { version: q.version, current: q.currentVersion })}
                                >
                                  <Tag color="gold">v{q.version}</Tag>
                                </Tooltip>
                              )}
                          </Space>
                        );
                      },
                    },
                    {
                      title: t('paper.type'),
                      key: 'type',
                      width: 120,
                      render: (_: unknown, item) => {
                        const q = info.get(item.questionId);
                        return q && <Tag color="blue">{labelOf(questionTypeLabels, q.type, lang)}</Tag>;
                      },
                    },
                    {
                      title: t('paper.difficulty'),
                      key: 'difficulty',
                      width: 100,
                      render: (_: unknown, item) => {
                        const q = info.get(item.questionId);
                        return (
                          q && (
                            <Tag color={difficultyLabels[q.difficulty].color}>
                              {labelOf(difficultyLabels, q.difficulty, lang)}
                            </Tag>
                          )
                        );
                      },
                    },
                    {
                      title: t('paper.score'),
                      key: 'score',
                      width: 100,
                      render: (_: unknown, item) => (
                        <InputNumber
                          size="small"
                          min={0.5}
                          max={1000}
                          step={0.5}
                          disabled={!editable}
                          aria-label={t('paper.scoreOf', { n: numbers.get(item.key) })}
                          value={item.score}
                          onChange={(v) => v !== null && patchItem(section, item.key, { score: v })}
                          style={{ width: 80 }}
                        />
                      ),
                    },
                    ...(editable
                      ? [
                          {
                            title: t('common.actions'),
                            key: 'actions',
                            width: 150,
                            render: (_: unknown, item: DraftItem, index: number) => {
                              const n = numbers.get(item.key);
                              return (
                                <Space size={0}>
                                  {item.ruleId && item.id && (
                                    <Tooltip title={t('paper.swap', { n })}>
                                      <Button
                                        type="text"
                                        size="small"
                                        icon={<SwapOutlined />}
                                        disabled={dirty}
                                        aria-label={t('paper.swap', { n })}
                                        onClick={() => void swapItem(item, n)}
                                      />
                                    </Tooltip>
                                  )}
                                  <Button
                                    type="text"
                                    size="small"
                                    icon={<ArrowUpOutlined />}
                                    disabled={index === 0}
                                    aria-label={t('paper.moveUp', { n })}
                                    onClick={() =>
                                      patchSection(section.key, { items: swap(section.items, index, index - 1) })
                                    }
                                  />
                                  <Button
                                    type="text"
                                    size="small"
                                    icon={<ArrowDownOutlined />}
                                    disabled={index === section.items.length - 1}
                                    aria-label={t('paper.moveDown', { n })}
                                    onClick={() =>
                                      patchSection(section.key, { items: swap(section.items, index, index + 1) })
                                    }
                                  />
                                  <Button
                                    type="text"
                                    size="small"
                                    danger
                                    icon={<DeleteOutlined />}
                                    aria-label={t('paper.remove', { n })}
                                    onClick={() =>
                                      patchSection(section.key, {
                                        items: section.items.filter((i) => i.key !== item.key),
                                      })
                                    }
                                  />
                                </Space>
                              );
                            },
                          },
                        ]
                      : []),
                  ]}
                />
                {editable && (
                  <Button
                    type="dashed"
                    icon={<PlusOutlined />}
                    style={{ marginTop: 12 }}
                    onClick={() => setPicking(section.key)}
                    onDragOver={(e) => e.preventDefault()}
                    onDrop={(e) => {
                      e.preventDefault();
                      if (dragged.current) change(moveItem(draft, dragged.current, section.key, null));
                      dragged.current = null;
                    }}
                  >
                    {t('paper.addQuestions')}
                  </Button>
                )}
              </Card>
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
              <Card size="small">
                <Space wrap>
                  <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(paths.list)}>
                    {t('paper.back')}
                  </Button>
                  <Button icon={<EyeOutlined />} onClick={() => setPreviewing(true)}>
                    {t('paper.preview')}
                  </Button>
                  <PaperPrintButtons paperId={draft.id} paperType={paperType} />
                  {editable && (
                    <Button type="primary" icon={<SaveOutlined />} loading={saving} onClick={() => void save()}>
                      {t('paper.save')}
                    </Button>
                  )}
                  {editable && draft.buildMode === PaperBuildMode.DrawOnce && (
                    <Button icon={<ThunderboltOutlined />} onClick={draw}>
                      {draft.sections.some((s) => s.items.some((i) => i.ruleId))
                        ? t('paper.drawAgain')
                        : t('paper.draw')}
                    </Button>
                  )}
                  {editable && canPublish && (
                    <Button icon={<CheckCircleOutlined />} onClick={publish}>
                      {t('paper.publish')}
                    </Button>
                  )}
                </Space>
              </Card>
              <PaperSummary draft={draft} info={info} />
            </Space>
          </div>
        </Col>
      </Row>
      <QuestionPicker
        open={picked !== undefined}
        sectionTitle={picked?.title ?? ''}
        onPaper={onPaper}
        onClose={() => setPicking(null)}
        onAdd={(qs) => picked && addQuestions(picked.key, qs)}
      />
      <PaperPreview open={previewing} draft={draft} info={info} onClose={() => setPreviewing(false)} />
    </div>
  );
}
