import { labelOf, type Task, TaskRange, taskRangeLabels } from '@lyceum/contract';
import { api } from '@lyceum/contract/routes';
import { Form, Modal, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect } from 'react';
import { useDialogRun } from '../../crud/dialog-run';
import { useAction } from '../../crud/use-action';
import { useLang } from '../../shell/i18n';
import { useTeamNames } from '../../ui/lookups';
import { formatMoment, MomentInput, momentValueProps } from '../../ui/moment-input';
import { taskActions } from './task-api';
import { audienceOf } from './task-audience';
import { useTaskTexts } from './task-texts';

// Who a task goes to, in one phrase: "Class: 2024 A, 2024 B", "Grade: 2025", "3 students".
export function useAudienceText() {
  const { t } = useTaskTexts();
  const lang = useLang();
  const nameOf = useTeamNames();
  return (task: Task) => {
    const who = audienceOf(task, nameOf);
    if (who.range === TaskRange.Individual) return t('task.studentsPicked', { count: who.count });
    return t('task.audience', { range: labelOf(taskRangeLabels, who.range, lang), names: who.names.join(', ') });
  };
}

// Publish and withdraw, each after a confirmation that says what happens and to whom.
export function useTaskTransitions(onDone: () => void) {
  const { t } = useTaskTexts();
  const act = useAction(onDone);
  const audience = useAudienceText();
  return {
    publish: (task: Task) =>
      act(api.task.publish, {
        title: t('task.publishTitle', { name: task.name }),
        content: (
          <>
            <Typography.Paragraph>{t('task.publishGoesTo', { who: audience(task) })}</Typography.Paragraph>
            <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
              {t('task.publishWindow', { start: formatMoment(task.startTime), due: formatMoment(task.dueTime) })}
              {task.lateAccepted &&
                task.lateUntil &&
                ` ${t(task.latePenalty > 0 ? 'task.publishLate' : 'task.publishLateFree', {
                  time: formatMoment(task.lateUntil),
                  penalty: task.latePenalty,
                })}`}
            </Typography.Paragraph>
          </>
        ),
        okText: t('task.publish'),
        input: { params: { id: task.id }, body: {} },
        done: () => t('task.published', { name: task.name }),
      }),
    withdraw: (task: Task) =>
      act(api.task.withdraw, {
        title: t('task.withdrawTitle', { name: task.name }),
        content: t('task.withdrawHint'),
        okText: t('task.withdraw'),
        danger: true,
        input: { params: { id: task.id }, body: {} },
        done: () => t('task.withdrawn', { name: task.name }),
      }),
  };
}

interface ExtendValues {
  dueTime?: string;
  lateUntil?: string | null;
}

// Extending a published task: a later due time (and late cutoff when late work is taken); open
// papers follow it.
export function ExtendTaskModal({
  task,
  onClose,
  onDone,
}: {
  task: Task | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTaskTexts();
  const [form] = Form.useForm<ExtendValues>();
  const { running, run } = useDialogRun(onDone);
  const newDue = Form.useWatch('dueTime', form);
  useEffect(() => {
    if (!task) return;
    form.resetFields();
    form.setFieldsValue({
      dueTime: dayjs(task.dueTime).add(1, 'day').toISOString(),
      lateUntil: task.lateUntil ? dayjs(task.lateUntil).add(1, 'day').toISOString() : null,
    });
  }, [task, form]);

  function extend({ dueTime, lateUntil }: ExtendValues) {
    if (!task || !dueTime) return;
    void run(
      () => taskActions.extend(task.id, { dueTime, lateUntil: task.lateAccepted ? (lateUntil ?? null) : null }),
      t('task.extended', { name: task.name, time: formatMoment(dueTime) }),
      form,
    );
  }

  const currentDue = task ? dayjs(task.dueTime) : null;
  const later = (than: () => dayjs.Dayjs | null, text: string) => ({
    validator: async (_: unknown, v: string | null | undefined) => {
      const bound = than();
      if (v && bound && !dayjs(v).isAfter(bound)) throw new Error(text);
    },
  });
  return (
    <Modal
      open={!!task}
      title={task ? t('task.extendTitle', { name: task.name }) : ''}
      onCancel={onClose}
      okText={t('task.extend')}
      okButtonProps={{ loading: running }}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('task.extendHint')}</Typography.Paragraph>
      {task && (
        <Typography.Paragraph>
          {t('task.currentDue')}: <strong>{formatMoment(task.dueTime)}</strong>
          {task.lateUntil && (
            <>
              {' · '}
              {t('task.currentLateUntil')}: <strong>{formatMoment(task.lateUntil)}</strong>
            </>
          )}
        </Typography.Paragraph>
      )}
      <Form form={form} name="task-extend" layout="vertical" onFinish={extend}>
        <Form.Item
          name="dueTime"
          label={t('task.newDue')}
          {...momentValueProps}
          rules={[{ required: true, message: t('task.laterThanDue') }, later(() => currentDue, t('task.laterThanDue'))]}
        >
          <MomentInput disabledDate={(d) => !!currentDue && d.isBefore(currentDue.startOf('day'))} />
        </Form.Item>
        {task?.lateAccepted && (
          <Form.Item
            name="lateUntil"
            label={t('task.newLateUntil')}
            dependencies={['dueTime']}
            {...momentValueProps}
            rules={[
              { required: true, message: t('task.lateAfterDue') },
              later(() => (newDue ? dayjs(newDue) : null), t('task.lateAfterDue')),
            ]}
          >
            <MomentInput disabledDate={(d) => !!newDue && d.isBefore(dayjs(newDue).startOf('day'))} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
