import { DatePicker, type FormItemProps } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';

export const MOMENT_FORMAT = 'YYYY-MM-DD HH:mm';

// A date and time typed or picked; the form holds it as an ISO string (what the contract takes).
// Typing "2026-06-10 09:00" and leaving the field takes it, without an OK button to press.
export function MomentInput({
  id,
  value,
  onChange,
  disabledDate,
  ...rest
}: {
  id?: string;
  value?: Dayjs;
  onChange?: (d: Dayjs | null) => void;
  disabledDate?: (d: Dayjs) => boolean;
  'aria-label'?: string;
}) {
  return (
    <DatePicker
      {...rest}
      id={id}
      value={value}
      onChange={(d) => onChange?.(d)}
      showTime={{ format: 'HH:mm', minuteStep: 5 }}
      format={MOMENT_FORMAT}
      needConfirm={false}
      disabledDate={disabledDate}
      style={{ width: '100%' }}
    />
  );
}

// Form.Item props converting between the picker's Dayjs and the ISO string the form holds.
export const momentValueProps: FormItemProps = {
  getValueProps: (v: unknown) => ({ value: typeof v === 'string' && v ? dayjs(v) : undefined }),
  normalize: (d: Dayjs | null) => (d ? d.second(0).millisecond(0).toISOString() : null),
};

export const formatMoment = (iso: string) => dayjs(iso).format(MOMENT_FORMAT);
