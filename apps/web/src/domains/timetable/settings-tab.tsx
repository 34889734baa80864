import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { type Period, type TimetableSettingsInput, zTimetableSettingsInput } from '@lyceum/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Form, InputNumber, Select, Skeleton, Space, Tooltip, Typography } from 'antd';
import { useEffect, useMemo } from 'react';
import { codedProblems } from '../../crud/zod-rules';
import { usePermission } from '../../shell/permission';
import { useRowsFormSave } from './form-problems';
import { KEYS, timetableCalls, useTimetableSettings } from './timetable-api';
import { hhmm, minutesOf } from './timetable-dates';
import { useTimetableTexts } from './timetable-texts';
import { TimeOfDayInput, timeValueProps } from './when-inputs';

interface Values {
  timeZone: string;
  periods: Partial<Period>[];
}

const MAX_PERIODS = 20;
const LESSON_MINUTES = 45;
const BREAK_MINUTES = 10;

// The period after the last one: the next number, ten minutes after it ends, 45 minutes long.
function nextPeriod(periods: Partial<Period>[]): Period {
  const last = periods[periods.length - 1];
  const start = last?.end ? Math.min(minutesOf(last.end) + BREAK_MINUTES, 23 * 60) : 8 * 60;
  return { no: (last?.no ?? 0) + 1, start: hhmm(start), end: hhmm(Math.min(start + LESSON_MINUTES, 23 * 60 + 59)) };
}

// The school's time zone and the day's periods. Lessons already generated keep their times; the
// office generates again to follow new period times. Problems land on their row.
export function SettingsTab() {
  const { t } = useTimetableTexts();
  const { message } = App.useApp();
  const client = useQueryClient();
  const settings = useTimetableSettings();
  const canSave = usePermission(['teaching:settings']);
  const [form] = Form.useForm<Values>();
  const zones = useMemo(() => Intl.supportedValuesOf('timeZone').map((z) => ({ value: z, label: z })), []);

  useEffect(() => {
    if (settings.data) form.setFieldsValue({ timeZone: settings.data.timeZone, periods: settings.data.periods });
  }, [settings.data, form]);

  const { saving, save } = useRowsFormSave<Values, TimetableSettingsInput>(form, {
    toBody: (v) => ({
      timeZone: v.timeZone,
      periods: (v.periods ?? []).map((p) => ({ no: p.no ?? 0, start: p.start ?? '', end: p.end ?? '' })),
    }),
    problems: (body) => codedProblems(zTimetableSettingsInput, body),
    send: async (body) => {
      const saved = await timetableCalls.saveSettings(body);
      client.setQueryData([KEYS.settings, 'settings'], saved);
      void client.invalidateQueries({ queryKey: [KEYS.week] });
      message.success(t('tt.settingsSaved'));
    },
  });

  if (settings.isPending) return <Skeleton active />;

  return (
    <Form<Values> form={form} name="timetable-settings" layout="vertical" disabled={!canSave} className="tt-settings">
      {settings.data && !settings.data.saved && (
        <Alert type="info" showIcon title={t('tt.settingsDefaults')} className="tt-gap" />
      )}
      <Form.Item name="timeZone" label={t('tt.timeZone')} extra={t('tt.timeZoneHint')} rules={[{ required: true }]}>
        <Select showSearch={{ optionFilterProp: 'label' }} options={zones} style={{ maxWidth: 320 }} />
      </Form.Item>
      <Typography.Title level={5}>{t('tt.periods')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('tt.periodsHint')}</Typography.Paragraph>
      <Form.List name="periods">
        {(fields, { add, remove, move }) => (
          <div className="tt-period-table">
            <div className="tt-period-row tt-period-head" aria-hidden>
              <span>{t('tt.periodNo')}</span>
              <span>{t('tt.startTime')}</span>
              <span>{t('tt.endTime')}</span>
            </div>
            {fields.map((field, i) => {
              const row = t('tt.periodN', { n: form.getFieldValue(['periods', field.name, 'no']) ?? i + 1 });
              return (
                <div key={field.key} className="tt-period-row">
                  <Form.Item name={[field.name, 'no']} rules={[{ required: true, message: t('tt.required') }]}>
                    <InputNumber
                      min={1}
                      max={MAX_PERIODS}
                      precision={0}
                      style={{ width: '100%' }}
                      aria-label={`${t('tt.periodNo')} · ${row}`}
                    />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'start']}
                    rules={[{ required: true, message: t('tt.required') }]}
                    {...timeValueProps}
                  >
                    <TimeOfDayInput aria-label={`${t('tt.startTime')} · ${row}`} />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'end']}
                    rules={[{ required: true, message: t('tt.required') }]}
                    {...timeValueProps}
                  >
                    <TimeOfDayInput aria-label={`${t('tt.endTime')} · ${row}`} />
                  </Form.Item>
                  <Space size={0} className="tt-row-buttons">
                    <Tooltip title={t('tt.moveUp')}>
                      <Button
                        type="text"
                        icon={<ArrowUpOutlined />}
                        aria-label={`${t('tt.moveUp')} ${row}`}
                        disabled={i === 0}
                        onClick={() => move(i, i - 1)}
                      />
                    </Tooltip>
                    <Tooltip title={t('tt.moveDown')}>
                      <Button
                        type="text"
                        icon={<ArrowDownOutlined />}
                        aria-label={`${t('tt.moveDown')} ${row}`}
                        disabled={i === fields.length - 1}
                        onClick={() => move(i, i + 1)}
                      />
                    </Tooltip>
                    <Tooltip title={t('tt.removePeriod')}>
                      <Button
                        type="text"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={`${t('tt.removePeriod')} ${row}`}
                        disabled={fields.length <= 1}
                        onClick={() => remove(field.name)}
                      />
                    </Tooltip>
                  </Space>
                </div>
              );
            })}
            <Button
              icon={<PlusOutlined />}
              disabled={fields.length >= MAX_PERIODS}
              onClick={() => add(nextPeriod(form.getFieldValue('periods') ?? []))}
            >
              {t('tt.addPeriod')}
            </Button>
          </div>
        )}
      </Form.List>
      {canSave && (
        <div className="tt-form-footer">
          <Typography.Text type="secondary">{t('tt.settingsRegenerate')}</Typography.Text>
          <Button type="primary" loading={saving} onClick={() => void save()}>
            {t('common.save')}
          </Button>
        </div>
      )}
    </Form>
  );
}
