import { DEFAULT_CURRENCY, type InvoiceCreate, zInvoiceCreate } from '@lyceum/contract';
import { App, Col, Form, Input, Row, Select } from 'antd';
import { useEffect } from 'react';
import { EditorDrawer, useFormSave } from '../../crud/form-save';
import { useKitTexts } from '../../crud/i18n';
import { codedProblems, zodRule } from '../../crud/zod-rules';
import { half, Section, useRequired } from '../../ui/editor-kit';
import { useSemesters } from '../../ui/lookups';
import { MoneyInput } from '../../ui/money-input';
import { StudentSelect } from '../../ui/student-select';
import { FeeLinesField, type LineValue, PlanField, type PlanValue } from './fee-fields';
import { paymentCalls } from './payment-api';
import { DAY, planProblems, usePaymentTexts } from './payment-words';

interface Values {
  studentId?: number;
  title?: string;
  semesterId?: number | null;
  lines: LineValue[];
  discount?: number | null;
  discountReason?: string;
  plan: PlanValue[];
  note?: string;
}

const shape = zInvoiceCreate.shape;

// One student's invoice with fees of its own (a late joiner, a trip, a replacement card): the lines,
// a discount, the instalments. It is pending until issued, as generated ones are.
export function InvoiceCreateDrawer({
  open,
  onClose,
  onDone,
}: {
  open: boolean;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = usePaymentTexts();
  const kit = useKitTexts();
  const { message } = App.useApp();
  const required = useRequired();
  const semesters = useSemesters();
  const [form] = Form.useForm<Values>();
  const currency = DEFAULT_CURRENCY;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue({
      lines: [{ name: '', amount: null }],
      plan: [{ label: '', dueDate: null, percent: 100 }],
      discount: 0,
      semesterId: semesters.data?.find((s) => s.current)?.value ?? null,
    });
  }, [open, form, semesters.data]);

  const { saving, save } = useFormSave(form, {
    toBody: (v: Values): InvoiceCreate => ({
      studentId: v.studentId ?? 0,
      title: v.title?.trim() ?? '',
      semesterId: v.semesterId ?? null,
      lines: (v.lines ?? []).map((l) => ({ name: l.name?.trim() ?? '', amount: l.amount ?? 0 })),
      discount: v.discount ?? 0,
      discountReason: v.discountReason?.trim() || null,
      plan: (v.plan ?? []).map((p) => ({
        label: p.label?.trim() || null,
        dueDate: p.dueDate?.format(DAY) ?? '',
        percent: p.percent ?? 0,
      })),
      note: v.note?.trim() || null,
    }),
    problems: (body) => planProblems(codedProblems(zInvoiceCreate, body)),
    send: async (body) => {
      const made = await paymentCalls.create(body);
      message.success(t('payment.createDone', { no: made.invoiceNo }));
      onClose();
      onDone();
    },
  });

  return (
    <EditorDrawer
      title={t('payment.createInvoice')}
      open={open}
      saving={saving}
      save={save}
      onClose={onClose}
      hint={t('payment.createHint')}
    >
      <Form<Values> form={form} layout="vertical" name="invoice-create">
        <Row gutter={16}>
          <Col {...half}>
            <Form.Item
              name="studentId"
              label={t('payment.student')}
              rules={[required(t('payment.student'), { picked: true, type: 'number' })]}
            >
              <StudentSelect placeholder={t('payment.studentPick')} />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item name="semesterId" label={t('payment.semester')}>
              <Select allowClear loading={semesters.isPending} options={semesters.data} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item
          name="title"
          label={t('payment.invoiceTitle')}
          rules={[required(t('payment.invoiceTitle')), zodRule(shape.title, kit.t)]}
        >
          <Input autoComplete="off" count={{ show: true, max: 100 }} />
        </Form.Item>
        <Section id="invoice-create-lines" title={t('payment.lines')}>
          <FeeLinesField name="lines" currency={currency} />
        </Section>
        <Row gutter={16}>
          <Col {...half}>
            <Form.Item name="discount" label={t('payment.discount')}>
              <MoneyInput currency={currency} min={0} />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item
              name="discountReason"
              label={t('payment.discountReason')}
              rules={[zodRule(shape.discountReason, kit.t)]}
            >
              <Input autoComplete="off" maxLength={200} />
            </Form.Item>
          </Col>
        </Row>
        <Section id="invoice-create-plan" title={t('payment.plan')}>
          <PlanField name="plan" />
        </Section>
        <Form.Item name="note" label={t('payment.note')} rules={[zodRule(shape.note, kit.t)]}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} count={{ show: true, max: 500 }} />
        </Form.Item>
      </Form>
    </EditorDrawer>
  );
}
