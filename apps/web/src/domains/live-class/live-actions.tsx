import {
  BarChartOutlined,
  CheckCircleOutlined,
  EditOutlined,
  PoweroffOutlined,
  StopOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';
import { type LiveClassRow, LivePhase } from '@lyceum/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App, Form, Input, Modal, Typography } from 'antd';
import dayjs from 'dayjs';
import { type ReactNode, useCallback, useState } from 'react';
import { useConfirm } from '../../crud/confirm';
import type { RowAction } from '../../crud/row-actions';
import { usePermission } from '../../shell/permission';
import { ApiError } from '../../shell/request';
import { useLiveJoin } from '../../ui/live-join';
import { TIME } from '../../ui/portal-format';
import { LIVE_KEY, liveCalls } from './live-api';
import { cancellable, editable, hasReport, isDraft, isOpenOrLive, useLiveTexts } from './live-words';

interface Options {
  onEdit: (row: LiveClassRow, refusal?: ApiError) => void;
  onReport: (row: LiveClassRow) => void;
}

// A refusal of the server naming a field of the live class (a clash over its teachers or classes).
const namesField = (err: unknown): err is ApiError => err instanceof ApiError && !!err.detail?.field;

// The actions of a live class, by its state and the caller's rights: publish a draft, join as a
// moderator while it is open, the report once it has begun, end a running one, cancel one that has
// not ended, and edit. A publication refused over a clash opens the editor with the refusal under
// the field it names (teachers or classes), so the person sees what is in the way and changes it.
export function useLiveActions({ onEdit, onReport }: Options) {
  const { t } = useLiveTexts();
  const { message } = App.useApp();
  const confirm = useConfirm();
  const client = useQueryClient();
  const canManage = usePermission(['liveClass:create', 'liveClass:all']);
  const { join, dialog: joinDialog } = useLiveJoin();
  const [cancelling, setCancelling] = useState<LiveClassRow | null>(null);
  const reload = useCallback(() => void client.invalidateQueries({ queryKey: [LIVE_KEY] }), [client]);

  const notOwn = (row: LiveClassRow) => !row.manageable && t('live.notYours');

  const publish = (row: LiveClassRow) =>
    confirm({
      title: t('live.publishTitle', { name: row.title }),
      content: t('live.publishText'),
      okText: t('live.publish'),
      onOk: async () => {
        try {
          await liveCalls.publish(row.id);
        } catch (err) {
          if (namesField(err)) onEdit(row, err);
          throw err;
        }
        message.success(t('live.published'));
        reload();
      },
    });

  const end = (row: LiveClassRow) =>
    confirm({
      title: t('live.endTitle', { name: row.title }),
      content: t('live.endText'),
      okText: t('live.endNow'),
      danger: true,
      onOk: async () => {
        await liveCalls.end(row.id);
        message.success(t('live.ended'));
        reload();
      },
    });

  const joinLock = (row: LiveClassRow) => {
    if (isOpenOrLive(row)) return notOwn(row);
    if (row.phase === LivePhase.Scheduled) return t('live.opensAtLock', { time: dayjs(row.opensAt).format(TIME) });
    if (row.phase === LivePhase.Cancelled) return t('live.cancelledLock');
    return t('live.endedLock');
  };

  const publishAction: RowAction<LiveClassRow> = {
    key: 'publish',
    label: t('live.publish'),
    icon: <CheckCircleOutlined />,
    allowed: canManage,
    disabled: notOwn,
    onClick: publish,
  };
  const joinAction: RowAction<LiveClassRow> = {
    key: 'join',
    label: t('live.joinModerator'),
    icon: <VideoCameraOutlined />,
    disabled: joinLock,
    onClick: (row) => void join(row.id, row.title),
    // A draft has no meeting yet: its place is publishing it.
    swap: (row) => (isDraft(row) ? publishAction : undefined),
  };
  const reportAction: RowAction<LiveClassRow> = {
    key: 'report',
    label: t('live.report'),
    icon: <BarChartOutlined />,
    disabled: (row) => !hasReport(row) && t('live.reportLock'),
    onClick: onReport,
  };
  const endAction: RowAction<LiveClassRow> = {
    key: 'end',
    label: t('live.endNow'),
    icon: <PoweroffOutlined />,
    danger: true,
    allowed: canManage,
    disabled: notOwn,
    onClick: end,
  };
  const cancelAction: RowAction<LiveClassRow> = {
    key: 'cancel',
    label: t('live.cancel'),
    icon: <StopOutlined />,
    danger: true,
    allowed: canManage,
    disabled: (row) => notOwn(row) || (!cancellable(row) && t('live.cancelLock')),
    onClick: setCancelling,
    // A running meeting is ended rather than cancelled (its attendance is kept).
    swap: (row) => (row.phase === LivePhase.Live ? endAction : undefined),
  };
  const editAction: RowAction<LiveClassRow> = {
    key: 'edit',
    label: t('live.edit'),
    icon: <EditOutlined />,
    allowed: canManage,
    disabled: (row) => notOwn(row) || (!editable(row) && t('live.editLock')),
    onClick: (row) => onEdit(row),
  };

  const dialogs: ReactNode = (
    <>
      {joinDialog}
      <CancelDialog row={cancelling} onClose={() => setCancelling(null)} onDone={reload} />
    </>
  );
  return { actions: [joinAction, reportAction, cancelAction], editAction, canManage, dialogs };
}

// Cancelling asks why (the class is told, with the reason) and confirms: the bookings are released.
function CancelDialog({ row, onClose, onDone }: { row: LiveClassRow | null; onClose: () => void; onDone: () => void }) {
  const { t } = useLiveTexts();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ reason?: string }>();
  const [busy, setBusy] = useState(false);
  async function submit() {
    if (!row) return;
    setBusy(true);
    try {
      await liveCalls.cancel(row.id, form.getFieldValue('reason') ?? '');
      message.success(t('live.cancelled'));
      onClose();
      onDone();
    } catch {
      // The request client has said why.
    } finally {
      setBusy(false);
    }
  }
  return (
    <Modal
      open={row !== null}
      title={row && t('live.cancelTitle', { name: row.title })}
      okText={t('live.cancelConfirm')}
      okButtonProps={{ danger: true, loading: busy }}
      cancelText={t('live.keep')}
      onOk={submit}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph>{t('live.cancelText')}</Typography.Paragraph>
      <Form form={form} layout="vertical" name="live-cancel" preserve={false}>
        <Form.Item name="reason" label={t('live.cancelReason')} extra={t('live.cancelReasonHint')}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} count={{ show: true, max: 200 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
