import { EditOutlined } from '@ant-design/icons';
import {
  type AttendanceKind,
  type AttendanceStatus,
  attendanceKindLabels,
  type LiveParticipant,
  type LiveReport,
  LiveRole,
  labelOf,
  liveRoleLabels,
  type MarkSource,
  markSourceLabels,
  participationSourceLabels,
  statusName,
} from '@lyceum/contract';
import { useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Form,
  Input,
  Modal,
  Select,
  Space,
  Table,
  type TableColumnsType,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useSubmit } from '../../../crud/form-save';
import { useLang } from '../../../shell/i18n';
import { LIVE_KEY, liveCalls } from '../live-api';
import { useLiveTexts } from '../live-words';

const clock = (iso: string | null) => (iso ? dayjs(iso).format('HH:mm') : '—');

// What the provider counted, in the reader's words where the key is known ("chats 3 · talks 2").
function Engagement({ value }: { value: Record<string, number> | null }) {
  const { t, i18n } = useLiveTexts();
  // Only what happened: a report lists every counter, mostly zeros.
  const counted = Object.entries(value ?? {}).filter(([, n]) => n > 0);
  if (!counted.length) return <>—</>;
  return (
    <Space size={[4, 2]} wrap>
      {counted.map(([key, n]) => (
        <Tag key={key} className="live-engagement">
          {i18n.exists(`live.engagement_${key}`) ? t(`live.engagement_${key}`, { count: n }) : `${key} ${n}`}
        </Tag>
      ))}
    </Space>
  );
}

// A teacher's correction of a student's derived status: the status and the reason, kept with the mark.
function OverrideDialog({
  liveClassId,
  student,
  statuses,
  onClose,
}: {
  liveClassId: number;
  student: LiveParticipant | null;
  statuses: AttendanceStatus[];
  onClose: () => void;
}) {
  const { t } = useLiveTexts();
  const lang = useLang();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<{ statusId?: number; reason?: string }>();
  const { saving, submit } = useSubmit(form, async () => {
    if (!student) return;
    const v = form.getFieldsValue();
    await liveCalls.override(liveClassId, {
      studentId: student.userId,
      statusId: v.statusId as number,
      reason: v.reason?.trim() ?? '',
    });
    message.success(t('live.overridden', { name: student.realName }));
    void client.invalidateQueries({ queryKey: [LIVE_KEY, 'report', liveClassId] });
    onClose();
  });
  return (
    <Modal
      open={student !== null}
      title={student && t('live.overrideTitle', { name: student.realName })}
      okText={t('live.overrideSave')}
      okButtonProps={{ loading: saving }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        name="live-override"
        preserve={false}
        initialValues={{ statusId: student?.statusId ?? undefined }}
        onFinish={() => void submit()}
      >
        <Form.Item
          name="statusId"
          label={t('live.overrideStatus')}
          rules={[{ required: true, message: t('validation.select', { field: t('live.overrideStatus') }) }]}
        >
          <Select
            options={statuses.map((s) => ({ value: s.id, label: statusName(s, lang) }))}
            placeholder={t('live.overrideStatus')}
          />
        </Form.Item>
        <Form.Item
          name="reason"
          label={t('live.overrideReason')}
          extra={t('live.overrideReasonHint')}
          rules={[
            {
              required: true,
              whitespace: true,
              message: t('validation.required', { field: t('live.overrideReason') }),
            },
            { max: 200, message: t('validation.max', { max: 200 }) },
          ]}
        >
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} count={{ show: true, max: 200 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

// Everyone who took part, or was invited: first join, last leave, minutes and share of the scheduled
// time, joins, what the provider counted, and the register's current mark with where it came from.
export function ParticipantsTable({
  report,
  statuses,
  canOverride,
}: {
  report: LiveReport;
  statuses: AttendanceStatus[];
  canOverride: boolean;
}) {
  const { t } = useLiveTexts();
  const lang = useLang();
  const [overriding, setOverriding] = useState<LiveParticipant | null>(null);
  const kindOf = new Map(statuses.map((s) => [s.id, s.kind]));
  const isStudent = (p: LiveParticipant) => p.role === LiveRole.Viewer && p.invited;

  const columns: TableColumnsType<LiveParticipant> = [
    {
      key: 'name',
      title: t('live.person'),
      fixed: 'left',
      width: 160,
      sorter: (a, b) => a.realName.localeCompare(b.realName),
      render: (_: unknown, p) => (
        <div>
          <div>{p.realName}</div>
          <Typography.Text type="secondary" className="live-sub">
            {[
              p.userName,
              p.role === LiveRole.Moderator ? labelOf(liveRoleLabels, p.role, lang) : null,
              p.invited ? null : t('live.notInvited'),
            ]
              .filter(Boolean)
              .join(' · ')}
          </Typography.Text>
        </div>
      ),
    },
    {
      key: 'status',
      title: t('live.mark'),
      width: 160,
      render: (_: unknown, p) => {
        if (p.statusId === null) return isStudent(p) ? t('live.noMark') : '—';
        const kind = kindOf.get(p.statusId) as AttendanceKind | undefined;
        const source =
          p.markSource !== null && p.markSource in markSourceLabels
            ? labelOf(markSourceLabels, p.markSource as MarkSource, lang)
            : p.source !== null
              ? labelOf(participationSourceLabels, p.source, lang)
              : null;
        const tag = (
          <Tag color={kind ? attendanceKindLabels[kind].color : undefined}>
            {statusName({ name: p.statusName ?? '', kind: kind ?? 0 }, lang)}
          </Tag>
        );
        return (
          <div>
            {p.markReason ? <Tooltip title={p.markReason}>{tag}</Tooltip> : tag}
            {source && (
              <Typography.Text type="secondary" className="live-sub">
                {source}
              </Typography.Text>
            )}
            {p.markReason && (
              <Typography.Text type="secondary" className="live-sub live-reason">
                {p.markReason}
              </Typography.Text>
            )}
          </div>
        );
      },
    },
    {
      key: 'minutes',
      title: t('live.minutes'),
      width: 90,
      align: 'right',
      sorter: (a, b) => a.minutes - b.minutes,
      defaultSortOrder: 'descend',
      render: (_: unknown, p) => p.minutes,
    },
    {
      key: 'percent',
      title: t('live.percent'),
      width: 70,
      align: 'right',
      render: (_: unknown, p) => `${p.percent} %`,
    },
    { key: 'firstJoin', title: t('live.firstJoin'), width: 90, render: (_: unknown, p) => clock(p.firstJoin) },
    { key: 'lastLeave', title: t('live.lastLeave'), width: 90, render: (_: unknown, p) => clock(p.lastLeave) },
    { key: 'joins', title: t('live.joins'), width: 80, align: 'right', render: (_: unknown, p) => p.joins },
    {
      key: 'engagement',
      title: t('live.engagement'),
      width: 150,
      render: (_: unknown, p) => <Engagement value={p.engagement} />,
    },
    ...(canOverride
      ? [
          {
            key: 'override',
            title: t('common.actions'),
            width: 90,
            fixed: 'right' as const,
            render: (_: unknown, p: LiveParticipant) =>
              isStudent(p) && (
                <Button
                  type="link"
                  size="small"
                  icon={<EditOutlined />}
                  onClick={() => setOverriding(p)}
                  aria-label={t('live.overrideTitle', { name: p.realName })}
                >
                  {t('live.override')}
                </Button>
              ),
          },
        ]
      : []),
  ];

  return (
    <>
      <Table<LiveParticipant>
        size="small"
        rowKey="userId"
        columns={columns}
        dataSource={report.participants}
        pagination={report.participants.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
        scroll={{ x: 980 }}
        locale={{ emptyText: t('live.participantsEmpty') }}
        data-testid="live-participants"
      />
      <OverrideDialog
        liveClassId={report.liveClass.id}
        student={overriding}
        statuses={statuses}
        onClose={() => setOverriding(null)}
      />
    </>
  );
}
