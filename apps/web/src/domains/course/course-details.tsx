import { enumValues, labelOf, PriceKind, priceKindLabels, zCourseCreate } from '@lyceum/contract';
import { Col, Form, Input, InputNumber, Row, Select, Switch, TreeSelect } from 'antd';
import type { Rule } from 'antd/es/form';
import { FileInput } from '../../crud/file-input';
import { zodRule } from '../../crud/zod-rules';
import { RichTextInput } from '../../rich-text/rich-text-input';
import { useLang } from '../../shell/i18n';
import { half, Section, useRequired } from '../../ui/editor-kit';
import { searchTeachers, toTreeOptions, useSubjects } from '../../ui/lookups';
import { UserSearchSelect } from '../../ui/user-search-select';
import type { DetailValues } from './course-form';
import { useCourseTexts } from './course-texts';
import type { CourseEditorState } from './use-course-editor';

function useCheck() {
  const { t } = useCourseTexts();
  return (key: keyof typeof zCourseCreate.shape): Rule => zodRule(zCourseCreate.shape[key], t);
}

// The rich-text editor as a form field (the form hands it value and onChange).
export function RichField(props: {
  id?: string;
  value?: string;
  onChange?: (html: string) => void;
  rows?: number;
  placeholder?: string;
  status?: 'error';
  ariaLabel?: string;
}) {
  const { value, onChange, ...rest } = props;
  return <RichTextInput {...rest} value={value ?? ''} onChange={(html) => onChange?.(html)} />;
}

// The course's own fields: what it is, how it counts, how it is learnt, who teaches it, its price.
export function CourseDetails({ editor }: { editor: CourseEditorState }) {
  const { t } = useCourseTexts();
  const lang = useLang();
  const required = useRequired();
  const check = useCheck();
  const subjects = useSubjects();
  const priceKind = Form.useWatch('priceKind', editor.form);
  const isRequired = Form.useWatch('required', editor.form);

  return (
    <Form<DetailValues>
      form={editor.form}
      name="course-details"
      layout="vertical"
      initialValues={editor.initialDetails}
      disabled={!editor.canSave}
      onValuesChange={() => editor.setDirty(true)}
      className="course-details"
    >
      <Section id="course-what" title={t('course.sectionWhat')}>
        <Row gutter={16}>
          <Col xs={24} sm={8}>
            <Form.Item
              name="code"
              label={t('course.code')}
              tooltip={t('course.codeHint')}
              rules={[required(t('course.code')), check('code')]}
            >
              <Input autoComplete="off" maxLength={32} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={16}>
            <Form.Item name="title" label={t('course.title')} rules={[required(t('course.title')), check('title')]}>
              <Input autoComplete="off" count={{ show: true, max: 200 }} />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item name="categoryId" label={t('course.category')}>
              <TreeSelect
                allowClear
                showSearch
                treeNodeFilterProp="title"
                treeDefaultExpandAll
                loading={subjects.isPending}
                treeData={toTreeOptions(subjects.data)}
                placeholder={t('course.categoryPlaceholder')}
              />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item name="coverUrl" label={t('course.cover')} tooltip={t('course.coverHint')}>
              <FileInput purpose="image" preview />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="description" label={t('course.description')}>
              <RichField rows={5} placeholder={t('course.descriptionPlaceholder')} />
            </Form.Item>
          </Col>
        </Row>
      </Section>
      <Section id="course-how" title={t('course.sectionHow')}>
        <Row gutter={16}>
          <Col {...half}>
            <Form.Item name="required" label={t('course.kind')} tooltip={t('course.kindHint')}>
              <Select
                options={[
                  { value: true, label: t('course.required') },
                  { value: false, label: t('course.elective') },
                ]}
              />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item name="creditHours" label={t('course.creditHours')} rules={[check('creditHours')]}>
              <InputNumber min={0} max={1000} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item
              name="selfEnrol"
              label={t('course.selfEnrol')}
              tooltip={t('course.selfEnrolHint')}
              valuePropName="checked"
              extra={isRequired ? t('course.selfEnrolRequired') : undefined}
            >
              <Switch />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item
              name="sequential"
              label={t('course.sequential')}
              tooltip={t('course.sequentialHint')}
              valuePropName="checked"
            >
              <Switch />
            </Form.Item>
          </Col>
        </Row>
      </Section>
      <Section id="course-who" title={t('course.sectionWho')}>
        <Form.Item name="teacherIds" label={t('course.teachers')} tooltip={t('course.teachersHint')}>
          <UserSearchSelect kind="teacher" search={searchTeachers} placeholder={t('course.teacherSearch')} />
        </Form.Item>
      </Section>
      <Section id="course-price" title={t('course.sectionPrice')}>
        <Row gutter={16}>
          <Col {...half}>
            <Form.Item name="priceKind" label={t('course.priceKind')} tooltip={t('course.priceHint')}>
              <Select
                allowClear
                placeholder={t('course.free')}
                options={enumValues(priceKindLabels).map((v) => ({
                  value: v,
                  label: labelOf(priceKindLabels, v, lang),
                }))}
              />
            </Form.Item>
          </Col>
          {priceKind != null && (
            <Col {...half}>
              <Form.Item
                name="price"
                label={t('course.price')}
                rules={[required(t('course.price'), { type: 'number' })]}
              >
                <InputNumber
                  min={0}
                  precision={priceKind === PriceKind.Money ? 2 : 0}
                  suffix={priceKind === PriceKind.Money ? t('course.yuan') : t('course.points')}
                  style={{ width: '100%' }}
                />
              </Form.Item>
            </Col>
          )}
        </Row>
      </Section>
    </Form>
  );
}
