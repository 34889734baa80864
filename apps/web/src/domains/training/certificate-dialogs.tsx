import { type Certificate, zCertificateIssue, zCertificateRevoke } from '@lyceum/contract';
import { api } from '@lyceum/contract/routes';
import { useQuery } from '@tanstack/react-query';
import { Form, Input, InputNumber, Modal, Select, Typography } from 'antd';
import { useDialogRun } from '../../crud/dialog-run';
import { useKitTexts } from '../../crud/i18n';
import { zodRule } from '../../crud/zod-rules';
import { call } from '../../shell/request';
import { useRequired } from '../../ui/editor-kit';
import { StudentSelect } from '../../ui/student-select';
import { templateApi } from './certificate-api';
import { useCertificateTexts } from './certificate-texts';

interface IssueValues {
  holderId?: number;
  title?: string;
  what?: string;
  hours?: number | null;
  grade?: string;
  validMonths?: number | null;
  templateId?: number | null;
}

// Issuing a certificate by hand: to whom, what it is and for what, hours and grade if any, how long
// it is valid, and the template it prints with.
export function IssueDialog({ open, onClose, onDone }: { open: boolean; onClose: () => void; onDone: () => void }) {
  const { t } = useCertificateTexts();
  const kit = useKitTexts();
  const required = useRequired();
  const [form] = Form.useForm<IssueValues>();
  const templates = useQuery({
    queryKey: ['certificateTemplate', 'options'],
    queryFn: () => templateApi.list({}, true),
    enabled: open,
  });
  const { running, run } = useDialogRun(() => {
    onClose();
    onDone();
  });
  const s = zCertificateIssue.shape;
  async function submit() {
    let v: IssueValues;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    await run(
      () =>
        call(
          api.certificate.issue,
          {
            body: {
              holderId: v.holderId!,
              title: v.title ?? '',
              what: v.what ?? '',
              hours: v.hours ?? null,
              grade: v.grade ?? null,
              validMonths: v.validMonths ?? null,
              templateId: v.templateId ?? null,
            },
          },
          { loading: true },
        ),
      (made: Certificate) => t('certificate.issueDone', { no: made.certificateNo }),
      form,
    );
  }
  return (
    <Modal
      open={open}
      title={t('certificate.issue')}
      okText={t('certificate.issue')}
      okButtonProps={{ loading: running }}
      cancelText={t('common.cancel')}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name="certificate-issue" preserve={false}>
        <Form.Item name="holderId" label={t('certificate.holder')} rules={[required(t('certificate.holder'))]}>
          <StudentSelect placeholder={t('certificate.holderPick')} />
        </Form.Item>
        <Form.Item
          name="title"
          label={t('certificate.title')}
          extra={t('certificate.titleHint')}
          rules={[required(t('certificate.title')), zodRule(s.title, kit.t)]}
        >
          <Input autoComplete="off" count={{ show: true, max: 200 }} />
        </Form.Item>
        <Form.Item
          name="what"
          label={t('certificate.what')}
          extra={t('certificate.whatHint')}
          rules={[required(t('certificate.what')), zodRule(s.what, kit.t)]}
        >
          <Input.TextArea autoSize={{ minRows: 2 }} count={{ show: true, max: 500 }} />
        </Form.Item>
        <Form.Item name="hours" label={t('certificate.hours')}>
          <InputNumber min={0} max={100_000} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="grade" label={t('certificate.grade')} rules={[zodRule(s.grade, kit.t)]}>
          <Input autoComplete="off" style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="validMonths" label={t('certificate.validMonths')} extra={t('certificate.validHint')}>
          <InputNumber min={1} max={600} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="templateId" label={t('certificate.template')}>
          <Select
            allowClear
            placeholder={t('certificate.templateNone')}
            loading={templates.isPending}
            options={(templates.data ?? []).map((x) => ({ value: x.id, label: x.name }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

// Revoking: the reason is printed on the public verification page beside the date.
export function RevokeDialog({
  certificate,
  onClose,
  onDone,
}: {
  certificate: Certificate | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useCertificateTexts();
  const kit = useKitTexts();
  const required = useRequired();
  const [form] = Form.useForm<{ reason?: string }>();
  const { running, run } = useDialogRun(() => {
    onClose();
    onDone();
  });
  async function submit() {
    if (!certificate) return;
    let v: { reason?: string };
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    await run(
      () =>
        call(
          api.certificate.revoke,
          { params: { id: certificate.id }, body: { reason: (v.reason ?? '').trim() } },
          { loading: true },
        ),
      t('certificate.revokeDone', { no: certificate.certificateNo }),
      form,
    );
  }
  return (
    <Modal
      open={certificate !== null}
      title={certificate && t('certificate.revokeTitle', { no: certificate.certificateNo })}
      okText={t('certificate.revoke')}
      okButtonProps={{ loading: running, danger: true }}
      cancelText={t('common.cancel')}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('certificate.revokeText')}</Typography.Paragraph>
      <Form form={form} layout="vertical" name="certificate-revoke" preserve={false}>
        <Form.Item
          name="reason"
          label={t('certificate.reason')}
          rules={[required(t('certificate.reason')), zodRule(zCertificateRevoke.shape.reason, kit.t)]}
        >
          <Input.TextArea autoFocus autoSize={{ minRows: 2 }} count={{ show: true, max: 500 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
