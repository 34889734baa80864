import type { LessonRow } from '@lyceum/contract';
import { App, Form, Input, Modal, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { runChange } from './change-errors';
import { useClashFieldName } from './clash-table';
import { timetableCalls, useRefreshLessons } from './timetable-api';
import { useTimetableTexts } from './timetable-texts';

// Cancelling a lesson, with the reason the class and the teacher are told. Its teacher, room and
// class are free at that time; a cancelled lesson can be restored while they still are.
export function CancelDialog({ lesson, onClose }: { lesson: LessonRow | null; onClose: () => void }) {
  const { t } = useTimetableTexts();
  const { message } = App.useApp();
  const refresh = useRefreshLessons();
  const fieldName = useClashFieldName();
  const [form] = Form.useForm<{ reason?: string }>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (lesson) form.setFieldsValue({ reason: '' });
  }, [lesson, form]);

  async function submit(reason: string | undefined) {
    if (!lesson) return;
    await runChange(
      form,
      async () => {
        await timetableCalls.cancel(lesson.id, reason?.trim() || null);
        message.success(t('tt.cancelledDone'));
        refresh();
        onClose();
      },
      ['reason'],
      fieldName,
      setBusy,
    );
  }

  return (
    <Modal
      open={lesson !== null}
      title={lesson ? t('tt.cancelTitle', { name: lesson.title, day: lesson.day }) : ''}
      okText={t('tt.cancelLesson')}
      okButtonProps={{ danger: true }}
      cancelText={t('tt.keepLesson')}
      onOk={() => form.submit()}
      confirmLoading={busy}
      onCancel={onClose}
      forceRender
    >
      <Form form={form} name="lesson-cancel" layout="vertical" onFinish={(v) => void submit(v.reason)}>
        <Typography.Paragraph>{t('tt.cancelText')}</Typography.Paragraph>
        <Form.Item name="reason" label={t('tt.reason')} extra={t('tt.reasonHint')}>
          <Input.TextArea maxLength={200} autoSize={{ minRows: 2, maxRows: 4 }} autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
