import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, DatePicker, Form, InputNumber, Space, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useSubmit } from '../../../crud/form-save';
import { dayText, STATS_KEY, statsCalls } from './stats-api';
import { useStatsTexts } from './stats-texts';

interface Values {
  full: number;
  half: number;
}
const pct = (v: number) => Math.round(v * 1000) / 10;

// The roll-up's thresholds (in per cent on screen, 0..1 on the wire) and rolling a day up again.
export function RollupSettings() {
  const { t } = useStatsTexts();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [day, setDay] = useState<Dayjs>(() => dayjs().subtract(1, 'day'));
  const [rolling, setRolling] = useState(false);
  const thresholds = useQuery({
    queryKey: [STATS_KEY, 'thresholds'],
    queryFn: ({ signal }) => statsCalls.thresholds({ signal }),
  });
  useEffect(() => {
    if (thresholds.data)
      form.setFieldsValue({ full: pct(thresholds.data.fullRate), half: pct(thresholds.data.halfRate) });
  }, [thresholds.data, form]);
  const { saving, submit } = useSubmit(form, async (v: Values) => {
    await statsCalls.saveThresholds({ fullRate: v.full / 100, halfRate: v.half / 100 });
    message.success(t('common.saved'));
    await client.invalidateQueries({ queryKey: [STATS_KEY, 'thresholds'] });
  });
  const save = () => void form.validateFields().then(submit, () => undefined);
  async function rollup() {
    setRolling(true);
    try {
      const r = await statsCalls.rollup(dayText(day));
      message.success(t('attendanceStats.rolledUp', { day: r.day, count: r.students }));
    } catch {
      // The request client has said why.
    } finally {
      setRolling(false);
    }
  }

  return (
    <Card size="small" title={t('attendanceStats.thresholdsTitle')}>
      <Typography.Paragraph type="secondary">{t('attendanceStats.thresholdsHint')}</Typography.Paragraph>
      <Form form={form} layout="inline" name="attendance-thresholds" className="ast-filters">
        <Form.Item name="full" label={t('attendanceStats.fullRate')} rules={[{ required: true }]}>
          <InputNumber min={1} max={100} step={5} style={{ width: 100 }} />
        </Form.Item>
        <Form.Item
          name="half"
          label={t('attendanceStats.halfRate')}
          dependencies={['full']}
          rules={[
            { required: true },
            ({ getFieldValue }) => ({
              validator: (_, v: number | undefined) =>
                v === undefined || v <= getFieldValue('full')
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('attendanceStats.halfAboveFull'))),
            }),
          ]}
        >
          <InputNumber min={0} max={100} step={5} style={{ width: 100 }} />
        </Form.Item>
        <Form.Item>
          <Button type="primary" loading={saving} onClick={save}>
            {t('common.save')}
          </Button>
        </Form.Item>
      </Form>
      <Space wrap className="ast-rollup">
        <Typography.Text>{t('attendanceStats.rollupDay')}</Typography.Text>
        <DatePicker
          value={day}
          allowClear={false}
          onChange={(d) => d && setDay(d)}
          disabledDate={(d) => d.isAfter(dayjs(), 'day')}
          aria-label={t('attendanceStats.rollupDay')}
        />
        <Button loading={rolling} onClick={() => void rollup()}>
          {t('attendanceStats.rollupRun')}
        </Button>
      </Space>
    </Card>
  );
}
