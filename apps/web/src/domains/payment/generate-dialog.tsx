import type { InvoiceGenerate } from '@lyceum/contract';
import { useQuery } from '@tanstack/react-query';
import { App, Form, InputNumber, Modal, Radio, Select, Typography } from 'antd';
import { useState } from 'react';
import { useDialogRun } from '../../crud/dialog-run';
import { useLang } from '../../shell/i18n';
import { useRequired } from '../../ui/editor-kit';
import { searchStudents, useTeams } from '../../ui/lookups';
import { formatMoney } from '../../ui/money-format';
import { UserSearchSelect } from '../../ui/user-search-select';
import { paymentCalls, STRUCTURE_KEY, structureApi } from './payment-api';
import { usePaymentTexts } from './payment-words';

type Target = 'grade' | 'teams' | 'students';
interface Values {
  structureId?: number;
  target: Target;
  gradeYear?: number | null;
  teamIds?: number[];
  studentIds?: number[];
}

// Invoices from a fee structure for a grade, some classes or named students: each gets the
// structure's items as lines and its plan as instalments, pending until issued. Students who already
// hold a live invoice of the structure are skipped (and counted).
export function GenerateDialog({ open, onClose, onDone }: { open: boolean; onClose: () => void; onDone: () => void }) {
  const { t } = usePaymentTexts();
  const lang = useLang();
  const { modal } = App.useApp();
  const required = useRequired();
  const [form] = Form.useForm<Values>();
  const [target, setTarget] = useState<Target>('grade');
  const teams = useTeams();
  const structures = useQuery({
    queryKey: [STRUCTURE_KEY, 'options'],
    queryFn: () => structureApi.list({}, true),
    staleTime: 60_000,
    enabled: open,
  });
  const { running, run } = useDialogRun(() => {
    onClose();
    onDone();
  });

  async function submit() {
    let v: Values;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    const body: InvoiceGenerate = { structureId: v.structureId ?? 0 };
    if (v.target === 'grade' && v.gradeYear) body.gradeYear = v.gradeYear;
    if (v.target === 'teams') body.teamIds = v.teamIds;
    if (v.target === 'students') body.studentIds = v.studentIds;
    await run(
      async () => {
        const answer = await paymentCalls.generate(body);
        if (answer.skipped > 0)
          modal.info({
            title: t('payment.generateSkippedTitle'),
            content: t('payment.generateSkipped', { created: answer.created, skipped: answer.skipped }),
          });
        return answer;
      },
      (answer) => t('payment.generateDone', { count: answer.created }),
      form,
    );
  }

  const structureOptions = (structures.data ?? []).map((s) => ({
    value: s.id,
    label: `${s.name} · ${formatMoney(s.total, s.currency, lang)}`,
  }));
  return (
    <Modal
      open={open}
      title={t('payment.generateTitle')}
      okText={t('payment.generate')}
      okButtonProps={{ loading: running }}
      cancelText={t('common.cancel')}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('payment.generateText')}</Typography.Paragraph>
      <Form<Values>
        form={form}
        layout="vertical"
        name="invoice-generate"
        preserve={false}
        initialValues={{ target: 'grade' }}
        onValuesChange={(changed: Partial<Values>) => {
          if (changed.target) setTarget(changed.target);
          if (changed.structureId !== undefined) {
            const s = structures.data?.find((x) => x.id === changed.structureId);
            form.setFieldValue('gradeYear', s?.gradeYear ?? null);
          }
        }}
      >
        <Form.Item
          name="structureId"
          label={t('payment.structure')}
          rules={[required(t('payment.structure'), { picked: true, type: 'number' })]}
        >
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            loading={structures.isPending}
            options={structureOptions}
            notFoundContent={t('payment.noStructures')}
          />
        </Form.Item>
        <Form.Item name="target" label={t('payment.generateFor')}>
          <Radio.Group
            optionType="button"
            options={[
              { value: 'grade', label: t('payment.forGrade') },
              { value: 'teams', label: t('payment.forClasses') },
              { value: 'students', label: t('payment.forStudents') },
            ]}
          />
        </Form.Item>
        {target === 'grade' && (
          <Form.Item name="gradeYear" label={t('payment.gradeYear')} extra={t('payment.gradeYearHint')}>
            <InputNumber min={1900} max={2200} precision={0} style={{ width: 140 }} />
          </Form.Item>
        )}
        {target === 'teams' && (
          <Form.Item
            name="teamIds"
            label={t('payment.classes')}
            rules={[
              {
                required: true,
                type: 'array',
                min: 1,
                message: t('validation.select', { field: t('payment.classes') }),
              },
            ]}
          >
            <Select
              mode="multiple"
              showSearch={{ optionFilterProp: 'label' }}
              loading={teams.isPending}
              options={(teams.data ?? []).map((team) => ({ value: team.id, label: team.name }))}
            />
          </Form.Item>
        )}
        {target === 'students' && (
          <Form.Item
            name="studentIds"
            label={t('payment.students')}
            rules={[
              {
                required: true,
                type: 'array',
                min: 1,
                message: t('validation.select', { field: t('payment.students') }),
              },
            ]}
          >
            <UserSearchSelect kind="student" search={searchStudents} placeholder={t('payment.studentPick')} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
