import { SafetyCertificateOutlined } from '@ant-design/icons';
import { type CheckResult, PAGE_SIZE_MAX, type TeachingAssignment, zTeachingAssignmentCreate } from '@lyceum/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Col, Form, Input, InputNumber, Row, Skeleton, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { EditorDrawer } from '../../crud/form-save';
import { RemoteRefSelect } from '../../crud/remote-ref-select';
import { codedProblems } from '../../crud/zod-rules';
import { useRequired } from '../../ui/editor-kit';
import { ClashTable } from './clash-table';
import { pathOf, useRowsFormSave } from './form-problems';
import { TeacherSelect, TeamSelect, VenueSelect } from './pickers';
import { type SlotValues, scheduledPerWeek, slotBody, slotValues } from './slot-values';
import { SlotsEditor } from './slots-editor';
import {
  type AssignmentSave,
  assignmentApi,
  KEYS,
  type SemesterRef,
  timetableCalls,
  useTimetableSettings,
} from './timetable-api';
import { useTimetableTexts } from './timetable-texts';

interface Values {
  subject?: string;
  courseId?: number | null;
  teamId?: number | null;
  teacherId?: number | null;
  assistantId?: number | null;
  venueId?: number | null;
  periodsPerWeek?: number | null;
  note?: string;
  slots?: SlotValues[];
}

const half = { xs: 24, sm: 12 };

function toBody(semesterId: number, id: number | null, v: Values): AssignmentSave {
  return {
    id,
    semesterId,
    courseId: v.courseId ?? null,
    subject: v.subject?.trim() ?? '',
    teamId: v.teamId ?? 0,
    teacherId: v.teacherId ?? 0,
    assistantId: v.assistantId ?? null,
    venueId: v.venueId ?? null,
    periodsPerWeek: v.periodsPerWeek ?? 0,
    note: v.note?.trim() || null,
    slots: (v.slots ?? []).map(slotBody),
  };
}

// The other saved assignments of the semester that could be in this one's way: the same class, a
// teacher of it (as teacher or assistant) or one of its rooms.
async function relatedAssignments(semesterId: number, a: AssignmentSave): Promise<number[]> {
  const people = [a.teacherId, a.assistantId].filter((id): id is number => id != null);
  const rooms = [a.venueId, ...(a.slots ?? []).map((s) => s.venueId)].filter((id): id is number => id != null);
  const filters = [
    { teamId: a.teamId },
    ...people.map((teacherId) => ({ teacherId })),
    ...[...new Set(rooms)].map((venueId) => ({ venueId })),
  ];
  const pages = await Promise.all(
    filters.map((f) => assignmentApi.page({ ...f, semesterId, pageIndex: 1, pageSize: PAGE_SIZE_MAX })),
  );
  return [...new Set(pages.flatMap((p) => p.list.map((x) => x.id)))].filter((id) => id !== a.id);
}

// Who teaches what to which class, where and how often, with its weekly slots. "Check clashes"
// runs this draft against everything booked (nothing is saved); the table lists each clash.
export function AssignmentEditor(props: {
  semester: SemesterRef;
  // An assignment to edit, 'new', or null when closed.
  editing: TeachingAssignment | 'new' | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { semester, editing, onClose, onSaved } = props;
  const { t } = useTimetableTexts();
  const { message } = App.useApp();
  const required = useRequired();
  const [form] = Form.useForm<Values>();
  const settings = useTimetableSettings();
  const periods = settings.data?.periods ?? [];
  const id = editing && editing !== 'new' ? editing.id : null;
  const full = useQuery({
    queryKey: [KEYS.assignment, 'select', id],
    queryFn: ({ signal }) => timetableCalls.assignment(id as number, { signal }),
    enabled: id !== null,
  });
  const [checked, setChecked] = useState<CheckResult | null>(null);
  const slots = Form.useWatch('slots', form) ?? [];
  const perWeek = Form.useWatch('periodsPerWeek', form) ?? 0;
  const ready = id === null || full.isSuccess;

  useEffect(() => {
    if (!editing) return;
    setChecked(null);
    form.resetFields();
    if (editing === 'new') form.setFieldsValue({ periodsPerWeek: 2, slots: [], note: '' });
    else if (full.data)
      form.setFieldsValue({
        subject: full.data.subject,
        courseId: full.data.courseId,
        teamId: full.data.teamId,
        teacherId: full.data.teacherId,
        assistantId: full.data.assistantId,
        venueId: full.data.venueId,
        periodsPerWeek: full.data.periodsPerWeek,
        note: full.data.note ?? '',
        slots: (full.data.slots ?? []).map(slotValues),
      });
  }, [editing, full.data, form]);

  const problems = (body: AssignmentSave) => codedProblems(zTeachingAssignmentCreate, { ...body, id: null });
  const { saving, save } = useRowsFormSave<Values, AssignmentSave>(form, {
    toBody: (v) => toBody(semester.id, id, v),
    problems,
    send: async (body) => {
      if (id === null) await assignmentApi.create(body);
      else await assignmentApi.update({ ...body, id });
      message.success(t('tt.assignmentSaved'));
      onSaved();
    },
  });

  async function check() {
    try {
      await form.validateFields();
    } catch {
      return;
    }
    const body = toBody(semester.id, id, form.getFieldsValue(true) as Values);
    const found = problems(body);
    if (found.length) {
      form.setFields(found.map((p) => ({ name: pathOf(p.field) as never, errors: [t('tt.fixFirst')] })));
      return;
    }
    try {
      // Against what is booked and the saved assignments sharing its class, teachers or rooms (not
      // generated yet, they book nothing); only the clashes this draft is part of are shown.
      const assignmentIds = await relatedAssignments(semester.id, body);
      const result = await timetableCalls.check({ semesterId: semester.id, assignments: [body], assignmentIds });
      const mine = result.clashes.filter((c) => c.index === 0 || c.with.draftIndex === 0);
      const all = result.clashCount === result.clashes.length;
      setChecked({ ...result, clashes: mine, clashCount: all ? mine.length : Math.max(mine.length, 1) });
    } catch {
      // The request client has said why.
    }
  }

  const scheduled = scheduledPerWeek(slots, periods);
  const title =
    id === null ? t('tt.newAssignment') : t('tt.editAssignment', { name: editing !== 'new' ? editing?.subject : '' });

  return (
    <EditorDrawer
      title={title}
      open={editing !== null}
      saving={saving}
      save={save}
      onClose={onClose}
      hint={t('tt.assignmentHint', { semester: semester.name })}
      width={920}
    >
      {!ready ? (
        <Skeleton active />
      ) : (
        <Form<Values> form={form} name="teaching-assignment" layout="vertical">
          <Row gutter={16}>
            <Col {...half}>
              <Form.Item name="subject" label={t('tt.subject')} rules={[required(t('tt.subject'))]}>
                <Input maxLength={64} placeholder={t('tt.subjectPlaceholder')} />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item name="courseId" label={t('tt.course')} extra={t('tt.courseHint')}>
                <RemoteRefSelect refTo={{ resource: 'course', labelKey: 'title' }} placeholder={t('tt.noCourse')} />
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
              <Form.Item name="venueId" label={t('tt.venue')} extra={t('tt.venueHint')}>
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
              <Form.Item name="periodsPerWeek" label={t('tt.periodsPerWeek')} rules={[{ required: true }]}>
                <InputNumber min={0} max={60} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item name="note" label={t('tt.note')}>
                <Input maxLength={200} />
              </Form.Item>
            </Col>
          </Row>
          <div className="tt-slots-head">
            <Typography.Title level={5}>{t('tt.slots')}</Typography.Title>
            <Typography.Text type={scheduled === perWeek ? 'secondary' : 'warning'} data-testid="scheduled-per-week">
              {t('tt.scheduledOf', { scheduled, perWeek })}
            </Typography.Text>
          </div>
          <SlotsEditor periods={periods} />
          <div className="tt-check">
            <Button icon={<SafetyCertificateOutlined />} onClick={() => void check()}>
              {t('tt.checkThis')}
            </Button>
            {checked && checked.clashCount === 0 && (
              <Alert type="success" showIcon title={t('tt.noClashes', { count: checked.occurrences })} />
            )}
            {checked && checked.clashCount > 0 && (
              <>
                <Alert
                  type="error"
                  showIcon
                  title={t('tt.clashesFound', { count: checked.clashCount, occurrences: checked.occurrences })}
                />
                <ClashTable clashes={checked.clashes} count={checked.clashCount} />
              </>
            )}
          </div>
        </Form>
      )}
    </EditorDrawer>
  );
}
