import type { ApplicationDetail, Enrolled } from '@lyceum/contract';
import { api } from '@lyceum/contract/routes';
import { useQuery } from '@tanstack/react-query';
import { Alert, Form, Input, Modal, Select, Typography } from 'antd';
import { useState } from 'react';
import { call } from '../../shell/request';
import { useAdmissionTexts } from './admission-texts';

interface EnrolForm {
  linkUserId?: number | null;
  userName?: string;
  studentNo?: string;
  teamId?: number | null;
}

// Enrolment: a new student account (or a matching student picked), the class, the record. The
// initial password is shown here once and never again.
export function EnrolDialog({ app, onClose }: { app: ApplicationDetail | null; onClose: (done: boolean) => void }) {
  const { t } = useAdmissionTexts();
  const [form] = Form.useForm<EnrolForm>();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Enrolled | null>(null);
  const open = app !== null;
  const matches = useQuery({
    queryKey: ['application', 'matches', app?.id],
    queryFn: () => call(api.application.matches, { params: { id: app?.id ?? 0 } }),
    enabled: open,
  });
  const teams = useQuery({
    queryKey: ['team', 'options'],
    queryFn: () => call(api.team.list, { body: {} }),
    enabled: open,
    staleTime: 60_000,
  });
  const students = (matches.data?.list ?? []).filter((m) => m.kind === 'student');
  const close = () => {
    const done = result !== null;
    setResult(null);
    form.resetFields();
    onClose(done);
  };
  const submit = async () => {
    if (result) return close();
    const v = await form.validateFields();
    setBusy(true);
    try {
      setResult(
        await call(
          api.application.enrol,
          {
            params: { id: app?.id ?? 0 },
            body: {
              linkUserId: v.linkUserId ?? null,
              userName: v.userName || null,
              studentNo: v.studentNo || null,
              teamId: v.teamId ?? null,
            },
          },
          { loading: true },
        ),
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={open}
      title={t('admission.enrolTitle', { name: app?.realName ?? '' })}
      onCancel={close}
      onOk={submit}
      okText={result ? t('admission.done') : t('admission.enrol')}
      confirmLoading={busy}
      cancelButtonProps={result ? { style: { display: 'none' } } : undefined}
    >
      {result ? (
        <Alert
          type="success"
          showIcon
          message={t('admission.enrolled', {
            name: app?.realName ?? '',
            userName: result.userName,
            studentNo: result.studentNo,
          })}
          description={
            result.initialPassword && (
              <Typography.Text copyable={{ text: result.initialPassword }}>
                {t('admission.passwordOnce', { password: result.initialPassword })}
              </Typography.Text>
            )
          }
        />
      ) : (
        <Form form={form} layout="vertical" initialValues={{ teamId: app?.round.teamId ?? null }}>
          <Typography.Paragraph type="secondary">{t('admission.enrolHelp')}</Typography.Paragraph>
          {students.length > 0 && (
            <Form.Item name="linkUserId" label={t('admission.linkUser')}>
              <Select
                allowClear
                options={students.map((s) => ({
                  value: s.id,
                  label: `${s.name} (${s.studentNo ?? ''}) · ${t(`admission.reason_${s.reason}`)}`,
                }))}
              />
            </Form.Item>
          )}
          <Form.Item name="userName" label={t('admission.userName')}>
            <Input maxLength={64} autoComplete="off" />
          </Form.Item>
          <Form.Item name="studentNo" label={t('admission.studentNo')}>
            <Input maxLength={32} autoComplete="off" />
          </Form.Item>
          <Form.Item name="teamId" label={t('admission.team')}>
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              loading={teams.isPending}
              options={(teams.data ?? []).map((team) => ({ value: team.id, label: team.name }))}
            />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
