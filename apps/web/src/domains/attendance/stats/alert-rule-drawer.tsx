import { AlertRuleKind, type AttendanceAlertRule, alertRuleKindLabels } from '@lyceum/contract';
import { App, Form, InputNumber, Select, Switch } from 'antd';
import { useEffect } from 'react';
import { enumOptions } from '../../../crud/filter-fields';
import { FormDrawer } from '../../../crud/form-drawer';
import { useSubmit } from '../../../crud/form-save';
import { useLang } from '../../../shell/i18n';
import { type RuleInput, ruleApi } from './stats-api';
import { useStatsTexts } from './stats-texts';

export type Editing = AttendanceAlertRule | 'new' | null;

// A rule's form: its kind, then the count of absences in a row, or the rate and its window.
export function AlertRuleDrawer({
  editing,
  onClose,
  onSaved,
}: {
  editing: Editing;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useStatsTexts();
  const lang = useLang();
  const { message } = App.useApp();
  const [form] = Form.useForm<RuleInput>();
  const kind = Form.useWatch('kind', form);
  useEffect(() => {
    if (!editing) return;
    form.resetFields();
    form.setFieldsValue(
      editing === 'new'
        ? { kind: AlertRuleKind.ConsecutiveAbsences, threshold: 3, days: 30, enabled: true }
        : { kind: editing.kind, threshold: editing.threshold, days: editing.days, enabled: editing.enabled },
    );
  }, [editing, form]);
  const { saving, submit } = useSubmit(form, async (values: RuleInput) => {
    if (editing === 'new') await ruleApi.create(values);
    else if (editing) await ruleApi.update({ ...values, id: editing.id });
    message.success(t('common.saved'));
    onSaved();
  });
  const save = () => void form.validateFields().then(submit, () => undefined);
  const rate = kind === AlertRuleKind.RateBelow;
  return (
    <FormDrawer
      title={editing === 'new' ? t('attendanceStats.newRule') : t('attendanceStats.editRule')}
      open={editing !== null}
      saving={saving}
      onClose={onClose}
      onSave={save}
    >
      <Form form={form} layout="vertical" name="attendance-alert-rule">
        <Form.Item name="kind" label={t('attendanceStats.ruleKind')} rules={[{ required: true }]}>
          <Select options={enumOptions(alertRuleKindLabels, lang)} />
        </Form.Item>
        <Form.Item
          name="threshold"
          label={t(rate ? 'attendanceStats.thresholdPercent' : 'attendanceStats.thresholdCount')}
          rules={[{ required: true }]}
        >
          <InputNumber min={1} max={100} precision={0} style={{ width: 160 }} />
        </Form.Item>
        {rate && (
          <Form.Item name="days" label={t('attendanceStats.overDays')} rules={[{ required: true }]}>
            <InputNumber min={1} max={365} precision={0} style={{ width: 160 }} />
          </Form.Item>
        )}
        <Form.Item name="enabled" label={t('attendanceStats.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </FormDrawer>
  );
}
