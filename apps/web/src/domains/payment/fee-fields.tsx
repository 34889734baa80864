import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { FEE_ITEMS_MAX, FEE_PLAN_MAX } from '@lyceum/contract';
import { Button, DatePicker, Form, Input, InputNumber, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useLang } from '../../shell/i18n';
import { useRequired } from '../../ui/editor-kit';
import { formatMoney } from '../../ui/money-format';
import { MoneyInput } from '../../ui/money-input';
import { usePaymentTexts } from './payment-words';

// The two lists a fee structure and a one-off invoice are made of: the fees (name and amount) and
// the plan (instalments: a share of the total due by a day).

export interface LineValue {
  id?: number | null;
  name?: string;
  amount?: number | null;
}
export interface PlanValue {
  label?: string;
  dueDate?: Dayjs | null;
  percent?: number | null;
}

export function FeeLinesField({ name, currency }: { name: string; currency: string }) {
  const { t } = usePaymentTexts();
  const lang = useLang();
  const required = useRequired();
  const lines = (Form.useWatch(name) as LineValue[] | undefined) ?? [];
  const total = lines.reduce((sum, l) => sum + (l?.amount ?? 0), 0);
  return (
    <Form.List name={name}>
      {(fields, { add, remove }) => (
        <div className="pay-list-field">
          {fields.map((field, index) => (
            <div key={field.key} className="pay-list-row">
              <Form.Item name={[field.name, 'name']} rules={[required(t('payment.item'))]} className="pay-list-grow">
                <Input
                  placeholder={t('payment.itemHint')}
                  aria-label={t('payment.itemN', { n: index + 1 })}
                  maxLength={64}
                />
              </Form.Item>
              <Form.Item name={[field.name, 'amount']} rules={[required(t('payment.amount'), { type: 'number' })]}>
                <MoneyInput currency={currency} min={1} aria-label={t('payment.amountN', { n: index + 1 })} />
              </Form.Item>
              <Button
                type="text"
                icon={<DeleteOutlined />}
                aria-label={t('payment.removeItem', { n: index + 1 })}
                disabled={fields.length <= 1}
                onClick={() => remove(field.name)}
              />
            </div>
          ))}
          <div className="pay-list-foot">
            <Button
              icon={<PlusOutlined />}
              disabled={fields.length >= FEE_ITEMS_MAX}
              onClick={() => add({ name: '', amount: null })}
            >
              {t('payment.addItem')}
            </Button>
            <Typography.Text strong>
              {t('payment.itemsTotal', { amount: formatMoney(total, currency, lang) })}
            </Typography.Text>
          </div>
        </div>
      )}
    </Form.List>
  );
}

export function PlanField({ name }: { name: string }) {
  const { t } = usePaymentTexts();
  const required = useRequired();
  const plan = (Form.useWatch(name) as PlanValue[] | undefined) ?? [];
  const sum = plan.reduce((s, p) => s + (p?.percent ?? 0), 0);
  return (
    <Form.List name={name}>
      {(fields, { add, remove }, { errors }) => (
        <div className="pay-list-field">
          {fields.map((field, index) => (
            <div key={field.key} className="pay-list-row">
              <Form.Item name={[field.name, 'label']} className="pay-list-grow">
                <Input
                  placeholder={t('payment.instalmentN', { n: index + 1 })}
                  aria-label={t('payment.planLabelN', { n: index + 1 })}
                  maxLength={40}
                />
              </Form.Item>
              <Form.Item
                name={[field.name, 'dueDate']}
                rules={[{ required: true, message: t('validation.select', { field: t('payment.dueDate') }) }]}
              >
                <DatePicker aria-label={t('payment.planDueN', { n: index + 1 })} style={{ width: 150 }} />
              </Form.Item>
              <Form.Item name={[field.name, 'percent']} rules={[required(t('payment.percent'), { type: 'number' })]}>
                <InputNumber
                  min={1}
                  max={100}
                  precision={0}
                  suffix="%"
                  aria-label={t('payment.planPercentN', { n: index + 1 })}
                  style={{ width: 100 }}
                />
              </Form.Item>
              <Button
                type="text"
                icon={<DeleteOutlined />}
                aria-label={t('payment.removeInstalment', { n: index + 1 })}
                disabled={fields.length <= 1}
                onClick={() => remove(field.name)}
              />
            </div>
          ))}
          <div className="pay-list-foot">
            <Button
              icon={<PlusOutlined />}
              disabled={fields.length >= FEE_PLAN_MAX}
              onClick={() => add({ label: '', dueDate: null, percent: Math.max(0, 100 - sum) || null })}
            >
              {t('payment.addInstalment')}
            </Button>
            <Typography.Text type={sum === 100 ? 'success' : 'danger'} strong>
              {t('payment.planSum', { sum })}
            </Typography.Text>
          </div>
          <Form.ErrorList errors={errors} />
        </div>
      )}
    </Form.List>
  );
}
