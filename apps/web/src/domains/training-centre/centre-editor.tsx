import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { type TrainingCentre, type TrainingCentreInput, zTrainingCentreCreate } from '@lyceum/contract';
import { App, Button, Col, Form, Input, InputNumber, Row, Typography } from 'antd';
import { useEffect } from 'react';
import { EditorDrawer, useFormSave } from '../../crud/form-save';
import { useKitTexts } from '../../crud/i18n';
import { resourceApi } from '../../crud/resource-api';
import type { Editing } from '../../crud/screen-slots';
import { zodRule } from '../../crud/zod-rules';
import { half, useRequired } from '../../ui/editor-kit';
import { useCentreTexts } from './training-centre-texts';

type Save = Omit<TrainingCentreInput, 'id'>;
export const centreApi = resourceApi<TrainingCentre, Save, Save & { id: number }, object>('trainingCentre');

type Values = {
  name?: string;
  code?: string;
  address?: string;
  note?: string;
  contacts: { name?: string; phone?: string; email?: string; role?: string }[];
  venues: { id?: number; name?: string; capacity?: number; note?: string }[];
};
const shape = zTrainingCentreCreate.shape;
const blank = (v: string | undefined) => v?.trim() || null;

// A centre's form: what it is called and where, who to call there, and its rooms.
export function CentreEditor({
  editing,
  onClose,
  onSaved,
}: {
  editing: Editing<TrainingCentre> | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useCentreTexts();
  const kit = useKitTexts();
  const { message } = App.useApp();
  const required = useRequired();
  const [form] = Form.useForm<Values>();
  const row = editing?.kind === 'edit' ? editing.row : null;

  useEffect(() => {
    if (!editing) return;
    form.resetFields();
    form.setFieldsValue(
      row
        ? {
            name: row.name,
            code: row.code,
            address: row.address ?? undefined,
            note: row.note ?? undefined,
            contacts: row.contacts.map((c) => ({
              name: c.name,
              phone: c.phone ?? undefined,
              email: c.email ?? undefined,
              role: c.role ?? undefined,
            })),
            venues: row.venues.map((v) => ({
              id: v.id,
              name: v.name,
              capacity: v.capacity,
              note: v.note ?? undefined,
            })),
          }
        : { contacts: [], venues: [] },
    );
  }, [editing, row, form]);

  const { saving, save } = useFormSave(form, {
    toBody: (v: Values): Save => ({
      name: v.name?.trim() ?? '',
      code: v.code?.trim() ?? '',
      address: blank(v.address),
      note: blank(v.note),
      contacts: (v.contacts ?? []).map((c) => ({
        name: c.name?.trim() ?? '',
        phone: blank(c.phone),
        email: blank(c.email),
        role: blank(c.role),
      })),
      venues: (v.venues ?? []).map((x) => ({
        id: x.id ?? null,
        name: x.name?.trim() ?? '',
        capacity: x.capacity ?? 0,
        note: blank(x.note),
      })),
    }),
    problems: () => [],
    send: async (body) => {
      if (row) await centreApi.update({ ...body, id: row.id });
      else await centreApi.create(body);
      message.success(t('trainingCentre.saved'));
      onSaved();
    },
  });

  return (
    <EditorDrawer
      title={row ? t('trainingCentre.editTitle', { name: row.name }) : t('trainingCentre.newTitle')}
      open={!!editing}
      saving={saving}
      save={save}
      onClose={onClose}
      hint={t('trainingCentre.hint')}
      width={720}
    >
      <Form<Values> name="trainingCentre" form={form} layout="vertical" scrollToFirstError>
        <Row gutter={16}>
          <Col {...half}>
            <Form.Item
              name="name"
              label={t('trainingCentre.name')}
              rules={[required(t('trainingCentre.name')), zodRule(shape.name, kit.t)]}
            >
              <Input autoFocus autoComplete="off" />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item
              name="code"
              label={t('trainingCentre.code')}
              rules={[required(t('trainingCentre.code')), zodRule(shape.code, kit.t)]}
            >
              <Input autoComplete="off" />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="address" label={t('trainingCentre.address')} rules={[zodRule(shape.address, kit.t)]}>
          <Input autoComplete="off" />
        </Form.Item>
        <Typography.Title level={5}>{t('trainingCentre.contacts')}</Typography.Title>
        <Form.List name="contacts">
          {(fields, { add, remove }) => (
            <>
              {fields.map((f) => (
                <Row gutter={8} key={f.key} align="top">
                  <Col xs={24} sm={6}>
                    <Form.Item
                      name={[f.name, 'name']}
                      aria-label={t('trainingCentre.contactName')}
                      rules={[required(t('trainingCentre.contactName'))]}
                    >
                      <Input
                        placeholder={t('trainingCentre.contactName')}
                        aria-label={t('trainingCentre.contactName')}
                      />
                    </Form.Item>
                  </Col>
                  <Col xs={24} sm={5}>
                    <Form.Item name={[f.name, 'role']}>
                      <Input
                        placeholder={t('trainingCentre.contactRole')}
                        aria-label={t('trainingCentre.contactRole')}
                      />
                    </Form.Item>
                  </Col>
                  <Col xs={24} sm={5}>
                    <Form.Item name={[f.name, 'phone']}>
                      <Input
                        placeholder={t('trainingCentre.contactPhone')}
                        aria-label={t('trainingCentre.contactPhone')}
                      />
                    </Form.Item>
                  </Col>
                  <Col xs={20} sm={6}>
                    <Form.Item name={[f.name, 'email']}>
                      <Input
                        placeholder={t('trainingCentre.contactEmail')}
                        aria-label={t('trainingCentre.contactEmail')}
                      />
                    </Form.Item>
                  </Col>
                  <Col xs={4} sm={2}>
                    <Button
                      type="text"
                      icon={<DeleteOutlined />}
                      aria-label={t('trainingCentre.remove')}
                      onClick={() => remove(f.name)}
                    />
                  </Col>
                </Row>
              ))}
              <Button icon={<PlusOutlined />} onClick={() => add({})} style={{ marginBottom: 16 }}>
                {t('trainingCentre.addContact')}
              </Button>
            </>
          )}
        </Form.List>
        <Typography.Title level={5}>{t('trainingCentre.venues')}</Typography.Title>
        <Form.List name="venues">
          {(fields, { add, remove }) => (
            <>
              {fields.map((f) => (
                <Row gutter={8} key={f.key} align="top">
                  <Col xs={24} sm={9}>
                    <Form.Item name={[f.name, 'name']} rules={[required(t('trainingCentre.venueName'))]}>
                      <Input placeholder={t('trainingCentre.venueName')} aria-label={t('trainingCentre.venueName')} />
                    </Form.Item>
                  </Col>
                  <Col xs={24} sm={5}>
                    <Form.Item name={[f.name, 'capacity']}>
                      <InputNumber
                        min={0}
                        precision={0}
                        style={{ width: '100%' }}
                        placeholder={t('trainingCentre.venueCapacity')}
                        aria-label={t('trainingCentre.venueCapacity')}
                      />
                    </Form.Item>
                  </Col>
                  <Col xs={20} sm={8}>
                    <Form.Item name={[f.name, 'note']}>
                      <Input placeholder={t('trainingCentre.venueNote')} aria-label={t('trainingCentre.venueNote')} />
                    </Form.Item>
                  </Col>
                  <Col xs={4} sm={2}>
                    <Button
                      type="text"
                      icon={<DeleteOutlined />}
                      aria-label={t('trainingCentre.remove')}
                      onClick={() => remove(f.name)}
                    />
                  </Col>
                </Row>
              ))}
              <Button icon={<PlusOutlined />} onClick={() => add({ capacity: 0 })} style={{ marginBottom: 16 }}>
                {t('trainingCentre.addVenue')}
              </Button>
            </>
          )}
        </Form.List>
        <Form.Item name="note" label={t('trainingCentre.note')} rules={[zodRule(shape.note, kit.t)]}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} />
        </Form.Item>
      </Form>
    </EditorDrawer>
  );
}
