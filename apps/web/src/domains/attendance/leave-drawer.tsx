import { CheckOutlined, CloseOutlined, DownloadOutlined, RollbackOutlined } from '@ant-design/icons';
import { type Leave, labelOf, leaveStatusLabels } from '@lyceum/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Descriptions, Drawer, Input, Modal, Skeleton, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useConfirm } from '../../crud/confirm';
import { useLang } from '../../shell/i18n';
import { useIsMobile } from '../../shell/layout/use-device';
import { ApiError } from '../../shell/request';
import { ATTENDANCE_KEY, leaveCalls } from './attendance-api';
import { useLeaveTexts } from './leave-texts';

const moment = (iso: string) => dayjs(iso).format('YYYY-MM-DD HH:mm');
const fileSize = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

export function LeaveStatusTag({ leave }: { leave: Pick<Leave, 'status'> }) {
  const lang = useLang();
  return <Tag color={leaveStatusLabels[leave.status].color}>{labelOf(leaveStatusLabels, leave.status, lang)}</Tag>;
}

// Approve (a note optional) or reject (a note required): the confirmation carries the note.
function DecisionModal({
  leave,
  kind,
  onClose,
  onDone,
}: {
  leave: Leave;
  kind: 'approve' | 'reject' | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useLeaveTexts();
  const { message } = App.useApp();
  const [note, setNote] = useState('');
  const [missing, setMissing] = useState(false);
  const [busy, setBusy] = useState(false);
  const reject = kind === 'reject';
  async function decide() {
    if (reject && !note.trim()) {
      setMissing(true);
      return;
    }
    setBusy(true);
    try {
      if (reject) await leaveCalls.reject(leave.id, note.trim());
      else await leaveCalls.approve(leave.id, note.trim());
      message.success(t(reject ? 'leaveReq.rejected' : 'leaveReq.approved', { name: leave.studentName }));
      setNote('');
      onDone();
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
    } finally {
      setBusy(false);
    }
  }
  return (
    <Modal
      open={kind !== null}
      title={t(reject ? 'leaveReq.rejectTitle' : 'leaveReq.approveTitle', { name: leave.studentName })}
      okText={t(reject ? 'leaveReq.reject' : 'leaveReq.approve')}
      okButtonProps={{ danger: reject, loading: busy }}
      onOk={() => void decide()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph>{t(reject ? 'leaveReq.rejectHint' : 'leaveReq.approveHint')}</Typography.Paragraph>
      <Input.TextArea
        value={note}
        rows={3}
        maxLength={500}
        status={missing && !note.trim() ? 'error' : undefined}
        placeholder={reject ? t('leaveReq.noteRequired') : t('leaveReq.notePlaceholder')}
        aria-label={t('leaveReq.reviewNote')}
        onChange={(e) => setNote(e.target.value)}
      />
      {missing && !note.trim() && <Typography.Text type="danger">{t('leaveReq.noteRequired')}</Typography.Text>}
    </Modal>
  );
}

function LeaveDetails({ leave }: { leave: Leave }) {
  const { t } = useLeaveTexts();
  return (
    <>
      <Descriptions
        column={1}
        size="small"
        items={[
          { key: 'status', label: t('leaveReq.status'), children: <LeaveStatusTag leave={leave} /> },
          { key: 'student', label: t('leaveReq.student'), children: `${leave.studentName} (${leave.userName})` },
          { key: 'classes', label: t('leaveReq.classes'), children: leave.teamNames.join(', ') || '—' },
          { key: 'from', label: t('leaveReq.from'), children: moment(leave.fromAt) },
          { key: 'to', label: t('leaveReq.to'), children: moment(leave.toAt) },
          { key: 'reason', label: t('leaveReq.reason'), children: leave.reason },
          {
            key: 'by',
            label: t('leaveReq.requestedBy'),
            children: `${leave.createdBy === leave.studentId ? t('leaveReq.selfRequested') : leave.createdByName} · ${moment(leave.createTime)}`,
          },
          ...(leave.reviewedByName && leave.reviewedAt
            ? [
                {
                  key: 'reviewed',
                  label: t('leaveReq.reviewedBy'),
                  children: `${leave.reviewedByName} · ${moment(leave.reviewedAt)}`,
                },
              ]
            : []),
          ...(leave.reviewNote ? [{ key: 'note', label: t('leaveReq.reviewNote'), children: leave.reviewNote }] : []),
        ]}
      />
      <Typography.Title level={5}>{t('leaveReq.files')}</Typography.Title>
      {leave.files.length === 0 ? (
        <Typography.Text type="secondary">{t('leaveReq.noFiles')}</Typography.Text>
      ) : (
        <ul className="att-leave-files">
          {leave.files.map((f) => (
            <li key={f.id}>
              <Button
                type="link"
                icon={<DownloadOutlined />}
                aria-label={t('leaveReq.downloadOf', { name: f.name })}
                onClick={() => void leaveCalls.download(f.id).catch(() => undefined)}
              >
                {f.name}
              </Button>
              <Typography.Text type="secondary">{fileSize(f.size)}</Typography.Text>
            </li>
          ))}
        </ul>
      )}
      <Typography.Title level={5}>{t('leaveReq.lessons')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('leaveReq.lessonsHint')}</Typography.Paragraph>
      {leave.lessons.length === 0 ? (
        <Typography.Text type="secondary">{t('leaveReq.noLessons')}</Typography.Text>
      ) : (
        <ul className="att-leave-lessons">
          {leave.lessons.map((l) => (
            <li key={l.id}>
              {dayjs(l.startsAt).format('YYYY-MM-DD ddd HH:mm')}–{dayjs(l.endsAt).format('HH:mm')} {l.title}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

// One request in full, with what the caller may do with it now (the server says: approve and reject
// for an approver of the student's class, withdraw for its student or maker).
export function LeaveDrawer({ leaveId, onClose }: { leaveId: number | null; onClose: () => void }) {
  const { t } = useLeaveTexts();
  const { message } = App.useApp();
  const confirm = useConfirm();
  const client = useQueryClient();
  const isMobile = useIsMobile();
  const [deciding, setDeciding] = useState<'approve' | 'reject' | null>(null);
  const detail = useQuery({
    queryKey: [ATTENDANCE_KEY, 'leave', leaveId],
    queryFn: ({ signal }) => leaveCalls.select(leaveId as number, { signal }),
    enabled: leaveId !== null,
  });
  const leave = detail.data;
  const refresh = () => void client.invalidateQueries({ queryKey: [ATTENDANCE_KEY] });

  const withdraw = (l: Leave) =>
    confirm({
      title: t('leaveReq.withdrawTitle'),
      content: t('leaveReq.withdrawHint'),
      okText: t('leaveReq.withdraw'),
      danger: true,
      onOk: async () => {
        await leaveCalls.withdraw(l.id);
        message.success(t('leaveReq.withdrawn'));
        refresh();
      },
    });

  const actions = leave && (
    <Space wrap>
      {leave.canWithdraw && (
        <Button icon={<RollbackOutlined />} onClick={() => withdraw(leave)}>
          {t('leaveReq.withdraw')}
        </Button>
      )}
      {leave.canDecide && (
        <>
          <Button danger icon={<CloseOutlined />} onClick={() => setDeciding('reject')}>
            {t('leaveReq.reject')}
          </Button>
          <Button type="primary" icon={<CheckOutlined />} onClick={() => setDeciding('approve')}>
            {t('leaveReq.approve')}
          </Button>
        </>
      )}
    </Space>
  );
  return (
    <Drawer
      title={leave ? t('leaveReq.detailTitle', { name: leave.studentName }) : ''}
      open={leaveId !== null}
      onClose={onClose}
      size={isMobile ? '100%' : 560}
      extra={actions}
      destroyOnHidden
    >
      {!leave ? (
        <Skeleton active />
      ) : (
        <>
          <LeaveDetails leave={leave} />
          <DecisionModal
            leave={leave}
            kind={deciding}
            onClose={() => setDeciding(null)}
            onDone={() => {
              setDeciding(null);
              refresh();
            }}
          />
        </>
      )}
    </Drawer>
  );
}
