import { type TermDay, TermDayKind, termDayKindLabels, zTermDayCreate } from '@lyceum/contract';
import { App, DatePicker, Form, type FormItemProps, Input, Radio, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { enumOptions } from '../../crud/filter-fields';
import { EditorDrawer, useFormSave } from '../../crud/form-save';
import { codedProblems } from '../../crud/zod-rules';
import { useLang } from '../../shell/i18n';
import { ApiError } from '../../shell/request';
import { type SemesterRef, type TermDaySave, termDayApi } from './timetable-api';
import { addDays, daySpan } from './timetable-dates';
import { useTimetableTexts, useWeekdayOptions } from './timetable-texts';

interface Values {
  day?: string;
  // Creating several days at once (a week's holiday): the last of them.
  until?: string | null;
  kind?: number;
  followsWeekday?: number | null;
  note?: string;
}

// The most days one "from … until" creates.
const MAX_RANGE = 31;

export const dayValueProps: FormItemProps = {
  getValueProps: (v: unknown) => ({ value: typeof v === 'string' && v ? dayjs(v) : undefined }),
  normalize: (d: Dayjs | null) => (d ? d.format('YYYY-MM-DD') : null),
};

// A holiday, closure or make-up day of the semester; a new one may run over several days.
export function TermDayDrawer(props: {
  semester: SemesterRef;
  editing: TermDay | 'new' | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { semester, editing, onClose, onSaved } = props;
  const { t } = useTimetableTexts();
  const lang = useLang();
  const { message } = App.useApp();
  const weekdays = useWeekdayOptions();
  const [form] = Form.useForm<Values>();
  const kind = Form.useWatch('kind', form);
  const row = editing && editing !== 'new' ? editing : null;

  useEffect(() => {
    if (!editing) return;
    form.resetFields();
    form.setFieldsValue(
      row
        ? { day: row.day, kind: row.kind, followsWeekday: row.followsWeekday, note: row.note ?? '' }
        : { kind: TermDayKind.Holiday, followsWeekday: null, note: '' },
    );
  }, [editing, row, form]);

  const { saving, save } = useFormSave<Values, TermDaySave & { until: string | null }>(form, {
    toBody: (v) => ({
      id: row?.id ?? null,
      semesterId: semester.id,
      day: v.day ?? '',
      kind: (v.kind ?? TermDayKind.Holiday) as TermDaySave['kind'],
      followsWeekday: v.kind === TermDayKind.MakeUp ? (v.followsWeekday ?? null) : null,
      note: v.note?.trim() || null,
      until: row ? null : (v.until ?? null),
    }),
    problems: ({ until, ...body }) => {
      const found = codedProblems(zTermDayCreate, { ...body, id: null });
      if (until && body.day && daySpan(body.day, until) < 1)
        found.push({ field: 'until', detail: { key: 'endBeforeStart', field: 'until' } });
      else if (until && body.day && daySpan(body.day, until) > MAX_RANGE)
        found.push({ field: 'until', detail: { key: 'tooBig', field: 'until', params: { max: MAX_RANGE } } });
      return found;
    },
    send: async ({ until, ...body }) => {
      if (row) {
        await termDayApi.update({ ...body, id: row.id });
        message.success(t('common.saved'));
        return onSaved();
      }
      const days = until
        ? Array.from({ length: daySpan(body.day, until) }, (_, i) => addDays(body.day, i))
        : [body.day];
      let made = 0;
      try {
        // One at a time, so a refusal names its day and the days before it stay made.
        for (const day of days) {
          await termDayApi.create({ ...body, day });
          made++;
        }
      } catch (err) {
        if (made > 0 && err instanceof ApiError) {
          message.warning(t('tt.termDaysPartly', { made, day: days[made] }));
          onSaved();
          return;
        }
        throw err;
      }
      message.success(t('tt.termDaysMade', { count: made }));
      onSaved();
    },
  });

  return (
    <EditorDrawer
      title={row ? t('tt.termDayEdit', { day: row.day }) : t('tt.addTermDay')}
      open={editing !== null}
      saving={saving}
      save={save}
      onClose={onClose}
      hint={t('tt.termDayHint', { semester: semester.name })}
      width={480}
    >
      <Form<Values> form={form} name="term-day" layout="vertical">
        <Form.Item name="day" label={t(row ? 'tt.day' : 'tt.firstDay')} rules={[{ required: true }]} {...dayValueProps}>
          <DatePicker style={{ width: '100%' }} />
        </Form.Item>
        {!row && (
          <Form.Item name="until" label={t('tt.untilDay')} extra={t('tt.untilDayHint')} {...dayValueProps}>
            <DatePicker style={{ width: '100%' }} />
          </Form.Item>
        )}
        <Form.Item name="kind" label={t('tt.kind')} rules={[{ required: true }]}>
          <Radio.Group optionType="button" options={enumOptions(termDayKindLabels, lang)} />
        </Form.Item>
        {kind === TermDayKind.MakeUp && (
          <Form.Item
            name="followsWeekday"
            label={t('tt.followsWhich')}
            extra={t('tt.followsWhichHint')}
            rules={[{ required: true, message: t('validation.select', { field: t('tt.followsWhich') }) }]}
          >
            <Select options={weekdays} />
          </Form.Item>
        )}
        <Form.Item name="note" label={t('tt.note')}>
          <Input maxLength={200} placeholder={t('tt.notePlaceholder')} />
        </Form.Item>
      </Form>
    </EditorDrawer>
  );
}
