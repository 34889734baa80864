import type { Exam } from '@lyceum/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Form, Input, Modal, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect } from 'react';
import { useDialogRun } from '../../crud/dialog-run';
import { formatMoment, MomentInput, momentValueProps } from '../../ui/moment-input';
import { cancelExam, examApi, extendExam } from './exam-api';
import { useExamTexts } from './exam-texts';

interface Props {
  exam: Exam | null;
  onClose: () => void;
  onDone: () => void;
}

// Cancelling an exam, with an optional reason for its candidates. The papers already handed in are
// read afresh and said, with what becomes of them (kept for staff in Scores, gone from the students).
export function CancelExamModal({ exam, onClose, onDone }: Props) {
  const { t } = useExamTexts();
  const [form] = Form.useForm<{ reason?: string }>();
  const { running, run } = useDialogRun(onDone);
  const fresh = useQuery({
    queryKey: ['exam', 'cancelCheck', exam?.id],
    queryFn: () => examApi.select(exam?.id as number),
    enabled: !!exam,
    staleTime: 0,
    gcTime: 0,
  });
  const handedIn = fresh.data?.handedInCount ?? exam?.handedInCount ?? 0;
  const marked = fresh.data?.markedCount ?? exam?.markedCount ?? 0;
  useEffect(() => {
    if (exam) form.resetFields();
  }, [exam, form]);
  return (
    <Modal
      open={!!exam}
      title={exam ? t('exam.cancelTitle', { name: exam.name }) : ''}
      onCancel={onClose}
      okText={t('exam.cancel')}
      okButtonProps={{ danger: true, loading: running }}
      cancelText={t('exam.keep')}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Typography.Paragraph>{t('exam.cancelHint')}</Typography.Paragraph>
      {handedIn > 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('exam.cancelPapers', { count: handedIn, marked })}
          description={t('exam.cancelPapersFate')}
        />
      )}
      <Form
        form={form}
        name="exam-cancel"
        layout="vertical"
        onFinish={({ reason }) =>
          exam && run(() => cancelExam(exam.id, reason?.trim() || null), t('exam.cancelled', { name: exam.name }), form)
        }
      >
        <Form.Item name="reason" label={t('exam.reason')} rules={[{ max: 200 }]}>
          <Input.TextArea
            autoFocus
            autoSize={{ minRows: 2, maxRows: 4 }}
            maxLength={200}
            placeholder={t('exam.reasonPlaceholder')}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

// Extending an exam: a new end, later than the current one; every candidate's deadline follows.
export function ExtendExamModal({ exam, onClose, onDone }: Props) {
  const { t } = useExamTexts();
  const [form] = Form.useForm<{ windowEnd?: string }>();
  const { running, run } = useDialogRun(onDone);
  useEffect(() => {
    if (!exam) return;
    form.resetFields();
    form.setFieldsValue({ windowEnd: dayjs(exam.windowEnd).add(15, 'minute').toISOString() });
  }, [exam, form]);
  const current = exam ? dayjs(exam.windowEnd) : null;
  return (
    <Modal
      open={!!exam}
      title={exam ? t('exam.extendTitle', { name: exam.name }) : ''}
      onCancel={onClose}
      okText={t('exam.extend')}
      okButtonProps={{ loading: running }}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('exam.extendHint')}</Typography.Paragraph>
      {exam && (
        <Typography.Paragraph>
          {t('exam.currentEnd')}: <strong>{formatMoment(exam.windowEnd)}</strong>
        </Typography.Paragraph>
      )}
      <Form
        form={form}
        name="exam-extend"
        layout="vertical"
        onFinish={({ windowEnd }) =>
          exam &&
          windowEnd &&
          run(
            () => extendExam(exam.id, windowEnd),
            t('exam.extended', { name: exam.name, time: formatMoment(windowEnd) }),
          )
        }
      >
        <Form.Item
          name="windowEnd"
          label={t('exam.newEnd')}
          {...momentValueProps}
          rules={[
            { required: true, message: t('exam.laterThanCurrent') },
            {
              validator: async (_, v: string | null) => {
                if (v && current && !dayjs(v).isAfter(current)) throw new Error(t('exam.laterThanCurrent'));
              },
            },
          ]}
        >
          <MomentInput disabledDate={(d) => !!current && d.isBefore(current.startOf('day'))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
