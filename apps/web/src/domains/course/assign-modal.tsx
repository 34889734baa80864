import { type AssignmentInput, CourseRange, courseRangeLabels, enumValues, labelOf } from '@lyceum/contract';
import { App, Col, Form, Modal, Radio, Row, Switch, Typography } from 'antd';
import { useState } from 'react';
import { showServerFieldError } from '../../crud/server-field-error';
import { useLang } from '../../shell/i18n';
import { useRequired } from '../../ui/editor-kit';
import { MomentInput, momentValueProps } from '../../ui/moment-input';
import { courseCalls } from './course-api';
import { useLearnerTexts } from './learner-texts';
import { ClassSelect, DepartmentSelect, GradeYearSelect, StudentSelect } from './target-pickers';

type Values = Omit<AssignmentInput, 'courseId'>;
type TargetKey = 'gradeYears' | 'teamIds' | 'departmentIds' | 'studentIds';

// The one target field a range type asks for.
const TARGET_FIELD: Record<CourseRange, TargetKey> = {
  [CourseRange.Grade]: 'gradeYears',
  [CourseRange.Class]: 'teamIds',
  [CourseRange.Department]: 'departmentIds',
  [CourseRange.Individual]: 'studentIds',
};

// Assigning a course: to grades, classes, departments (with their sub-departments) or named
// students, required or elective, with an optional due time.
export function AssignModal({
  courseId,
  onClose,
  onDone,
}: {
  courseId: number;
  onClose: () => void;
  onDone: (students: number) => void;
}) {
  const { t } = useLearnerTexts();
  const lang = useLang();
  const required = useRequired();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const rangeType = Form.useWatch('rangeType', form) ?? CourseRange.Class;
  const field = TARGET_FIELD[rangeType];
  const labels: Record<CourseRange, string> = {
    [CourseRange.Grade]: t('courseLearners.gradeYears'),
    [CourseRange.Class]: t('courseLearners.classes'),
    [CourseRange.Department]: t('courseLearners.departments'),
    [CourseRange.Individual]: t('courseLearners.students'),
  };
  const label = labels[rangeType];

  async function submit(values: Values) {
    setSaving(true);
    try {
      // Only the chosen range's targets go: the others may hold what was picked before a switch.
      const pick = (k: TargetKey) => (k === field ? (values[k] ?? []) : []);
      const body: AssignmentInput = {
        courseId,
        rangeType: values.rangeType,
        required: values.required,
        dueTime: values.dueTime ?? null,
        gradeYears: pick('gradeYears'),
        teamIds: pick('teamIds'),
        departmentIds: pick('departmentIds'),
        studentIds: pick('studentIds'),
      };
      const saved = await courseCalls.assign(body);
      message.success(t('courseLearners.assigned', { count: saved.students }));
      onDone(saved.students);
    } catch (err) {
      showServerFieldError(form, err);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      open
      title={t('courseLearners.assignTitle')}
      okText={t('courseLearners.assign')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      width={620}
    >
      <Form<Values>
        form={form}
        name="course-assign"
        layout="vertical"
        initialValues={{ rangeType: CourseRange.Class, required: true, dueTime: null }}
        onFinish={submit}
      >
        <Form.Item name="rangeType" label={t('courseLearners.rangeType')}>
          <Radio.Group
            optionType="button"
            options={enumValues(courseRangeLabels).map((v) => ({
              value: v,
              label: labelOf(courseRangeLabels, v, lang),
            }))}
          />
        </Form.Item>
        <Form.Item
          key={field}
          name={field}
          label={label}
          tooltip={rangeType === CourseRange.Department ? t('courseLearners.departmentsHint') : undefined}
          rules={[{ ...required(label, { picked: true, type: 'number' }), type: 'array' }]}
        >
          {rangeType === CourseRange.Grade ? (
            <GradeYearSelect placeholder={t('courseLearners.gradeYearsPlaceholder')} />
          ) : rangeType === CourseRange.Class ? (
            <ClassSelect placeholder={t('courseLearners.classesPlaceholder')} />
          ) : rangeType === CourseRange.Department ? (
            <DepartmentSelect placeholder={t('courseLearners.departmentsPlaceholder')} />
          ) : (
            <StudentSelect placeholder={t('courseLearners.studentsPlaceholder')} />
          )}
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} sm={10}>
            <Form.Item
              name="required"
              label={t('courseLearners.requiredLabel')}
              tooltip={t('courseLearners.requiredHint')}
              valuePropName="checked"
            >
              <Switch />
            </Form.Item>
          </Col>
          <Col xs={24} sm={14}>
            <Form.Item name="dueTime" label={t('courseLearners.dueTime')} {...momentValueProps}>
              <MomentInput />
            </Form.Item>
          </Col>
        </Row>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          {t('courseLearners.assignHint')}
        </Typography.Paragraph>
      </Form>
    </Modal>
  );
}
