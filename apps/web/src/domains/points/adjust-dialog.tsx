import { PointAction } from '@lyceum/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Descriptions, Form, Input, InputNumber, Modal, Radio, Typography } from 'antd';
import { useEffect } from 'react';
import { useDialogRun } from '../../crud/dialog-run';
import { useLang } from '../../shell/i18n';
import { useRequired } from '../../ui/editor-kit';
import { pointsText } from '../../ui/points-format';
import { StudentSelect } from '../../ui/student-select';
import { POINTS_KEY, pointCalls } from './points-api';
import { usePointsTexts } from './points-words';

// Who is adjusted: a person of the accounts list (with the balance it shows), or anyone, picked in
// the dialog (`userId` undefined).
export interface AdjustTarget {
  userId?: number;
  name?: string;
  balance?: number;
}

interface Values {
  userId?: number;
  action: PointAction;
  amount?: number;
  remark?: string;
}

const MAX_AMOUNT = 1_000_000;

// Adding or deducting points by hand (point:adjust): the change, the amount and a reason, which the
// student reads in their history; the balance after is shown as it will be. A deduction beyond the
// balance is refused here and, whatever the screen showed, by the database.
export function AdjustDialog({ target, onClose }: { target: AdjustTarget | null; onClose: () => void }) {
  const { t } = usePointsTexts();
  const lang = useLang();
  const client = useQueryClient();
  const required = useRequired();
  const [form] = Form.useForm<Values>();
  const chosen = Form.useWatch('userId', form);
  const action = Form.useWatch('action', form) ?? PointAction.Add;
  const amount = Form.useWatch('amount', form);
  const userId = target?.userId ?? chosen;
  // The balance now: the list's when it came from a row, else the person's account, read when picked.
  const account = useQuery({
    queryKey: [POINTS_KEY, 'balance', userId],
    queryFn: ({ signal }) => pointCalls.balanceOf(userId ?? 0, { signal }),
    enabled: target !== null && target.userId === undefined && userId !== undefined,
  });
  const balance = target?.balance ?? (userId === undefined ? undefined : account.data);
  const signed = action === PointAction.Reduce ? -(amount ?? 0) : (amount ?? 0);
  const after = balance === undefined ? undefined : balance + signed;

  const { running, run } = useDialogRun(() => {
    onClose();
    void client.invalidateQueries({ queryKey: [POINTS_KEY] });
  });
  useEffect(() => {
    if (!target) return;
    form.resetFields();
    form.setFieldsValue({ userId: target.userId, action: PointAction.Add });
  }, [target, form]);

  async function submit() {
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const who = target?.name ?? '';
    await run(
      () =>
        pointCalls.adjust({
          userId: values.userId ?? target?.userId ?? 0,
          action: values.action,
          amount: values.amount ?? 0,
          remark: values.remark?.trim() ?? '',
        }),
      (entry) =>
        t('points.adjusted', {
          name: who || entry.realName || entry.userName,
          balance: pointsText(entry.balanceAfter, lang),
        }),
      form,
    );
  }

  return (
    <Modal
      open={target !== null}
      title={target?.name ? t('points.adjustTitle', { name: target.name }) : t('points.adjustTitleAny')}
      okText={t('points.adjust')}
      okButtonProps={{ loading: running }}
      cancelText={t('common.cancel')}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('points.adjustHint')}</Typography.Paragraph>
      <Form<Values> form={form} layout="vertical" name="points-adjust" preserve={false}>
        {target?.userId === undefined && (
          <Form.Item
            name="userId"
            label={t('points.person')}
            rules={[required(t('points.person'), { picked: true, type: 'number' })]}
          >
            <StudentSelect placeholder={t('points.pickPerson')} />
          </Form.Item>
        )}
        <Form.Item name="action" label={t('points.change')}>
          <Radio.Group
            optionType="button"
            buttonStyle="solid"
            options={[
              { value: PointAction.Add, label: t('points.add') },
              { value: PointAction.Reduce, label: t('points.deduct') },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="amount"
          label={t('points.amount')}
          dependencies={['action']}
          rules={[
            required(t('points.amount'), { type: 'number' }),
            {
              validator: async (_, value: number | undefined) => {
                if (value === undefined || value === null) return;
                if (!Number.isInteger(value) || value < 1) throw new Error(t('validation.minValue', { min: 1 }));
                if (value > MAX_AMOUNT)
                  throw new Error(t('validation.maxValue', { max: pointsText(MAX_AMOUNT, lang) }));
                const reducing = form.getFieldValue('action') === PointAction.Reduce;
                if (reducing && balance !== undefined && value > balance)
                  throw new Error(t('points.overdraw', { balance: pointsText(balance, lang) }));
              },
            },
          ]}
        >
          <InputNumber precision={0} style={{ width: 180 }} />
        </Form.Item>
        <Form.Item
          name="remark"
          label={t('points.reason')}
          extra={t('points.reasonHint')}
          rules={[required(t('points.reason'))]}
        >
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} count={{ show: true, max: 200 }} />
        </Form.Item>
      </Form>
      {balance !== undefined && (
        <Descriptions size="small" column={2} className="points-adjust-figures">
          <Descriptions.Item label={t('points.balanceNow')}>{pointsText(balance, lang)}</Descriptions.Item>
          <Descriptions.Item label={t('points.balanceAfter')}>
            <Typography.Text strong type={after !== undefined && after < 0 ? 'danger' : undefined}>
              {after === undefined ? '—' : pointsText(after, lang)}
            </Typography.Text>
          </Descriptions.Item>
        </Descriptions>
      )}
    </Modal>
  );
}
