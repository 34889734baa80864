import {
  enumValues,
  labelOf,
  type MonitorRow,
  PaperStatus,
  ReviewDecision,
  reviewDecisionLabels,
} from '@lyceum/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App, Form, type FormInstance, Input, InputNumber, Modal, Radio, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useConfirm } from '../../crud/confirm';
import { showServerFieldError } from '../../crud/server-field-error';
import { useLang } from '../../shell/i18n';
import { ApiError } from '../../shell/request';
import { EXAMS_KEY, MONITOR_KEY, monitorActions } from './monitor-api';
import { useMonitorTexts } from './monitor-texts';

// The statuses each action applies to; the server decides in the end (its `changed` count says how
// many it took), these only grey out what would certainly change nothing.
const ENDED: readonly number[] = [
  PaperStatus.HandedIn,
  PaperStatus.AutoCollected,
  PaperStatus.ForceCollected,
  PaperStatus.Marked,
  PaperStatus.Abnormal,
];
export const canAddTime = (r: MonitorRow) => !ENDED.includes(r.paperStatus);
export const canCollect = (r: MonitorRow) => r.paperStatus === PaperStatus.Answering;
export const canReopen = (r: MonitorRow) =>
  r.paperStatus === PaperStatus.ForceCollected || r.paperStatus === PaperStatus.Abnormal;
// An attempt still answering ends as abnormal; an ended one is marked so over its status.
export const canMarkAbnormal = (r: MonitorRow) => r.attemptId !== null && r.paperStatus !== PaperStatus.Abnormal;
// A message shows on the exam page, so only to someone who has entered and not finished.
export const canMessage = (r: MonitorRow) => r.attemptId !== null && !ENDED.includes(r.paperStatus);
export const canReview = (r: MonitorRow) => r.attemptId !== null && (r.flagged || r.reviewDecision !== null);

export type DialogKind = 'addTime' | 'reopen' | 'abnormal' | 'notice' | 'review';
export interface OpenDialog {
  kind: DialogKind;
  rows: MonitorRow[];
}

// A person as the dialogs name them: the real name, else the user name.
export const personName = (r: MonitorRow) => r.realName ?? r.userName;

// After an action: the board, the timelines and the exams' counts are read again, then the toast says
// how many candidates it changed (and how many it left alone, when not all were in a state it applies to).
function useAfterAction() {
  const client = useQueryClient();
  const { message } = App.useApp();
  const { t } = useMonitorTexts();
  return async (asked: number, changed: number, done: string) => {
    await Promise.all([
      client.invalidateQueries({ queryKey: [MONITOR_KEY] }),
      client.invalidateQueries({ queryKey: [EXAMS_KEY] }),
    ]);
    if (changed === 0) {
      message.info(t('monitor.nothingChanged'), 5);
      return;
    }
    message.success(done, 5);
    if (changed < asked) message.warning(t('monitor.someUnchanged', { count: asked - changed }), 6);
  };
}

// Force collection, after a confirmation: the papers are collected from their last saved answers.
export function useCollect(examId: number, onDone: () => void) {
  const { t } = useMonitorTexts();
  const confirm = useConfirm();
  const after = useAfterAction();
  return (rows: MonitorRow[]) => {
    const userIds = rows.map((r) => r.userId);
    confirm({
      title:
        rows.length === 1
          ? t('monitor.collectOne', { name: personName(rows[0]) })
          : t('monitor.collectMany', { count: rows.length }),
      content: t('monitor.collectHint'),
      okText: t('monitor.collect'),
      danger: true,
      onOk: async () => {
        const { changed } = await monitorActions.collect({ examId, userIds });
        onDone();
        await after(userIds.length, changed, t('monitor.collected', { count: changed }));
      },
    });
  };
}

interface Values {
  minutes?: number | null;
  reason?: string;
  text?: string;
  decision?: ReviewDecision;
  note?: string;
}

// The dialog of the actions that ask for something: minutes, a reason, a message, a decision.
export function ActionDialog({
  examId,
  dialog,
  onClose,
  onDone,
}: {
  examId: number;
  dialog: OpenDialog | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useMonitorTexts();
  const lang = useLang();
  const [form] = Form.useForm<Values>();
  const [running, setRunning] = useState(false);
  const after = useAfterAction();
  const { message } = App.useApp();

  useEffect(() => {
    if (!dialog) return;
    form.resetFields();
    const row = dialog.rows[0];
    if (dialog.kind === 'addTime') form.setFieldsValue({ minutes: 10 });
    if (dialog.kind === 'reopen') form.setFieldsValue({ minutes: 0 });
    if (dialog.kind === 'review') form.setFieldsValue({ decision: row?.reviewDecision ?? undefined });
  }, [dialog, form]);

  if (!dialog) return null;
  const { kind, rows } = dialog;
  const userIds = rows.map((r) => r.userId);
  const one = rows.length === 1 ? personName(rows[0]) : null;
  const who = one ?? t('monitor.candidatesCount', { count: rows.length });

  async function submit(values: Values, f: FormInstance<Values>) {
    setRunning(true);
    try {
      const asked = userIds.length;
      const userId = userIds[0];
      if (kind === 'addTime') {
        const minutes = values.minutes ?? 0;
        const { changed } = await monitorActions.addTime({ examId, userIds, minutes });
        onDone();
        await after(asked, changed, t('monitor.timeAdded', { count: changed, minutes }));
      } else if (kind === 'reopen') {
        const { changed } = await monitorActions.reopen({ examId, userId, minutes: values.minutes ?? 0 });
        onDone();
        await after(asked, changed, t('monitor.reopened', { count: changed }));
      } else if (kind === 'abnormal') {
        const { changed } = await monitorActions.markAbnormal({ examId, userId, reason: values.reason ?? '' });
        onDone();
        await after(asked, changed, t('monitor.markedAbnormal', { count: changed }));
      } else if (kind === 'notice') {
        const { changed } = await monitorActions.notice({ examId, userIds, text: values.text ?? '' });
        onDone();
        await after(asked, changed, t('monitor.noticeSent', { count: changed }));
      } else {
        const decision = values.decision ?? ReviewDecision.Cleared;
        const { changed } = await monitorActions.review({ examId, userId, decision, note: values.note ?? '' });
        onDone();
        await after(
          asked,
          changed,
          t('monitor.reviewed', { count: changed, decision: labelOf(reviewDecisionLabels, decision, lang) }),
        );
      }
    } catch (err) {
      // A refusal was toasted by the request client; one naming a field goes under it as well.
      if (err instanceof ApiError) showServerFieldError(f, err);
      else message.error(err instanceof Error ? err.message : String(err));
    } finally {
      setRunning(false);
    }
  }

  const titles: Record<DialogKind, string> = {
    addTime: t('monitor.addTimeTitle', { who }),
    reopen: t('monitor.reopenTitle', { who }),
    abnormal: t('monitor.abnormalTitle', { who }),
    notice: t('monitor.noticeTitle', { who }),
    review: t('monitor.reviewTitle', { who }),
  };
  const hints: Record<DialogKind, string> = {
    addTime: t('monitor.addTimeHint'),
    reopen: t('monitor.reopenHint'),
    abnormal: t('monitor.abnormalHint'),
    notice: t('monitor.noticeHint'),
    review: t('monitor.reviewHint'),
  };
  const okTexts: Record<DialogKind, string> = {
    addTime: t('monitor.addTime'),
    reopen: t('monitor.reopen'),
    abnormal: t('monitor.markAbnormal'),
    notice: t('monitor.send'),
    review: t('monitor.saveDecision'),
  };
  const required = (field: string) => ({ required: true, whitespace: true, message: t('monitor.required', { field }) });

  return (
    <Modal
      open
      title={titles[kind]}
      onCancel={onClose}
      okText={okTexts[kind]}
      okButtonProps={{ loading: running, danger: kind === 'abnormal' }}
      cancelText={t('monitor.cancel')}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{hints[kind]}</Typography.Paragraph>
      <Form<Values>
        form={form}
        name={`monitor-${kind}`}
        layout="vertical"
        onFinish={(values) => void submit(values, form)}
      >
        {(kind === 'addTime' || kind === 'reopen') && (
          <Form.Item
            name="minutes"
            label={kind === 'addTime' ? t('monitor.minutes') : t('monitor.extraMinutesOptional')}
            rules={[
              { required: kind === 'addTime', message: t('monitor.required', { field: t('monitor.minutes') }) },
              { type: 'integer', min: kind === 'addTime' ? 1 : 0, max: 600, message: t('monitor.minutesRange') },
            ]}
          >
            <InputNumber autoFocus min={kind === 'addTime' ? 1 : 0} max={600} suffix={t('monitor.min')} />
          </Form.Item>
        )}
        {kind === 'abnormal' && (
          <Form.Item name="reason" label={t('monitor.reason')} rules={[required(t('monitor.reason')), { max: 200 }]}>
            <Input.TextArea autoFocus autoSize={{ minRows: 2, maxRows: 4 }} maxLength={200} showCount />
          </Form.Item>
        )}
        {kind === 'notice' && (
          <Form.Item name="text" label={t('monitor.message')} rules={[required(t('monitor.message')), { max: 500 }]}>
            <Input.TextArea
              autoFocus
              autoSize={{ minRows: 3, maxRows: 6 }}
              maxLength={500}
              showCount
              placeholder={t('monitor.messagePlaceholder')}
            />
          </Form.Item>
        )}
        {kind === 'review' && (
          <>
            <Form.Item
              name="decision"
              label={t('monitor.decision')}
              rules={[{ required: true, message: t('monitor.chooseDecision') }]}
            >
              <Radio.Group
                options={enumValues(reviewDecisionLabels).map((v) => ({
                  value: v,
                  label: labelOf(reviewDecisionLabels, v, lang),
                }))}
              />
            </Form.Item>
            <Form.Item name="note" label={t('monitor.note')} rules={[required(t('monitor.note')), { max: 500 }]}>
              <Input.TextArea
                autoSize={{ minRows: 3, maxRows: 6 }}
                maxLength={500}
                showCount
                placeholder={t('monitor.notePlaceholder')}
              />
            </Form.Item>
          </>
        )}
      </Form>
    </Modal>
  );
}
