import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  type Difficulty,
  difficultyLabels,
  enumValues,
  labelOf,
  objectiveQuestionTypes,
  QuestionNumberMode,
  type QuestionType,
  questionNumberModeLabels,
  questionTypeLabels,
} from '@lyceum/contract';
import { api } from '@lyceum/contract/routes';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  Button,
  Checkbox,
  Col,
  Form,
  InputNumber,
  Row,
  Select,
  Space,
  Tag,
  Tooltip,
  TreeSelect,
  Typography,
} from 'antd';
import { useLang } from '../../shell/i18n';
import { call } from '../../shell/request';
import { toTreeOptions, useTagTree } from '../../ui/lookups';
import { useSubjectOptions } from '../question/classification-fields';
import { usePaperTexts } from './i18n';
import { type DraftRule, emptyRule, ruleCriteria } from './paper-draft';

interface Props {
  sectionKey: string;
  sectionNumber: number;
  paperId: number | null;
  rules: DraftRule[];
  editable: boolean;
  onChange: (rules: DraftRule[]) => void;
}

// A section's rules: which bank questions it takes, how many and worth how much, with the number of
// matching questions counted live by the server.
export function SectionRules({ sectionKey, sectionNumber, paperId, rules, editable, onChange }: Props) {
  const { t } = usePaperTexts();
  const patch = (key: string, p: Partial<DraftRule>) =>
    onChange(rules.map((r) => (r.key === key ? { ...r, ...p } : r)));
  return (
    <div className="paper-rules">
      <Typography.Title level={5} style={{ fontSize: 14, marginTop: 0 }}>
        {t('paper.rules')}
      </Typography.Title>
      {rules.length === 0 && <Typography.Paragraph type="secondary">{t('paper.rulesEmpty')}</Typography.Paragraph>}
      {rules.map((rule, index) => (
        <RuleRow
          key={rule.key}
          id={`rule-${sectionKey}-${index}`}
          label={t('paper.ruleName', { section: sectionNumber, n: index + 1 })}
          paperId={paperId}
          rule={rule}
          editable={editable}
          onChange={(p) => patch(rule.key, p)}
          onRemove={() => onChange(rules.filter((r) => r.key !== rule.key))}
        />
      ))}
      {editable && (
        <Button
          type="dashed"
          icon={<PlusOutlined />}
          onClick={() => onChange([...rules, emptyRule(1 as QuestionType, 2)])}
          disabled={rules.length >= 20}
        >
          {t('paper.addRule')}
        </Button>
      )}
    </div>
  );
}

// A lower bound above the upper one, in difficulty or measured difficulty.
function reversedRange(r: DraftRule): boolean {
  return (
    (r.difficultyMin !== null && r.difficultyMax !== null && r.difficultyMin > r.difficultyMax) ||
    (r.measuredMin !== null && r.measuredMax !== null && r.measuredMin > r.measuredMax)
  );
}

interface RowProps {
  id: string;
  label: string;
  paperId: number | null;
  rule: DraftRule;
  editable: boolean;
  onChange: (p: Partial<DraftRule>) => void;
  onRemove: () => void;
}

function RuleRow({ id, label, paperId, rule, editable, onChange, onRemove }: RowProps) {
  const { t } = usePaperTexts();
  const lang = useLang();
  const subjects = useSubjectOptions();
  const tree = useTagTree();
  const criteria = ruleCriteria(rule);
  const matching = useQuery({
    queryKey: ['examPaper', 'ruleCount', paperId, criteria],
    queryFn: ({ signal }) =>
      call(api.examPaper.ruleCount, { body: { ...criteria, paperId: paperId ?? undefined } }, { signal, retry: 1 }),
    placeholderData: keepPreviousData,
    // A reversed range is marked on its field; the server would only refuse it.
    enabled: editable && !reversedRange(rule),
    staleTime: 10_000,
  });
  const all = rule.numberMode === QuestionNumberMode.AllObjective;
  const reversed = reversedRange(rule);
  const found = reversed ? undefined : matching.data?.count;
  const short = found !== undefined && !all && (rule.count ?? 0) > found;
  const takes = all ? (found ?? rule.count ?? 0) : (rule.count ?? 0);
  const difficulties = enumValues(difficultyLabels).map((v) => ({
    value: v,
    label: labelOf(difficultyLabels, v, lang),
  }));
  const objective = objectiveQuestionTypes.includes(rule.questionType);

  return (
    <section className="paper-rule" aria-label={label}>
      <Form layout="vertical" component="div" disabled={!editable} size="small">
        <Row gutter={12}>
          <Col xs={12} md={5}>
            <Form.Item label={t('paper.ruleType')} htmlFor={`${id}-type`}>
              <Select
                id={`${id}-type`}
                value={rule.questionType}
                options={enumValues(questionTypeLabels).map((v) => ({
                  value: v,
                  label: labelOf(questionTypeLabels, v, lang),
                }))}
                onChange={(v: QuestionType) =>
                  onChange({
                    questionType: v,
                    // "All objective questions" is only for objective types.
                    numberMode: objectiveQuestionTypes.includes(v) ? rule.numberMode : QuestionNumberMode.EnterNumbers,
                  })
                }
              />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item label={t('paper.ruleNumberMode')} htmlFor={`${id}-mode`}>
              <Select
                id={`${id}-mode`}
                value={rule.numberMode}
                options={enumValues(questionNumberModeLabels).map((v) => ({
                  value: v,
                  label: labelOf(questionNumberModeLabels, v, lang),
                  disabled: v === QuestionNumberMode.AllObjective && !objective,
                }))}
                onChange={(v: QuestionNumberMode) => onChange({ numberMode: v })}
              />
            </Form.Item>
          </Col>
          <Col xs={8} md={3}>
            <Form.Item label={t('paper.ruleCount')} htmlFor={`${id}-count`}>
              <InputNumber
                id={`${id}-count`}
                min={1}
                max={300}
                disabled={!editable || all}
                status={short || (!all && !rule.count) ? 'error' : undefined}
                value={all ? (found ?? null) : rule.count}
                onChange={(v) => onChange({ count: v })}
                style={{ width: '100%' }}
              />
            </Form.Item>
          </Col>
          <Col xs={8} md={3}>
            <Form.Item label={t('paper.ruleScore')} htmlFor={`${id}-score`}>
              <InputNumber
                id={`${id}-score`}
                min={0.5}
                max={1000}
                step={0.5}
                value={rule.score}
                onChange={(v) => v !== null && onChange({ score: v })}
                style={{ width: '100%' }}
              />
            </Form.Item>
          </Col>
          <Col xs={8} md={5}>
            <Form.Item label={t('paper.ruleMatching')}>
              <output className="paper-rule-count" aria-live="polite" data-testid={`${id}-matching`}>
                {found === undefined ? (
                  <Tag>…</Tag>
                ) : (
                  <Tooltip title={short ? t('paper.ruleShort', { count: rule.count, found }) : undefined}>
                    <Tag color={short || found === 0 ? 'red' : 'green'}>{t('paper.ruleFound', { count: found })}</Tag>
                  </Tooltip>
                )}
                <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                  {t('paper.ruleTakes', { count: takes, score: Math.round(takes * rule.score * 100) / 100 })}
                </Typography.Text>
              </output>
            </Form.Item>
          </Col>
          <Col xs={24} md={2} style={{ textAlign: 'right' }}>
            {editable && (
              <Form.Item label=" " colon={false}>
                <Button
                  danger
                  type="text"
                  icon={<DeleteOutlined />}
                  aria-label={t('paper.removeRule', { name: label })}
                  onClick={onRemove}
                />
              </Form.Item>
            )}
          </Col>
        </Row>
        <Row gutter={12}>
          <Col xs={12} md={8}>
            <Form.Item
              label={t('paper.ruleDifficulty')}
              htmlFor={`${id}-dmin`}
              validateStatus={
                rule.difficultyMin && rule.difficultyMax && rule.difficultyMin > rule.difficultyMax
                  ? 'error'
                  : undefined
              }
            >
              <Space.Compact style={{ width: '100%' }}>
                <Select
                  id={`${id}-dmin`}
                  aria-label={t('paper.ruleDifficultyMin')}
                  allowClear
                  placeholder={t('paper.ruleAny')}
                  value={rule.difficultyMin ?? undefined}
                  options={difficulties}
                  onChange={(v?: Difficulty) => onChange({ difficultyMin: v ?? null })}
                  style={{ width: '50%' }}
                />
                <Select
                  aria-label={t('paper.ruleDifficultyMax')}
                  allowClear
                  placeholder={t('paper.ruleAny')}
                  value={rule.difficultyMax ?? undefined}
                  options={difficulties}
                  onChange={(v?: Difficulty) => onChange({ difficultyMax: v ?? null })}
                  style={{ width: '50%' }}
                />
              </Space.Compact>
            </Form.Item>
          </Col>
          <Col xs={12} md={8}>
            <MeasuredRange id={id} rule={rule} onChange={onChange} />
          </Col>
          <Col xs={12} md={8}>
            <Form.Item label={t('paper.subject')} htmlFor={`${id}-subject`}>
              <TreeSelect
                id={`${id}-subject`}
                allowClear
                showSearch
                treeNodeFilterProp="title"
                treeDefaultExpandAll
                placeholder={t('paper.ruleAny')}
                treeData={subjects}
                value={rule.subjectId ?? undefined}
                onChange={(v) => onChange({ subjectId: (v as number | undefined) ?? null })}
                popupMatchSelectWidth={false}
              />
            </Form.Item>
          </Col>
          <Col xs={12} md={8}>
            <Form.Item label={t('paper.rulePoints')} htmlFor={`${id}-points`}>
              <IdsTreeSelect
                id={`${id}-points`}
                nodes={tree.data?.points}
                value={rule.knowledgePointIds}
                onChange={(knowledgePointIds) => onChange({ knowledgePointIds })}
              />
            </Form.Item>
            <Checkbox
              checked={rule.includeSubtree}
              onChange={(e) => onChange({ includeSubtree: e.target.checked })}
              style={{ marginTop: -16, marginBottom: 8 }}
            >
              {t('paper.ruleSubtree')}
            </Checkbox>
          </Col>
          <Col xs={12} md={8}>
            <Form.Item label={t('paper.ruleTags')} htmlFor={`${id}-tags`}>
              <IdsTreeSelect
                id={`${id}-tags`}
                nodes={tree.data?.tags}
                value={rule.tagIds}
                onChange={(tagIds) => onChange({ tagIds })}
              />
            </Form.Item>
          </Col>
          <Col xs={12} md={8}>
            <Form.Item label={t('paper.ruleExclude')} htmlFor={`${id}-exclude`} tooltip={t('paper.ruleExcludeHint')}>
              <InputNumber
                id={`${id}-exclude`}
                min={0}
                max={100}
                value={rule.excludeLastPapers}
                onChange={(v) => onChange({ excludeLastPapers: v ?? 0 })}
                style={{ width: '100%' }}
              />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </section>
  );
}

// Bounds on the measured difficulty, typed as whole percentages and kept as shares (0..1).
function MeasuredRange({
  id,
  rule,
  onChange,
}: {
  id: string;
  rule: DraftRule;
  onChange: (p: Partial<DraftRule>) => void;
}) {
  const { t } = usePaperTexts();
  const { measuredMin: min, measuredMax: max } = rule;
  const reversed = min !== null && max !== null && min > max;
  const percent = (v: number | null) => (v === null ? null : Math.round(v * 100));
  const share = (v: number | null) => (v === null ? null : v / 100);
  const bounded = min !== null || max !== null;
  return (
    <Form.Item
      label={t('paper.ruleMeasured')}
      htmlFor={`${id}-mmin`}
      tooltip={t('paper.ruleMeasuredHint')}
      validateStatus={reversed ? 'error' : undefined}
      help={reversed ? t('paper.ruleMeasuredRange') : bounded ? t('paper.ruleMeasuredOnly') : undefined}
    >
      <Space.Compact style={{ width: '100%' }}>
        <InputNumber
          id={`${id}-mmin`}
          aria-label={t('paper.ruleMeasuredMin')}
          min={0}
          max={100}
          placeholder={t('paper.ruleAny')}
          value={percent(min)}
          onChange={(v) => onChange({ measuredMin: share(v) })}
          style={{ width: '50%' }}
        />
        <InputNumber
          aria-label={t('paper.ruleMeasuredMax')}
          min={0}
          max={100}
          placeholder={t('paper.ruleAny')}
          value={percent(max)}
          onChange={(v) => onChange({ measuredMax: share(v) })}
          style={{ width: '50%' }}
        />
      </Space.Compact>
    </Form.Item>
  );
}

interface IdsTreeSelectProps {
  id: string;
  nodes: Parameters<typeof toTreeOptions>[0];
  value: number[];
  onChange: (ids: number[]) => void;
}

// Any of several tree nodes (knowledge points, tags); none chosen means any.
function IdsTreeSelect({ id, nodes, value, onChange }: IdsTreeSelectProps) {
  const { t } = usePaperTexts();
  return (
    <TreeSelect
      id={id}
      multiple
      allowClear
      showSearch
      treeNodeFilterProp="title"
      treeDefaultExpandAll
      placeholder={t('paper.ruleAny')}
      treeData={toTreeOptions(nodes)}
      value={value}
      onChange={(v: number[]) => onChange(v ?? [])}
      popupMatchSelectWidth={false}
      maxTagCount="responsive"
    />
  );
}
