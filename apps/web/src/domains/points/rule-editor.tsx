import {
  POINT_RULE_PARAMS,
  PointRuleKind,
  type PointRuleParams,
  type PointRuleRow,
  pointRuleKindLabels,
  zPointRuleCreate,
  zPointRuleParams,
} from '@lyceum/contract';
import { App, Form, Input, InputNumber, Select, Switch } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { enumOptions } from '../../crud/filter-fields';
import { EditorDrawer, useFormSave } from '../../crud/form-save';
import { RemoteRefSelect } from '../../crud/remote-ref-select';
import type { Editing } from '../../crud/screen-slots';
import { zodRule } from '../../crud/zod-rules';
import { useLang } from '../../shell/i18n';
import { useRequired } from '../../ui/editor-kit';
import { type RuleSave, ruleApi } from './points-api';
import { usePointsTexts } from './points-words';

interface Values {
  name?: string;
  kind: PointRuleKind;
  points?: number;
  params: PointRuleParams;
  enabled: boolean;
}

const shape = zPointRuleCreate.shape;
const params = zPointRuleParams.shape;
const REFS = {
  taskId: { resource: 'task' },
  courseId: { resource: 'course', labelKey: 'title' },
  examId: { resource: 'exam' },
} as const;
const ANY = { taskId: 'points.anyTask', courseId: 'points.anyCourse', examId: 'points.anyExam' } as const;

// Only the params the kind keeps (the server drops the others too).
function kept(kind: PointRuleKind, given: PointRuleParams): PointRuleParams {
  const keys: readonly (keyof PointRuleParams)[] = POINT_RULE_PARAMS[kind];
  return Object.fromEntries(keys.flatMap((k) => (given[k] == null ? [] : [[k, given[k]]])));
}

// A rule's form: its name, what earns the points (the kind) with what that kind is limited to, the
// points, and whether it is on.
export function RuleEditor({
  editing,
  onClose,
  onSaved,
}: {
  editing: Editing<PointRuleRow> | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = usePointsTexts();
  const lang = useLang();
  const { message } = App.useApp();
  const required = useRequired();
  const [form] = Form.useForm<Values>();
  const kind = Form.useWatch('kind', form) ?? PointRuleKind.TaskPassed;
  const row = editing?.kind === 'edit' ? editing.row : null;

  useEffect(() => {
    if (!editing) return;
    form.resetFields();
    form.setFieldsValue(
      row
        ? { name: row.name, kind: row.kind, points: row.points, params: row.params, enabled: row.enabled }
        : { kind: PointRuleKind.TaskPassed, params: {}, enabled: true },
    );
  }, [editing, row, form]);

  const { saving, save } = useFormSave(form, {
    toBody: (v: Values): RuleSave => ({
      name: v.name?.trim() ?? '',
      kind: v.kind,
      points: v.points ?? 0,
      params: kept(v.kind, v.params ?? {}),
      enabled: v.enabled,
    }),
    problems: () => [],
    send: async (body) => {
      if (row) await ruleApi.update({ ...body, id: row.id });
      else await ruleApi.create(body);
      message.success(t('common.saved'));
      onSaved();
    },
  });

  const ref = (key: keyof typeof REFS) => (
    <Form.Item key={key} name={['params', key]} label={t(`points.${key}`)}>
      <RemoteRefSelect refTo={REFS[key]} placeholder={t(ANY[key])} />
    </Form.Item>
  );
  const percent = (key: 'minPercent' | 'maxPercent') => (
    <Form.Item
      key={key}
      name={['params', key]}
      label={t(`points.${key}`)}
      rules={[required(t(`points.${key}`), { type: 'number' }), zodRule(params[key], t)]}
    >
      <InputNumber addonAfter="%" style={{ width: 160 }} />
    </Form.Item>
  );
  const fields: Record<PointRuleKind, ReactNode[]> = {
    [PointRuleKind.TaskPassed]: [ref('taskId')],
    [PointRuleKind.CourseCompleted]: [ref('courseId')],
    [PointRuleKind.ExamScoreBand]: [percent('minPercent'), percent('maxPercent'), ref('examId')],
    [PointRuleKind.AttendanceStreak]: [
      <Form.Item
        key="days"
        name={['params', 'days']}
        label={t('points.streakDays')}
        rules={[required(t('points.streakDays'), { type: 'number' }), zodRule(params.days, t)]}
      >
        <InputNumber precision={0} style={{ width: 160 }} />
      </Form.Item>,
    ],
  };

  return (
    <EditorDrawer
      title={row ? t('points.ruleEditTitle', { name: row.name }) : t('points.ruleNewTitle')}
      open={!!editing}
      saving={saving}
      save={save}
      onClose={onClose}
      hint={t('points.ruleHint')}
      width={560}
    >
      <Form<Values> name="point-rule" form={form} layout="vertical" scrollToFirstError>
        <Form.Item
          name="name"
          label={t('points.ruleName')}
          rules={[required(t('points.ruleName')), zodRule(shape.name, t)]}
        >
          <Input autoFocus autoComplete="off" count={{ show: true, max: 64 }} />
        </Form.Item>
        <Form.Item
          name="kind"
          label={t('points.ruleKind')}
          rules={[required(t('points.ruleKind'), { picked: true, type: 'number' })]}
        >
          <Select options={enumOptions(pointRuleKindLabels, lang)} />
        </Form.Item>
        {fields[kind]}
        <Form.Item
          name="points"
          label={t('points.points')}
          rules={[required(t('points.points'), { type: 'number' }), zodRule(shape.points, t)]}
        >
          <InputNumber precision={0} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="enabled" label={t('points.ruleEnabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </EditorDrawer>
  );
}
