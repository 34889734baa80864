import { type Accommodation, extraMinutesOf, type User, zAccommodation } from '@lyceum/contract';
import { api } from '@lyceum/contract/routes';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Form, Input, InputNumber, Modal, Skeleton, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useConfirm } from '../../crud/confirm';
import { showServerFieldError } from '../../crud/server-field-error';
import { zodRule } from '../../crud/zod-rules';
import { moduleTexts } from '../../shell/module-texts';
import { ApiError, call } from '../../shell/request';
import './accommodation.css';

const texts = moduleTexts(
  'accommodation',
  {
    action: 'Accommodations',
    title: 'Accommodations: {{name}}',
    intro: 'More time in every timed exam this student sits, added to the exam’s duration automatically.',
    factor: 'Extra-time factor',
    factorHint: '1 is none; 1.25 gives a 60-minute exam 75 minutes (1 to 3, in steps of 0.05).',
    minutes: 'Extra minutes',
    minutesHint: 'Added after the factor (0 to 600).',
    note: 'Note',
    notePlaceholder: 'Why, and anything invigilators should know (not shown to the student)',
    example: 'A 60-minute exam: {{total}} minutes for this student (+{{extra}}).',
    none: 'No accommodations: the exam’s own duration.',
    saved: 'Accommodations saved for {{name}}',
    clear: 'Remove accommodations',
    clearConfirm: 'Remove the accommodations of {{name}}?',
    clearHint: 'Their exams go back to the normal duration.',
    cleared: 'Accommodations removed for {{name}}',
    loadFailed: 'The accommodations could not be loaded.',
  },
  {
    action: '考试照顾',
    title: '考试照顾：{{name}}',
    intro: '该学生参加的每场限时考试都会自动延长考试时长。',
    factor: '延时倍数',
    factorHint: '1 表示不延时；1.25 表示 60 分钟的考试可用 75 分钟（1 至 3，步长 0.05）。',
    minutes: '额外分钟',
    minutesHint: '在倍数之后再加上的分钟数（0 至 600）。',
    note: '备注',
    notePlaceholder: '原因及监考老师需要了解的情况（学生不可见）',
    example: '60 分钟的考试：该学生可用 {{total}} 分钟（+{{extra}}）。',
    none: '无照顾：按考试本身的时长。',
    saved: '已保存 {{name}} 的考试照顾',
    clear: '取消考试照顾',
    clearConfirm: '确定取消 {{name}} 的考试照顾吗？',
    clearHint: '其考试将恢复正常时长。',
    cleared: '已取消 {{name}} 的考试照顾',
    loadFailed: '无法加载考试照顾信息。',
  },
);
export const useAccommodationTexts = texts.useTexts;

interface Values {
  extraTimeFactor: number;
  extraMinutes: number;
  note?: string;
}
const NONE: Values = { extraTimeFactor: 1, extraMinutes: 0, note: '' };
const fields = zAccommodation.shape;

const load = (id: number) => call(api.accommodation.get, { params: { id } });
const save = (id: number, body: Values) =>
  call(api.accommodation.set, { params: { id }, body: { ...body, note: body.note || null } }, { loading: true });

// A student's accommodations: an extra-time factor, extra minutes and a note, applied by every exam.
export function AccommodationModal({ student, onClose }: { student: User | null; onClose: () => void }) {
  const { t } = useAccommodationTexts();
  const { message } = App.useApp();
  const confirm = useConfirm();
  const client = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const current = useQuery({
    queryKey: ['accommodation', student?.id],
    queryFn: () => load(student?.id as number),
    enabled: !!student,
    gcTime: 0,
  });
  const factor = Form.useWatch('extraTimeFactor', form) ?? 1;
  const minutes = Form.useWatch('extraMinutes', form) ?? 0;

  useEffect(() => {
    if (!student || current.data === undefined) return;
    const a: Accommodation | null = current.data;
    form.setFieldsValue(
      a ? { extraTimeFactor: a.extraTimeFactor, extraMinutes: a.extraMinutes, note: a.note ?? '' } : NONE,
    );
  }, [student, current.data, form]);

  if (!student) return null;
  const name = student.realName;

  async function submit(values: Values) {
    setSaving(true);
    try {
      await save(student!.id, values);
      await client.invalidateQueries({ queryKey: ['accommodation'] });
      message.success(t('accommodation.saved', { name }));
      onClose();
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      showServerFieldError(form, err);
    } finally {
      setSaving(false);
    }
  }

  function clear() {
    confirm({
      title: t('accommodation.clearConfirm', { name }),
      content: t('accommodation.clearHint'),
      danger: true,
      okText: t('accommodation.clear'),
      onOk: async () => {
        await save(student!.id, NONE);
        await client.invalidateQueries({ queryKey: ['accommodation'] });
        message.success(t('accommodation.cleared', { name }));
        onClose();
      },
    });
  }

  const extra = extraMinutesOf(60, {
    extraTimeFactor: Number(factor) || 1,
    extraMinutes: Number(minutes) || 0,
  });
  const hasOne = !!current.data && (current.data.extraTimeFactor > 1 || current.data.extraMinutes > 0);

  return (
    <Modal
      title={t('accommodation.title', { name })}
      open
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Space wrap style={{ justifyContent: 'space-between', width: '100%' }}>
          <span>
            {hasOne && (
              <Button danger onClick={clear}>
                {t('accommodation.clear')}
              </Button>
            )}
          </span>
          <Space>
            <Button onClick={onClose}>{t('common.cancel')}</Button>
            <Button type="primary" loading={saving} disabled={!current.isSuccess} onClick={() => form.submit()}>
              {t('common.save')}
            </Button>
          </Space>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">{t('accommodation.intro')}</Typography.Paragraph>
      {current.isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : current.isError ? (
        <Alert type="error" showIcon title={t('accommodation.loadFailed')} />
      ) : (
        <Form<Values> form={form} name="accommodation" layout="vertical" onFinish={submit} initialValues={NONE}>
          <div className="accommodation-grid">
            <Form.Item
              name="extraTimeFactor"
              label={t('accommodation.factor')}
              extra={t('accommodation.factorHint')}
              rules={[{ required: true }, zodRule(fields.extraTimeFactor, t)]}
            >
              <InputNumber min={1} max={3} step={0.05} precision={2} style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item
              name="extraMinutes"
              label={t('accommodation.minutes')}
              extra={t('accommodation.minutesHint')}
              rules={[{ required: true }, zodRule(fields.extraMinutes, t)]}
            >
              <InputNumber min={0} max={600} step={5} style={{ width: '100%' }} />
            </Form.Item>
          </div>
          <Form.Item name="note" label={t('accommodation.note')} rules={[zodRule(fields.note, t)]}>
            <Input.TextArea rows={2} maxLength={200} showCount placeholder={t('accommodation.notePlaceholder')} />
          </Form.Item>
          <Alert
            type={extra > 0 ? 'info' : 'success'}
            showIcon
            role="status"
            title={extra > 0 ? t('accommodation.example', { total: 60 + extra, extra }) : t('accommodation.none')}
          />
        </Form>
      )}
    </Modal>
  );
}
