import type { Period } from '@lyceum/contract';
import { Form, type FormItemProps, Segmented, Select, TimePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTimetableTexts } from './timetable-texts';

export { type WhenValues, whenBody, whenValues } from './when-values';

// When a slot or a lesson takes place: a range of the school's periods, or times of its own. The
// form holds `byTimes` beside the four fields; `whenBody` sends only the pair chosen.

const FORMAT = 'HH:mm';

// 'HH:MM' typed or picked (five-minute steps); the form holds the text.
export function TimeOfDayInput(props: {
  id?: string;
  value?: Dayjs;
  onChange?: (d: Dayjs | null) => void;
  'aria-label'?: string;
  status?: 'error';
}) {
  return (
    <TimePicker
      {...props}
      format={FORMAT}
      minuteStep={5}
      needConfirm={false}
      showNow={false}
      style={{ width: '100%' }}
    />
  );
}

export const timeValueProps: FormItemProps = {
  getValueProps: (v: unknown) => ({ value: typeof v === 'string' && v ? dayjs(v, FORMAT) : undefined }),
  normalize: (d: Dayjs | null) => (d ? d.format(FORMAT) : null),
};

export function periodOptions(periods: Period[]) {
  return periods.map((p) => ({ value: p.no, label: `${p.no} · ${p.start}–${p.end}` }));
}

type Path = (string | number)[];

// The choice of periods or times, then the two fields of the choice. `labels` false in a row of a
// list (the columns say what they are; each input still has its accessible name).
export function WhenFields({
  at = [],
  within = [],
  periods,
  labels = true,
  rowName,
}: {
  // The fields' names: relative to a Form.List row when inside one…
  at?: Path;
  // … and that list's name, for reading and setting the values through the form.
  within?: Path;
  periods: Period[];
  labels?: boolean;
  // Added to each input's accessible name ("Monday slot 2").
  rowName?: string;
}) {
  const { t } = useTimetableTexts();
  const form = Form.useFormInstance();
  const full = [...within, ...at];
  const byTimes = Form.useWatch([...full, 'byTimes'], form) === true;
  const name = (label: string) => (rowName ? `${label} · ${rowName}` : label);
  const label = (text: string) => (labels ? text : undefined);
  const required = (text: string) => ({ required: true, message: t('validation.select', { field: text }) });
  const options = periodOptions(periods);
  return (
    <>
      <Form.Item name={[...at, 'byTimes']} label={label(t('tt.when'))} className="tt-when-mode">
        <Segmented<boolean>
          aria-label={name(t('tt.when'))}
          size="small"
          options={[
            { value: false, label: t('tt.byPeriods') },
            { value: true, label: t('tt.byTimes') },
          ]}
        />
      </Form.Item>
      {byTimes ? (
        <>
          <Form.Item
            name={[...at, 'startTime']}
            label={label(t('tt.startTime'))}
            rules={[required(t('tt.startTime'))]}
            className="tt-when-field"
            {...timeValueProps}
          >
            <TimeOfDayInput aria-label={name(t('tt.startTime'))} />
          </Form.Item>
          <Form.Item
            name={[...at, 'endTime']}
            label={label(t('tt.endTime'))}
            rules={[required(t('tt.endTime'))]}
            className="tt-when-field"
            {...timeValueProps}
          >
            <TimeOfDayInput aria-label={name(t('tt.endTime'))} />
          </Form.Item>
        </>
      ) : (
        <>
          <Form.Item
            name={[...at, 'periodFrom']}
            label={label(t('tt.periodFrom'))}
            rules={[required(t('tt.periodFrom'))]}
            className="tt-when-field"
          >
            <Select
              aria-label={name(t('tt.periodFrom'))}
              options={options}
              popupMatchSelectWidth={false}
              onChange={(from: number) => {
                // A one-period lesson is the usual case: the end follows the start until set apart.
                const to: unknown = form.getFieldValue([...full, 'periodTo']);
                if (typeof to !== 'number' || to < from) form.setFieldValue([...full, 'periodTo'], from);
              }}
            />
          </Form.Item>
          <Form.Item
            name={[...at, 'periodTo']}
            label={label(t('tt.periodTo'))}
            rules={[required(t('tt.periodTo'))]}
            className="tt-when-field"
          >
            <Select aria-label={name(t('tt.periodTo'))} options={options} popupMatchSelectWidth={false} />
          </Form.Item>
        </>
      )}
    </>
  );
}
