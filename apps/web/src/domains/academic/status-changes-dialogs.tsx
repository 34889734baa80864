import { kindMovesClass, labelOf, type StatusChange, StatusChangeKind, statusChangeKindLabels } from '@lyceum/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, DatePicker, Form, Input, Modal, Select, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useDialogRun } from '../../crud/dialog-run';
import { enumOptions } from '../../crud/filter-fields';
import { useLang } from '../../shell/i18n';
import { useRequired } from '../../ui/editor-kit';
import { useTeams } from '../../ui/lookups';
import { StudentSelect } from '../../ui/student-select';
import { RECORDS_KEY, recordCalls } from './records-api';
import { useChangeTexts } from './records-words';

interface RequestValues {
  userId?: number;
  kind: StatusChangeKind;
  effectiveDate: Dayjs;
  reason: string;
  toTeamId?: number | null;
}

// Asks for a status change: for the student given (from a record's row) or one picked here. A repeat
// or a change of class names the class the student moves to.
export function RequestChangeDialog({
  open,
  student,
  onClose,
}: {
  open: boolean;
  student: { userId: number; name: string } | null;
  onClose: () => void;
}) {
  const { t } = useChangeTexts();
  const lang = useLang();
  const required = useRequired();
  const teams = useTeams();
  const client = useQueryClient();
  const [form] = Form.useForm<RequestValues>();
  const kind = Form.useWatch('kind', form);
  const { running, run } = useDialogRun(() => {
    onClose();
    void client.invalidateQueries({ queryKey: [RECORDS_KEY] });
  });
  async function submit() {
    let v: RequestValues;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    const userId = student?.userId ?? v.userId!;
    await run(
      () =>
        recordCalls.request({
          userId,
          kind: v.kind,
          effectiveDate: v.effectiveDate.format('YYYY-MM-DD'),
          reason: v.reason,
          toTeamId: kindMovesClass(v.kind) ? (v.toTeamId ?? null) : null,
        }),
      t('statusChange.requested'),
      form,
    );
  }
  const gone = kind === StatusChangeKind.TransferOut || kind === StatusChangeKind.Withdrawal;
  return (
    <Modal
      open={open}
      title={student ? `${t('statusChange.requestTitle')} · ${student.name}` : t('statusChange.requestTitle')}
      okText={t('statusChange.request')}
      okButtonProps={{ loading: running }}
      cancelText={t('common.cancel')}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{ kind: StatusChangeKind.Suspension, effectiveDate: dayjs() }}
      >
        {!student && (
          <Form.Item
            name="userId"
            label={t('statusChange.student')}
            rules={[required(t('statusChange.student'), { picked: true, type: 'number' })]}
          >
            <StudentSelect />
          </Form.Item>
        )}
        <Form.Item name="kind" label={t('statusChange.kind')} rules={[{ required: true }]}>
          <Select options={enumOptions(statusChangeKindLabels, lang)} />
        </Form.Item>
        {kind !== undefined && kindMovesClass(kind) && (
          <Form.Item
            name="toTeamId"
            label={t('statusChange.toTeam')}
            rules={[required(t('statusChange.toTeam'), { picked: true, type: 'number' })]}
          >
            <Select
              showSearch
              optionFilterProp="label"
              loading={teams.isLoading}
              options={(teams.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
            />
          </Form.Item>
        )}
        <Form.Item
          name="effectiveDate"
          label={t('statusChange.effectiveDate')}
          extra={t('statusChange.dateHelp')}
          rules={[required(t('statusChange.effectiveDate'), { picked: true })]}
        >
          <DatePicker />
        </Form.Item>
        <Form.Item name="reason" label={t('statusChange.reason')} rules={[required(t('statusChange.reason'))]}>
          <Input.TextArea maxLength={500} autoSize={{ minRows: 2 }} />
        </Form.Item>
        {gone && <Alert type="warning" showIcon message={t('statusChange.goneWarning')} />}
      </Form>
    </Modal>
  );
}

export type Verb = 'approve' | 'reject' | 'cancel';

// Approve, reject or cancel one change, with an optional note.
export function DecideDialog({
  change,
  verb,
  onClose,
}: {
  change: StatusChange | null;
  verb: Verb;
  onClose: () => void;
}) {
  const { t } = useChangeTexts();
  const lang = useLang();
  const client = useQueryClient();
  const [form] = Form.useForm<{ note?: string }>();
  const { running, run } = useDialogRun(() => {
    onClose();
    void client.invalidateQueries({ queryKey: [RECORDS_KEY] });
  });
  const done = { approve: 'approved', reject: 'rejected', cancel: 'cancelled' } as const;
  const names = change && { name: change.realName, kind: labelOf(statusChangeKindLabels, change.kind, lang) };
  async function submit() {
    if (!change) return;
    const v = await form.validateFields();
    await run(() => recordCalls.decide(verb, change.id, v.note ?? ''), t(`statusChange.${done[verb]}`), form);
  }
  return (
    <Modal
      open={change !== null}
      title={names && t(`statusChange.${verb}Title`, names)}
      okText={t(`statusChange.${verb}`)}
      okButtonProps={{ loading: running, danger: verb !== 'approve' }}
      cancelText={t('common.cancel')}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {change && (
        <>
          <Typography.Paragraph>
            {change.effectiveDate} · {change.reason}
          </Typography.Paragraph>
          {verb === 'approve' &&
            (change.kind === StatusChangeKind.TransferOut || change.kind === StatusChangeKind.Withdrawal) && (
              <Alert type="warning" showIcon message={t('statusChange.goneWarning')} style={{ marginBottom: 12 }} />
            )}
          <Form form={form} layout="vertical" preserve={false}>
            <Form.Item name="note" label={t('statusChange.decisionNote')}>
              <Input.TextArea maxLength={500} autoSize={{ minRows: 2 }} />
            </Form.Item>
          </Form>
        </>
      )}
    </Modal>
  );
}
