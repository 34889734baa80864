import type { Task } from '@lyceum/contract';
import { Form, Input, Modal, Typography } from 'antd';
import dayjs from 'dayjs';
import { useDialogRun } from '../../crud/dialog-run';
import { formatMoment, MomentInput, momentValueProps } from '../../ui/moment-input';
import { taskActions } from './task-api';
import { useTaskTexts } from './task-texts';

export interface Returning {
  userId: number;
  name: string;
}

interface Values {
  note?: string;
  until?: string | null;
}

// When a returned paper must come back by default: the task's last hand-in time, or two days from
// now when that has passed (the server's rule, said before it applies).
function defaultUntil(task: Task): string {
  const last = task.lateAccepted && task.lateUntil ? task.lateUntil : task.dueTime;
  return dayjs(last).isAfter(dayjs()) ? last : dayjs().add(2, 'day').toISOString();
}

// Returning handed-in work for a redo: the papers open again with the students' answers and their
// marks cleared; a note tells them why, and they may hand in again until the time given.
export function ReturnWorkModal({
  task,
  students,
  onClose,
  onDone,
}: {
  task: Task;
  students: Returning[];
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTaskTexts();
  const [form] = Form.useForm<Values>();
  const { running, run } = useDialogRun(onDone);
  const names = students.map((s) => s.name);

  const send = ({ note, until }: Values) =>
    run(
      () =>
        taskActions.returnWork({
          taskId: task.id,
          userIds: students.map((s) => s.userId),
          note: note?.trim() || null,
          until: until ?? null,
        }),
      (done) => t('task.returnedToast', { count: done.changed }),
      form,
    );

  return (
    <Modal
      open
      title={t('task.returnTitle', { count: students.length })}
      onCancel={onClose}
      okText={t('task.returnAction')}
      okButtonProps={{ loading: running, danger: true }}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Typography.Paragraph>
        {names.length <= 5
          ? names.join(', ')
          : t('task.andMore', { names: names.slice(0, 5).join(', '), count: names.length - 5 })}
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary">{t('task.returnHint')}</Typography.Paragraph>
      <Form form={form} name="task-return" layout="vertical" onFinish={(v) => void send(v)}>
        <Form.Item name="note" label={t('task.returnNote')} rules={[{ max: 500 }]}>
          <Input.TextArea
            autoFocus
            autoSize={{ minRows: 2, maxRows: 5 }}
            maxLength={500}
            showCount
            placeholder={t('task.returnNotePlaceholder')}
          />
        </Form.Item>
        <Form.Item
          name="until"
          label={t('task.returnUntil')}
          extra={t('task.returnUntilDefault', { time: formatMoment(defaultUntil(task)) })}
          {...momentValueProps}
          rules={[
            {
              validator: async (_, v: string | null | undefined) => {
                if (v && !dayjs(v).isAfter(dayjs())) throw new Error(t('task.returnUntilFuture'));
              },
            },
          ]}
        >
          <MomentInput disabledDate={(d) => d.isBefore(dayjs().startOf('day'))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
