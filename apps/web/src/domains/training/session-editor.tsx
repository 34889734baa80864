import {
  type TrainingCentre,
  type TrainingProgramme,
  type TrainingSession,
  type TrainingSessionInput,
  zTrainingSessionCreate,
} from '@lyceum/contract';
import { useQuery } from '@tanstack/react-query';
import { App, Col, Form, Input, InputNumber, Row, Select } from 'antd';
import { useEffect } from 'react';
import { EditorDrawer, useFormSave } from '../../crud/form-save';
import { useKitTexts } from '../../crud/i18n';
import { resourceApi } from '../../crud/resource-api';
import type { Editing } from '../../crud/screen-slots';
import { zodRule } from '../../crud/zod-rules';
import { half, MomentField, useRequired } from '../../ui/editor-kit';
import { searchTeachers } from '../../ui/lookups';
import { MoneyInput } from '../../ui/money-input';
import { UserSearchSelect } from '../../ui/user-search-select';
import { useSessionTexts } from './session-texts';
import './session.css';

type Save = Omit<TrainingSessionInput, 'id'>;
export const sessionApi = resourceApi<TrainingSession, Save, Save & { id: number }, object>('trainingSession');
const programmeApi = resourceApi<TrainingProgramme, never, never, object>('trainingProgramme');
const centreApi = resourceApi<TrainingCentre, never, never, object>('trainingCentre');
// The organisation's currency comes with every session; a first session shows the usual one.
const FALLBACK_CURRENCY = 'CNY';

type Values = Partial<Omit<Save, 'trainerIds'>> & { trainerIds?: number[] };
const shape = zTrainingSessionCreate.shape;

// A session's form: its programme and title, where (centre and one of its rooms), when (and until
// when bookings are taken), who trains, how many places, the fee shown and the hours credited.
export function SessionEditor({
  editing,
  currency,
  onClose,
  onSaved,
}: {
  editing: Editing<TrainingSession> | null;
  currency: string | undefined;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useSessionTexts();
  const kit = useKitTexts();
  const { message } = App.useApp();
  const required = useRequired();
  const [form] = Form.useForm<Values>();
  const row = editing?.kind === 'edit' ? editing.row : null;
  const programmes = useQuery({
    queryKey: ['trainingProgramme', 'list'],
    queryFn: () => programmeApi.list({}),
    enabled: !!editing,
  });
  const centres = useQuery({
    queryKey: ['trainingCentre', 'list'],
    queryFn: () => centreApi.list({}),
    enabled: !!editing,
  });
  const centreId = Form.useWatch('centreId', form);
  const venues = centres.data?.find((c) => c.id === centreId)?.venues ?? [];
  const money = row?.currency ?? currency ?? FALLBACK_CURRENCY;

  useEffect(() => {
    if (!editing) return;
    form.resetFields();
    form.setFieldsValue(
      row
        ? {
            programmeId: row.programmeId,
            centreId: row.centreId,
            venueId: row.venueId,
            title: row.title,
            startAt: row.startAt,
            endAt: row.endAt,
            bookingDeadline: row.bookingDeadline,
            trainerIds: row.trainerIds,
            capacity: row.capacity,
            fee: row.fee,
            hours: row.hours,
            note: row.note,
          }
        : { trainerIds: [], fee: 0, capacity: 20 },
    );
  }, [editing, row, form]);

  const { saving, save } = useFormSave(form, {
    toBody: (v: Values): Save => ({
      programmeId: v.programmeId ?? 0,
      centreId: v.centreId ?? 0,
      venueId: v.venueId ?? null,
      title: v.title?.trim() ?? '',
      startAt: v.startAt ?? '',
      endAt: v.endAt ?? '',
      bookingDeadline: v.bookingDeadline ?? null,
      trainerIds: v.trainerIds ?? [],
      capacity: v.capacity ?? 0,
      fee: v.fee ?? 0,
      hours: v.hours ?? 0,
      note: v.note?.trim() || null,
    }),
    problems: () => [],
    send: async (body) => {
      if (row) await sessionApi.update({ ...body, id: row.id });
      else await sessionApi.create(body);
      message.success(t('trainingSession.saved'));
      onSaved();
    },
  });

  const label = (key: string) => t(`trainingSession.${key}`);
  return (
    <EditorDrawer
      title={row ? t('trainingSession.editTitle', { name: row.title }) : t('trainingSession.newTitle')}
      open={!!editing}
      saving={saving}
      save={save}
      onClose={onClose}
      hint={t('trainingSession.hint')}
      width={720}
    >
      <Form<Values> name="trainingSession" form={form} layout="vertical" scrollToFirstError>
        <Row gutter={16}>
          <Col {...half}>
            <Form.Item
              name="programmeId"
              label={label('programme')}
              rules={[required(label('programme'), { picked: true, type: 'number' })]}
            >
              <Select
                showSearch
                optionFilterProp="label"
                loading={programmes.isPending}
                options={(programmes.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
              />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item
              name="title"
              label={label('title')}
              rules={[required(label('title')), zodRule(shape.title, kit.t)]}
            >
              <Input autoComplete="off" />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item
              name="centreId"
              label={label('centre')}
              rules={[required(label('centre'), { picked: true, type: 'number' })]}
            >
              <Select
                showSearch
                optionFilterProp="label"
                loading={centres.isPending}
                onChange={() => form.setFieldValue('venueId', null)}
                options={(centres.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
              />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item name="venueId" label={label('venue')}>
              <Select allowClear options={venues.map((v) => ({ value: v.id, label: `${v.name} (${v.capacity})` }))} />
            </Form.Item>
          </Col>
          <MomentField name="startAt" label={label('starts')} />
          <MomentField name="endAt" label={label('ends')} />
          <MomentField name="bookingDeadline" label={label('deadline')} optional extra={label('deadlineHint')} />
          <Col {...half}>
            <Form.Item name="trainerIds" label={label('trainers')} className="training-pick">
              <UserSearchSelect
                kind="teacher"
                search={searchTeachers}
                placeholder={label('trainers')}
                aria-label={label('trainers')}
              />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item
              name="capacity"
              label={label('capacity')}
              rules={[required(label('capacity'), { type: 'number' }), zodRule(shape.capacity, kit.t)]}
            >
              <InputNumber min={1} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item
              name="hours"
              label={label('hours')}
              rules={[required(label('hours'), { type: 'number' }), zodRule(shape.hours, kit.t)]}
            >
              <InputNumber min={0} step={0.5} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item name="fee" label={label('fee')} extra={label('feeHint')}>
              <MoneyInput currency={money} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="note" label={label('note')} rules={[zodRule(shape.note, kit.t)]}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} />
        </Form.Item>
      </Form>
    </EditorDrawer>
  );
}
