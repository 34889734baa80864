import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import {
  type BatchStudent,
  type GraduationBatch,
  GraduationBatchStatus,
  GraduationDecision,
  graduationDecisionLabels,
} from '@lyceum/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Checkbox, Drawer, Form, Input, Modal, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useConfirm } from '../../crud/confirm';
import { pickTitle, useLang } from '../../shell/i18n';
import { usePermission } from '../../shell/permission';
import { formatTime } from '../../shell/time-format';
import { AuditLines } from '../../ui/graduation-audit';
import { useTeams } from '../../ui/lookups';
import { StudentSelect } from '../../ui/student-select';
import { BATCH_KEY, graduationCalls } from './graduation-api';
import { useGraduationTexts } from './graduation-texts';

const { Draft, Reviewing } = GraduationBatchStatus;

// Adds students by the batch's cohort, classes, or one named student.
function AddDialog({
  batch,
  open,
  onClose,
  onDone,
}: {
  batch: GraduationBatch;
  open: boolean;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useGraduationTexts();
  const { message } = App.useApp();
  const teams = useTeams();
  const [form] = Form.useForm<{ cohort: boolean; teamIds: number[]; userId?: number }>();
  const save = async () => {
    const v = await form.validateFields();
    const done = await graduationCalls.add(batch.id, {
      cohort: v.cohort || undefined,
      teamIds: v.teamIds?.length ? v.teamIds : undefined,
      userIds: v.userId ? [v.userId] : undefined,
    });
    message.success(t('graduation.added', done));
    form.resetFields();
    onDone();
  };
  return (
    <Modal open={open} title={t('graduation.addStudents')} onCancel={onClose} onOk={save} destroyOnHidden>
      <Form form={form} layout="vertical" name="graduation-add" initialValues={{ cohort: true, teamIds: [] }}>
        <Form.Item name="cohort" valuePropName="checked">
          <Checkbox>{t('graduation.addByCohort')}</Checkbox>
        </Form.Item>
        <Form.Item name="teamIds" label={t('graduation.addByClass')}>
          <Select
            mode="multiple"
            allowClear
            optionFilterProp="label"
            options={(teams.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
          />
        </Form.Item>
        <Form.Item name="userId" label={t('graduation.addByName')}>
          <StudentSelect />
        </Form.Item>
      </Form>
    </Modal>
  );
}

// Approve or defer the chosen students, with a note.
function DecideDialog({
  batch,
  decision,
  userIds,
  onClose,
  onDone,
}: {
  batch: GraduationBatch;
  decision: GraduationDecision | null;
  userIds: number[];
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useGraduationTexts();
  const lang = useLang();
  const { message } = App.useApp();
  const [note, setNote] = useState('');
  if (decision === null) return null;
  const label = pickTitle(graduationDecisionLabels[decision], lang);
  return (
    <Modal
      open
      title={t('graduation.decideTitle', { decision: label, count: userIds.length })}
      onCancel={onClose}
      onOk={async () => {
        const done = await graduationCalls.decide(batch.id, {
          userIds,
          decision: decision as 2 | 3,
          note: note.trim() || null,
        });
        message.success(t('graduation.decided', done));
        setNote('');
        onDone();
      }}
    >
      <Typography.Paragraph>{t('graduation.decideNote')}</Typography.Paragraph>
      <Input.TextArea
        aria-label={t('graduation.decideNote')}
        value={note}
        maxLength={500}
        rows={3}
        onChange={(e) => setNote(e.target.value)}
      />
    </Modal>
  );
}

// A batch's students: each one's decision and audit (expand a row for the lines), awards after
// conferral; adding, auditing again, deciding and taking out, while the batch allows it.
export function BatchStudentsDrawer({ batch, onClose }: { batch: GraduationBatch | null; onClose: () => void }) {
  const { t } = useGraduationTexts();
  const lang = useLang();
  const { message } = App.useApp();
  const confirm = useConfirm();
  const client = useQueryClient();
  const canManage = usePermission(['graduation:manage']);
  const [selected, setSelected] = useState<number[]>([]);
  const [adding, setAdding] = useState(false);
  const [deciding, setDeciding] = useState<GraduationDecision | null>(null);
  const students = useQuery({
    queryKey: [BATCH_KEY, 'students', batch?.id],
    queryFn: ({ signal }) => graduationCalls.students(batch?.id ?? 0, { signal }),
    enabled: batch !== null,
  });
  if (!batch) return null;
  const changed = () => {
    setSelected([]);
    setAdding(false);
    setDeciding(null);
    void client.invalidateQueries({ queryKey: [BATCH_KEY] });
  };
  const open = batch.status === Draft || batch.status === Reviewing;
  const reviewing = batch.status === Reviewing;
  const columns = [
    {
      key: 'student',
      title: t('graduation.students'),
      render: (_: unknown, s: BatchStudent) => (
        <div>
          <div>{s.realName}</div>
          <Typography.Text type="secondary">{[s.userName, s.studentNo].filter(Boolean).join(' · ')}</Typography.Text>
        </div>
      ),
    },
    {
      key: 'audit',
      title: t('graduation.audit'),
      width: 150,
      render: (_: unknown, s: BatchStudent) => {
        const unmet = s.audit?.lines.filter((l) => !l.met).length ?? 0;
        return s.eligible ? (
          <Tag color="success">{t('graduation.allMet')}</Tag>
        ) : (
          <Tag color="error">{t('graduation.someUnmet', { count: unmet || 1 })}</Tag>
        );
      },
    },
    {
      key: 'decision',
      title: t('graduation.decision'),
      width: 220,
      render: (_: unknown, s: BatchStudent) => {
        const label = graduationDecisionLabels[s.decision];
        return (
          <div>
            <Tag color={label.color}>{pickTitle(label, lang)}</Tag>
            {s.note && <Typography.Text type="secondary">{s.note}</Typography.Text>}
          </div>
        );
      },
    },
    {
      key: 'certificateNo',
      title: t('graduation.certificateNo'),
      width: 160,
      render: (_: unknown, s: BatchStudent) => s.certificateNo ?? '—',
    },
  ];
  const chosen = selected.length > 0;
  return (
    <Drawer open onClose={onClose} title={t('graduation.studentsOf', { name: batch.name })} size={880} destroyOnHidden>
      {canManage && (
        <Space wrap style={{ marginBottom: 12 }}>
          <Button
            icon={<PlusOutlined />}
            disabled={!open}
            title={open ? undefined : t('graduation.changeLocked')}
            onClick={() => setAdding(true)}
          >
            {t('graduation.addStudents')}
          </Button>
          <Button
            icon={<ReloadOutlined />}
            disabled={!open}
            onClick={async () => {
              const done = await graduationCalls.refresh(batch.id, chosen ? selected : undefined);
              message.success(t('graduation.refreshed', done));
              changed();
            }}
          >
            {t('graduation.refresh')}
          </Button>
          <Button
            type="primary"
            disabled={!reviewing || !chosen}
            title={reviewing ? undefined : t('graduation.decideLocked')}
            onClick={() => setDeciding(GraduationDecision.Approved)}
          >
            {t('graduation.approveStudents')}
          </Button>
          <Button disabled={!reviewing || !chosen} onClick={() => setDeciding(GraduationDecision.Deferred)}>
            {t('graduation.deferStudents')}
          </Button>
          <Button
            danger
            disabled={!open || !chosen}
            onClick={() =>
              confirm({
                title: t('graduation.removeTitle', { count: selected.length }),
                danger: true,
                okText: t('graduation.remove'),
                onOk: async () => {
                  const done = await graduationCalls.remove(batch.id, selected);
                  message.success(t('graduation.removed', done));
                  changed();
                },
              })
            }
          >
            {t('graduation.remove')}
          </Button>
        </Space>
      )}
      <Table<BatchStudent>
        rowKey="userId"
        size="small"
        loading={students.isLoading}
        dataSource={students.data?.list ?? []}
        columns={columns}
        pagination={false}
        locale={{ emptyText: t('graduation.studentsEmpty') }}
        rowSelection={
          canManage ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) } : undefined
        }
        expandable={{
          expandedRowRender: (s) =>
            s.audit ? (
              <div>
                <AuditLines audit={s.audit} />
                {s.auditedAt && (
                  <Typography.Text type="secondary">
                    {t('graduation.auditedAt', { at: formatTime(s.auditedAt) })}
                  </Typography.Text>
                )}
              </div>
            ) : null,
          rowExpandable: (s) => s.audit !== null,
        }}
      />
      <AddDialog batch={batch} open={adding} onClose={() => setAdding(false)} onDone={changed} />
      <DecideDialog
        batch={batch}
        decision={deciding}
        userIds={selected}
        onClose={() => setDeciding(null)}
        onDone={changed}
      />
    </Drawer>
  );
}
