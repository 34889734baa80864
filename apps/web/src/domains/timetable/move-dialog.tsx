import type { LessonRow } from '@lyceum/contract';
import { App, DatePicker, Form, Input, Modal, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { runChange } from './change-errors';
import { useClashFieldName } from './clash-table';
import { VenueSelect } from './pickers';
import { dayValueProps } from './term-day-drawer';
import { timetableCalls, useRefreshLessons, useTimetableSettings } from './timetable-api';
import { useTimetableTexts } from './timetable-texts';
import { WhenFields, type WhenValues, whenBody, whenValues } from './when-inputs';

interface Values extends WhenValues {
  day?: string;
  venueId?: number | null;
  reason?: string;
}

// Moving a lesson to another day, time or room. The server books the new time in the clash engine;
// a clash lands under the field it concerns (the room under the room, the teacher's or the class's
// time under the time) naming what is in the way.
export function MoveDialog({ lesson, onClose }: { lesson: LessonRow | null; onClose: () => void }) {
  const { t } = useTimetableTexts();
  const { message } = App.useApp();
  const refresh = useRefreshLessons();
  const fieldName = useClashFieldName();
  const periods = useTimetableSettings().data?.periods ?? [];
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!lesson) return;
    form.resetFields();
    form.setFieldsValue({
      day: lesson.day,
      ...whenValues(lesson),
      venueId: lesson.venueId,
      reason: '',
    });
  }, [lesson, form]);

  async function submit(v: Values) {
    if (!lesson) return;
    const all = { ...form.getFieldsValue(true), ...v } as Values;
    await runChange(
      form,
      async () => {
        await timetableCalls.move(lesson.id, {
          day: all.day ?? lesson.day,
          ...whenBody(all),
          venueId: all.venueId ?? null,
          reason: all.reason?.trim() || null,
        });
        message.success(t('tt.movedDone'));
        refresh();
        onClose();
      },
      [all.byTimes ? 'startTime' : 'periodFrom'],
      fieldName,
      setBusy,
    );
  }

  return (
    <Modal
      open={lesson !== null}
      title={lesson ? t('tt.moveTitle', { name: lesson.title, day: lesson.day }) : ''}
      okText={t('tt.move')}
      onOk={() => form.submit()}
      confirmLoading={busy}
      onCancel={onClose}
      forceRender
    >
      <Form<Values> form={form} name="lesson-move" layout="vertical" onFinish={(v) => void submit(v)}>
        <Typography.Paragraph type="secondary">{t('tt.moveHint')}</Typography.Paragraph>
        <Form.Item name="day" label={t('tt.newDay')} rules={[{ required: true }]} {...dayValueProps}>
          <DatePicker style={{ width: '100%' }} />
        </Form.Item>
        <div className="tt-when-row">
          <WhenFields periods={periods} />
        </div>
        <Form.Item name="venueId" label={t('tt.venue')}>
          <VenueSelect placeholder={t('tt.noVenue')} />
        </Form.Item>
        <Form.Item name="reason" label={t('tt.reason')} extra={t('tt.reasonHint')}>
          <Input.TextArea maxLength={200} autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
