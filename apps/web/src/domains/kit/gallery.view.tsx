import { field, type ResourceMeta } from '@lyceum/contract';
import { Card, Col, Descriptions, Form, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { useKitTexts } from '../../crud/i18n';
import { renderCell } from '../../crud/meta-columns';
import { formItem } from '../../crud/meta-inputs';
import { useRefChoices } from '../../crud/ref-options';
import { pickTitle, useLang } from '../../shell/i18n';

// A made-up resource with one field of each kind the exam screens will need.
// It borrows the degree screen's permissions: nothing here is saved.
const galleryMeta: ResourceMeta = {
  name: 'kitGallery',
  title: { en: 'Field kinds', zh: '字段类型' },
  permission: 'degree',
  fields: [
    field('startTime', ['Starts at', '开始时间'], 'datetime', { required: true }),
    field('duration', ['Duration', '时长'], 'duration', { required: true }),
    field('invigilatorId', ['Invigilator', '监考人'], 'ref', {
      ref: { resource: 'user', labelKey: 'realName', remote: true },
    }),
    field('questionIds', ['Questions', '题目'], 'refs', {
      ref: { resource: 'question', labelKey: 'stem', remote: true },
    }),
    field('degreeId', ['Degree', '学历'], 'ref', { ref: { resource: 'degree' } }),
    field('notice', ['Notice to candidates', '考生须知'], 'richText'),
  ],
};

const initial = {
  startTime: '2026-12-01T01:30:00.000Z',
  duration: 90,
  // A row far from the picker's first page: its name is fetched by id.
  invigilatorId: 1,
  notice: '<p>Bring a pen. <b>No phones.</b></p>',
};

// Every field kind as a form input and as a table cell, side by side (VITE_KIT_GALLERY builds only).
export default function KitGalleryView() {
  useKitTexts();
  const { t } = useTranslation();
  const lang = useLang();
  const refs = useRefChoices(galleryMeta.fields);
  const [form] = Form.useForm();
  const values = Form.useWatch([], form) ?? initial;
  const ctx = { lang, t, refs };
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={12}>
        <Card size="small" title={pickTitle(galleryMeta.title, lang)}>
          <Form form={form} layout="vertical" name="kit-gallery" initialValues={initial}>
            {galleryMeta.fields.map((f) => formItem(f, undefined, ctx))}
          </Form>
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card size="small" title={t('kit.asShown')}>
          <Descriptions column={1} size="small" bordered>
            {galleryMeta.fields.map((f) => (
              <Descriptions.Item key={f.key} label={pickTitle(f.label, lang)}>
                {renderCell(f, (values as Record<string, unknown>)[f.key], ctx)}
              </Descriptions.Item>
            ))}
          </Descriptions>
        </Card>
      </Col>
    </Row>
  );
}
