import { zLessonCreate } from '@lyceum/contract';
import { App, Col, DatePicker, Form, Input, Modal, Row, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { codedProblems } from '../../crud/zod-rules';
import { fieldErrorText } from '../../shell/server-error';
import { useRequired } from '../../ui/editor-kit';
import { runChange } from './change-errors';
import { useClashFieldName } from './clash-table';
import { pathOf } from './form-problems';
import { TeacherSelect, TeamSelect, VenueSelect } from './pickers';
import { dayValueProps } from './term-day-drawer';
import { timetableCalls, useRefreshLessons, useTimetableSettings } from './timetable-api';
import { useTimetableTexts } from './timetable-texts';
import { WhenFields, type WhenValues, whenBody } from './when-inputs';

export interface LessonPrefill extends WhenValues {
  day?: string;
  teamId?: number | null;
  teacherId?: number | null;
  venueId?: number | null;
}

interface Values extends LessonPrefill {
  title?: string;
  assistantId?: number | null;
  note?: string;
}

const half = { xs: 24, sm: 12 };

// An extra lesson (a make-up class, a talk), prefilled from the empty cell clicked and whose week
// is shown. Its teacher, assistant, room and class are booked at once: a clash lands under the one
// taken, naming what is in the way.
export function LessonDialog({
  open,
  semesterId,
  prefill,
  onClose,
}: {
  open: boolean;
  semesterId: number;
  prefill?: LessonPrefill;
  onClose: () => void;
}) {
  const { t } = useTimetableTexts();
  const { message } = App.useApp();
  const required = useRequired();
  const refresh = useRefreshLessons();
  const fieldName = useClashFieldName();
  const periods = useTimetableSettings().data?.periods ?? [];
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue({
      byTimes: false,
      teamId: null,
      teacherId: null,
      assistantId: null,
      venueId: null,
      note: '',
      ...prefill,
    });
  }, [open, prefill, form]);

  async function submit() {
    const v = form.getFieldsValue(true) as Values;
    const body = {
      semesterId,
      title: v.title?.trim() ?? '',
      teamId: v.teamId ?? 0,
      teacherId: v.teacherId ?? 0,
      assistantId: v.assistantId ?? null,
      venueId: v.venueId ?? null,
      day: v.day ?? '',
      ...whenBody(v),
      note: v.note?.trim() || null,
    };
    const found = codedProblems(zLessonCreate, body);
    if (found.length) {
      form.setFields(found.map((p) => ({ name: pathOf(p.field) as never, errors: [fieldErrorText(p.detail, '')] })));
      return;
    }
    await runChange(
      form,
      async () => {
        await timetableCalls.createLesson(body);
        message.success(t('tt.lessonAdded'));
        refresh();
        onClose();
      },
      [v.byTimes ? 'startTime' : 'periodFrom'],
      fieldName,
      setBusy,
    );
  }

  return (
    <Modal
      open={open}
      title={t('tt.addLesson')}
      okText={t('tt.addLessonOk')}
      onOk={() => form.submit()}
      confirmLoading={busy}
      onCancel={onClose}
      width={640}
      forceRender
    >
      <Form<Values> form={form} name="lesson-create" layout="vertical" onFinish={() => void submit()}>
        <Typography.Paragraph type="secondary">{t('tt.addLessonHint')}</Typography.Paragraph>
        <Row gutter={16}>
          <Col span={24}>
            <Form.Item name="title" label={t('tt.lessonTitle')} rules={[required(t('tt.lessonTitle'))]}>
              <Input maxLength={64} placeholder={t('tt.lessonTitlePlaceholder')} autoFocus />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item
              name="teamId"
              label={t('tt.class')}
              rules={[required(t('tt.class'), { picked: true, type: 'number' })]}
            >
              <TeamSelect placeholder={t('tt.pickClass')} />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item name="venueId" label={t('tt.venue')}>
              <VenueSelect placeholder={t('tt.noVenue')} />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item
              name="teacherId"
              label={t('tt.teacher')}
              rules={[required(t('tt.teacher'), { picked: true, type: 'number' })]}
            >
              <TeacherSelect placeholder={t('tt.searchTeacher')} />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item name="assistantId" label={t('tt.assistant')}>
              <TeacherSelect placeholder={t('tt.noAssistant')} />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item name="day" label={t('tt.day')} rules={[{ required: true }]} {...dayValueProps}>
              <DatePicker style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <div className="tt-when-row">
              <WhenFields periods={periods} />
            </div>
          </Col>
          <Col span={24}>
            <Form.Item name="note" label={t('tt.note')}>
              <Input maxLength={200} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}
