import type { Leave, UploadedFile } from '@lyceum/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App, Form, Input } from 'antd';
import dayjs from 'dayjs';
import { useEffect } from 'react';
import { EditorDrawer, useSubmit } from '../../crud/form-save';
import { MomentInput, momentValueProps } from '../../ui/moment-input';
import { ATTENDANCE_KEY, leaveCalls } from './attendance-api';
import { LeaveFiles, LessonPick, StudentPick } from './leave-pickers';
import { useLeaveTexts } from './leave-texts';

interface Values {
  studentId?: number;
  fromAt?: string;
  toAt?: string;
  lessonIds?: number[];
  reason?: string;
  files?: UploadedFile[];
}

interface Props {
  open: boolean;
  onClose: () => void;
  onSent?: (leave: Leave) => void;
  // Staff asking on a student's behalf pick the student; a student asks for themselves.
  forStudent?: boolean;
}

// Today from 08:00 to 17:00: where a new request starts (most leave is for a school day).
const defaults = () => ({
  fromAt: dayjs().hour(8).minute(0).second(0).millisecond(0).toISOString(),
  toAt: dayjs().hour(17).minute(0).second(0).millisecond(0).toISOString(),
  lessonIds: [],
  files: [],
});

// Asking for leave: the dates (and, if wanted, the lessons of those dates from the timetable), the
// reason and documents. The server checks the rest (whose student, files of the caller's).
export function LeaveForm({ open, onClose, onSent, forStudent = false }: Props) {
  const { t } = useLeaveTexts();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<Values>();
  const fromAt = Form.useWatch('fromAt', form);
  const toAt = Form.useWatch('toAt', form);
  const studentId = Form.useWatch('studentId', form);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(defaults());
  }, [open, form]);

  const { saving, submit } = useSubmit(form, async (values: Values) => {
    const leave = await leaveCalls.create({
      studentId: forStudent ? values.studentId : undefined,
      fromAt: values.fromAt as string,
      toAt: values.toAt as string,
      reason: (values.reason ?? '').trim(),
      lessonIds: values.lessonIds ?? [],
      fileIds: (values.files ?? []).map((f) => f.id),
    });
    message.success(forStudent ? t('leaveReq.sentFor', { name: leave.studentName }) : t('leaveReq.sent'));
    await client.invalidateQueries({ queryKey: [ATTENDANCE_KEY] });
    onSent?.(leave);
    onClose();
  });

  const save = async () => {
    try {
      await submit(await form.validateFields());
    } catch {
      // The form shows what is missing under each field.
    }
  };

  return (
    <EditorDrawer
      title={forStudent ? t('leaveReq.newForTitle') : t('leaveReq.newTitle')}
      open={open}
      saving={saving}
      save={save}
      onClose={onClose}
      hint={t('leaveReq.lessonsHint')}
      width={560}
    >
      <Form form={form} layout="vertical" name="leave-form">
        {forStudent && (
          <Form.Item name="studentId" label={t('leaveReq.whichStudent')} rules={[{ required: true }]}>
            <StudentPick />
          </Form.Item>
        )}
        <Form.Item name="fromAt" label={t('leaveReq.fromAt')} rules={[{ required: true }]} {...momentValueProps}>
          <MomentInput />
        </Form.Item>
        <Form.Item
          name="toAt"
          label={t('leaveReq.toAt')}
          dependencies={['fromAt']}
          rules={[
            { required: true },
            ({ getFieldValue }) => ({
              validator: async (_, value?: string) => {
                const start = getFieldValue('fromAt') as string | undefined;
                if (value && start && Date.parse(value) <= Date.parse(start))
                  throw new Error(t('leaveReq.endBeforeStart'));
              },
            }),
          ]}
          {...momentValueProps}
        >
          <MomentInput />
        </Form.Item>
        <Form.Item name="lessonIds" label={t('leaveReq.pickLessons')} extra={t('leaveReq.pickLessonsHint')}>
          <LessonPick fromAt={fromAt} toAt={toAt} studentId={forStudent ? (studentId ?? null) : undefined} />
        </Form.Item>
        <Form.Item name="reason" label={t('leaveReq.reason')} rules={[{ required: true, whitespace: true, max: 500 }]}>
          <Input.TextArea rows={3} maxLength={500} showCount placeholder={t('leaveReq.reasonPlaceholder')} />
        </Form.Item>
        <Form.Item name="files" label={t('leaveReq.files')} extra={t('leaveReq.attachHint')}>
          <LeaveFiles />
        </Form.Item>
      </Form>
    </EditorDrawer>
  );
}
