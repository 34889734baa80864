import { type LessonRow, LessonStatus } from '@lyceum/contract';
import { useQuery } from '@tanstack/react-query';
import { App, Empty, Form, Input, Modal, Radio, Skeleton, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { runChange } from './change-errors';
import { useClashFieldName } from './clash-table';
import { KEYS, lessonApi, timetableCalls, useRefreshLessons } from './timetable-api';
import { addDays, mondayOf } from './timetable-dates';
import { useTimetableTexts, useWeekdayName } from './timetable-texts';

interface Values {
  bId?: number;
  reason?: string;
}

// Swapping a lesson with another lesson of its class in the same week: the two exchange their
// times and rooms, re-booked together (a clash names the lesson it concerns).
export function SwapDialog({ lesson, onClose }: { lesson: LessonRow | null; onClose: () => void }) {
  const { t } = useTimetableTexts();
  const { message } = App.useApp();
  const refresh = useRefreshLessons();
  const weekday = useWeekdayName();
  const fieldName = useClashFieldName();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const monday = lesson ? mondayOf(lesson.day) : '';
  const week = useQuery({
    queryKey: [KEYS.lesson, 'page', 'swap', lesson?.teamId, monday],
    queryFn: () =>
      lessonApi.page({ teamId: lesson?.teamId, from: monday, to: addDays(monday, 6), pageIndex: 1, pageSize: 200 }),
    enabled: lesson !== null,
  });
  const now = Date.now();
  const others = (week.data?.list ?? []).filter(
    (l) => l.id !== lesson?.id && l.status !== LessonStatus.Cancelled && Date.parse(l.endsAt) > now,
  );

  useEffect(() => {
    if (lesson) form.setFieldsValue({ bId: undefined, reason: '' });
  }, [lesson, form]);

  async function submit(v: Values) {
    if (!lesson || v.bId === undefined) return;
    const bId = v.bId;
    await runChange(
      form,
      async () => {
        await timetableCalls.swap({ aId: lesson.id, bId, reason: v.reason?.trim() || null });
        message.success(t('tt.swappedDone'));
        refresh();
        onClose();
      },
      ['bId'],
      (field) => (field === 'aId' ? lesson.title : fieldName(field)),
      setBusy,
    );
  }

  return (
    <Modal
      open={lesson !== null}
      title={lesson ? t('tt.swapTitle', { name: lesson.title, day: lesson.day }) : ''}
      okText={t('tt.swap')}
      onOk={() => form.submit()}
      okButtonProps={{ disabled: others.length === 0 }}
      confirmLoading={busy}
      onCancel={onClose}
      forceRender
    >
      <Form<Values> form={form} name="lesson-swap" layout="vertical" onFinish={(v) => void submit(v)}>
        <Typography.Paragraph type="secondary">{t('tt.swapHint')}</Typography.Paragraph>
        {week.isPending ? (
          <Skeleton active />
        ) : others.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('tt.swapNone')} />
        ) : (
          <Form.Item
            name="bId"
            label={t('tt.swapWith')}
            rules={[{ required: true, message: t('validation.select', { field: t('tt.swapWith') }) }]}
          >
            <Radio.Group className="tt-choice-list">
              {others.map((l) => (
                <Radio key={l.id} value={l.id}>
                  <span className="tt-choice-main">{`${weekday(l.weekday)} ${l.day} · ${l.startTime}–${l.endTime}`}</span>
                  <Typography.Text type="secondary">{` ${l.title} · ${l.teacherName}${l.venueName ? ` · ${l.venueName}` : ''}`}</Typography.Text>
                </Radio>
              ))}
            </Radio.Group>
          </Form.Item>
        )}
        <Form.Item name="reason" label={t('tt.reason')} extra={t('tt.reasonHint')}>
          <Input.TextArea maxLength={200} autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
