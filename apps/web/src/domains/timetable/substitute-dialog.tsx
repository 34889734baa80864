import { type FreeTeacher, type LessonRow, LessonStatus } from '@lyceum/contract';
import { useQuery } from '@tanstack/react-query';
import { App, Empty, Form, Input, Modal, Radio, Skeleton, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { runChange } from './change-errors';
import { useClashFieldName } from './clash-table';
import { KEYS, lessonApi, timetableCalls, useRefreshLessons } from './timetable-api';
import { useTimetableTexts } from './timetable-texts';

interface Values {
  teacherId?: number;
  reason?: string;
}

// Another teacher takes the lesson: the teachers free for its whole time, fewest lessons that day
// first, and the chosen one's lessons that day. Choosing the original teacher back ends a
// substitution.
export function SubstituteDialog({ lesson, onClose }: { lesson: LessonRow | null; onClose: () => void }) {
  const { t } = useTimetableTexts();
  const { message } = App.useApp();
  const refresh = useRefreshLessons();
  const fieldName = useClashFieldName();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const chosen = Form.useWatch('teacherId', form);
  const free = useQuery({
    queryKey: [KEYS.lesson, 'freeTeachers', lesson?.id],
    queryFn: ({ signal }) => timetableCalls.freeTeachers(lesson?.id as number, { signal }),
    enabled: lesson !== null,
  });

  useEffect(() => {
    if (lesson) form.setFieldsValue({ teacherId: undefined, reason: '' });
  }, [lesson, form]);

  async function submit(v: Values) {
    if (!lesson || v.teacherId === undefined) return;
    const teacherId = v.teacherId;
    const back = teacherId === lesson.originalTeacherId;
    await runChange(
      form,
      async () => {
        await timetableCalls.substitute(lesson.id, { teacherId, reason: v.reason?.trim() || null });
        message.success(t(back ? 'tt.substituteEndedDone' : 'tt.substitutedDone'));
        refresh();
        onClose();
      },
      ['teacherId'],
      fieldName,
      setBusy,
    );
  }

  const teachers = free.data ?? [];
  return (
    <Modal
      open={lesson !== null}
      title={lesson ? t('tt.substituteTitle', { name: lesson.title, day: lesson.day }) : ''}
      okText={t('tt.substitute')}
      onOk={() => form.submit()}
      okButtonProps={{ disabled: teachers.length === 0 }}
      confirmLoading={busy}
      onCancel={onClose}
      width={560}
      forceRender
    >
      <Form<Values> form={form} name="lesson-substitute" layout="vertical" onFinish={(v) => void submit(v)}>
        {lesson && (
          <Typography.Paragraph type="secondary">
            {t('tt.substituteHint', {
              teacher: lesson.teacherName,
              time: `${lesson.day} ${lesson.startTime}–${lesson.endTime}`,
            })}
          </Typography.Paragraph>
        )}
        {free.isPending ? (
          <Skeleton active />
        ) : teachers.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('tt.noFreeTeachers')} />
        ) : (
          <Form.Item
            name="teacherId"
            label={t('tt.freeTeachers', { count: teachers.length })}
            rules={[{ required: true, message: t('validation.select', { field: t('tt.teacher') }) }]}
          >
            <Radio.Group className="tt-choice-list tt-choice-scroll">
              {teachers.map((p: FreeTeacher) => (
                <Radio key={p.id} value={p.id}>
                  <span className="tt-choice-main">{`${p.realName} (${p.userName})`}</span>
                  <Typography.Text type="secondary">
                    {` ${t('tt.lessonsThatDay', { count: p.lessonsThatDay })}`}
                  </Typography.Text>
                  {p.id === lesson?.originalTeacherId && <Tag className="tt-tag-gap">{t('tt.originalTeacher')}</Tag>}
                </Radio>
              ))}
            </Radio.Group>
          </Form.Item>
        )}
        {lesson && chosen !== undefined && <TheirDay teacherId={chosen} day={lesson.day} />}
        <Form.Item name="reason" label={t('tt.reason')} extra={t('tt.reasonHint')}>
          <Input.TextArea maxLength={200} autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

// The chosen teacher's lessons that day, so the office sees how full the day gets.
function TheirDay({ teacherId, day }: { teacherId: number; day: string }) {
  const { t } = useTimetableTexts();
  const lessons = useQuery({
    queryKey: [KEYS.lesson, 'page', 'day', teacherId, day],
    queryFn: () => lessonApi.page({ teacherId, from: day, to: day, pageIndex: 1, pageSize: 50 }),
  });
  const list = (lessons.data?.list ?? []).filter((l) => l.status !== LessonStatus.Cancelled);
  return (
    <div className="tt-their-day" aria-live="polite">
      <Typography.Text strong>{t('tt.theirDay')}</Typography.Text>
      {lessons.isPending ? (
        <Skeleton active paragraph={{ rows: 1 }} />
      ) : list.length === 0 ? (
        <Typography.Paragraph type="secondary">{t('tt.theirDayEmpty')}</Typography.Paragraph>
      ) : (
        <ul>
          {list.map((l) => (
            <li key={l.id}>{`${l.startTime}–${l.endTime} · ${l.title} · ${l.teamName}`}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
