import { DEFAULT_CURRENCY, type FeeStructure, zFeeStructureCreate } from '@lyceum/contract';
import { App, Col, Form, Input, InputNumber, Row, Select } from 'antd';
import dayjs from 'dayjs';
import { useEffect } from 'react';
import { EditorDrawer, useFormSave } from '../../crud/form-save';
import { useKitTexts } from '../../crud/i18n';
import type { Editing } from '../../crud/screen-slots';
import { codedProblems, zodRule } from '../../crud/zod-rules';
import { half, Section, useRequired } from '../../ui/editor-kit';
import { useSemesters } from '../../ui/lookups';
import { FeeLinesField, type LineValue, PlanField, type PlanValue } from './fee-fields';
import { type StructureSave, structureApi } from './payment-api';
import { DAY, planProblems, usePaymentTexts } from './payment-words';

interface Values {
  name?: string;
  semesterId?: number | null;
  gradeYear?: number | null;
  currency?: string;
  items: LineValue[];
  plan: PlanValue[];
  note?: string;
}

const shape = zFeeStructureCreate.shape;

// A term's fees for a grade: the items (tuition, books, boarding), the plan that splits the total
// into instalments by share and due day, and the currency. Invoices made from it keep their own copy,
// so changing it later changes no invoice already made.
export function StructureEditor({
  editing,
  onClose,
  onSaved,
}: {
  editing: Editing<FeeStructure> | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = usePaymentTexts();
  const kit = useKitTexts();
  const { message } = App.useApp();
  const required = useRequired();
  const semesters = useSemesters();
  const [form] = Form.useForm<Values>();
  const currency = (Form.useWatch('currency', form) as string | undefined) || DEFAULT_CURRENCY;
  const row = editing?.kind === 'edit' ? editing.row : null;

  useEffect(() => {
    if (!editing) return;
    form.resetFields();
    form.setFieldsValue(
      row
        ? {
            name: row.name,
            semesterId: row.semesterId,
            gradeYear: row.gradeYear,
            currency: row.currency,
            items: row.items.map((i) => ({ id: i.id, name: i.name, amount: i.amount })),
            plan: row.plan.map((p) => ({ label: p.label ?? '', dueDate: dayjs(p.dueDate), percent: p.percent })),
            note: row.note ?? '',
          }
        : {
            currency: DEFAULT_CURRENCY,
            items: [{ name: '', amount: null }],
            plan: [{ label: '', dueDate: null, percent: 100 }],
          },
    );
  }, [editing, row, form]);

  const { saving, save } = useFormSave(form, {
    toBody: (v: Values): StructureSave => ({
      name: v.name?.trim() ?? '',
      semesterId: v.semesterId ?? null,
      gradeYear: v.gradeYear ?? null,
      currency: v.currency?.trim().toUpperCase() || undefined,
      items: (v.items ?? []).map((i) => ({ id: i.id ?? null, name: i.name?.trim() ?? '', amount: i.amount ?? 0 })),
      plan: (v.plan ?? []).map((p) => ({
        label: p.label?.trim() || null,
        dueDate: p.dueDate?.format(DAY) ?? '',
        percent: p.percent ?? 0,
      })),
      note: v.note?.trim() || null,
    }),
    problems: (body) => planProblems(codedProblems(zFeeStructureCreate, body)),
    send: async (body) => {
      if (row) await structureApi.update({ ...body, id: row.id });
      else await structureApi.create(body);
      message.success(t('common.saved'));
      onSaved();
    },
  });

  return (
    <EditorDrawer
      title={row ? t('payment.structureEditTitle', { name: row.name }) : t('payment.structureNewTitle')}
      open={!!editing}
      saving={saving}
      save={save}
      onClose={onClose}
      hint={t('payment.structureHint')}
    >
      <Form<Values> name="fee-structure" form={form} layout="vertical" scrollToFirstError>
        <Form.Item
          name="name"
          label={t('payment.structureName')}
          rules={[required(t('payment.structureName')), zodRule(shape.name, kit.t)]}
        >
          <Input autoFocus autoComplete="off" count={{ show: true, max: 64 }} />
        </Form.Item>
        <Row gutter={16}>
          <Col {...half}>
            <Form.Item name="semesterId" label={t('payment.semester')}>
              <Select allowClear loading={semesters.isPending} options={semesters.data} />
            </Form.Item>
          </Col>
          <Col xs={12} sm={6}>
            <Form.Item name="gradeYear" label={t('payment.gradeYear')} rules={[zodRule(shape.gradeYear, kit.t)]}>
              <InputNumber precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} sm={6}>
            <Form.Item
              name="currency"
              label={t('payment.currency')}
              rules={[{ pattern: /^[A-Za-z]{3}$/, message: t('payment.currencyHint') }]}
            >
              <Input maxLength={3} autoComplete="off" style={{ textTransform: 'uppercase' }} />
            </Form.Item>
          </Col>
        </Row>
        <Section id="fee-structure-items" title={t('payment.items')}>
          <FeeLinesField
            name="items"
            currency={/^[A-Z]{3}$/i.test(currency) ? currency.toUpperCase() : DEFAULT_CURRENCY}
          />
        </Section>
        <Section id="fee-structure-plan" title={t('payment.plan')}>
          <PlanField name="plan" />
        </Section>
        <Form.Item name="note" label={t('payment.note')} rules={[zodRule(shape.note, kit.t)]}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} count={{ show: true, max: 500 }} />
        </Form.Item>
      </Form>
    </EditorDrawer>
  );
}
