import { CopyOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { type Period, WeekParity, weekParityLabels } from '@lyceum/contract';
import { Button, DatePicker, Form, Select, Tooltip, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { enumOptions } from '../../crud/filter-fields';
import { useLang } from '../../shell/i18n';
import { VenueSelect } from './pickers';
import type { SlotValues } from './slot-values';
import { dayValueProps } from './term-day-drawer';
import { useTimetableTexts, useWeekdayName, useWeekdayOptions } from './timetable-texts';
import { WhenFields } from './when-inputs';

const MAX_SLOTS = 60;

// The weekly slots of an assignment: one row each (weekday, periods or times, odd/even weeks, the
// dates it runs between, a room of its own). Tab walks a row's inputs in order; a new row takes the
// next weekday and gets the focus; problems land on their row's input.
export function SlotsEditor({ periods }: { periods: Period[] }) {
  const { t } = useTimetableTexts();
  const lang = useLang();
  const weekday = useWeekdayName();
  const weekdays = useWeekdayOptions();
  const form = Form.useFormInstance();
  // Bumped when a row is added: its weekday takes the focus once it is drawn.
  const [added, setAdded] = useState(0);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!added) return;
    const inputs = box.current?.querySelectorAll<HTMLInputElement>('.tt-slot-weekday input');
    inputs?.[inputs.length - 1]?.focus();
  }, [added]);
  const parities = enumOptions(weekParityLabels, lang);
  return (
    <Form.List name="slots">
      {(fields, { add, remove }, { errors }) => (
        <div className="tt-slots" ref={box}>
          {fields.length === 0 && (
            <Typography.Paragraph type="secondary" className="tt-slots-empty">
              {t('tt.slotsEmpty')}
            </Typography.Paragraph>
          )}
          {fields.map((field, i) => {
            const day = form.getFieldValue(['slots', field.name, 'weekday']) as number | undefined;
            const rowName = t('tt.slotN', { n: i + 1, weekday: day ? weekday(day) : '' });
            return (
              <fieldset key={field.key} className="tt-slot">
                <legend className="tt-slot-legend">{rowName}</legend>
                <Form.Item name={[field.name, 'id']} hidden>
                  <input type="hidden" />
                </Form.Item>
                <Form.Item name={[field.name, 'weekday']} label={t('tt.weekday')} className="tt-slot-weekday">
                  <Select aria-label={`${t('tt.weekday')} · ${rowName}`} options={weekdays} />
                </Form.Item>
                <WhenFields at={[field.name]} within={['slots']} periods={periods} rowName={rowName} />
                <Form.Item name={[field.name, 'parity']} label={t('tt.parity')} className="tt-slot-parity">
                  <Select aria-label={`${t('tt.parity')} · ${rowName}`} options={parities} />
                </Form.Item>
                <Form.Item
                  name={[field.name, 'validFrom']}
                  label={t('tt.validFrom')}
                  className="tt-slot-date"
                  {...dayValueProps}
                >
                  <DatePicker aria-label={`${t('tt.validFrom')} · ${rowName}`} placeholder={t('tt.termStart')} />
                </Form.Item>
                <Form.Item
                  name={[field.name, 'validTo']}
                  label={t('tt.validTo')}
                  className="tt-slot-date"
                  {...dayValueProps}
                >
                  <DatePicker aria-label={`${t('tt.validTo')} · ${rowName}`} placeholder={t('tt.termEnd')} />
                </Form.Item>
                <Form.Item name={[field.name, 'venueId']} label={t('tt.slotVenue')} className="tt-slot-venue">
                  <VenueSelect aria-label={`${t('tt.slotVenue')} · ${rowName}`} placeholder={t('tt.assignmentVenue')} />
                </Form.Item>
                <div className="tt-slot-buttons">
                  <Tooltip title={t('tt.copySlot')}>
                    <Button
                      type="text"
                      icon={<CopyOutlined />}
                      aria-label={`${t('tt.copySlot')} ${rowName}`}
                      disabled={fields.length >= MAX_SLOTS}
                      onClick={() => {
                        const copy = { ...(form.getFieldValue(['slots', field.name]) as SlotValues), id: null };
                        add({ ...copy, weekday: ((copy.weekday ?? 1) % 5) + 1 }, i + 1);
                      }}
                    />
                  </Tooltip>
                  <Tooltip title={t('tt.removeSlot')}>
                    <Button
                      type="text"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={`${t('tt.removeSlot')} ${rowName}`}
                      onClick={() => remove(field.name)}
                    />
                  </Tooltip>
                </div>
              </fieldset>
            );
          })}
          <Button
            icon={<PlusOutlined />}
            disabled={fields.length >= MAX_SLOTS}
            onClick={() => {
              const slots = (form.getFieldValue('slots') ?? []) as SlotValues[];
              const last = slots[slots.length - 1];
              add({
                id: null,
                weekday: last?.weekday ? (last.weekday % 5) + 1 : 1,
                byTimes: false,
                periodFrom: last?.periodFrom ?? null,
                periodTo: last?.periodTo ?? null,
                parity: WeekParity.All,
                validFrom: null,
                validTo: null,
                venueId: null,
              });
              setAdded((n) => n + 1);
            }}
          >
            {t('tt.addSlot')}
          </Button>
          <Form.ErrorList errors={errors} />
        </div>
      )}
    </Form.List>
  );
}
