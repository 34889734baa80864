import {
  enumValues,
  type FieldMeta,
  field,
  labelOf,
  MessageAssociation,
  MessageTarget,
  messageAssociationLabels,
  messageAudienceLabels,
  messageTargetLabels,
  zMessageCreate,
} from '@lyceum/contract';
import { api } from '@lyceum/contract/routes';
import { Col, Form, Input, Radio, Row, Switch } from 'antd';
import type { Rule } from 'antd/es/form';
import dayjs from 'dayjs';
import { RichTextField } from '../../crud/field-kinds';
import { RefSelect } from '../../crud/ref-select';
import { zodRule } from '../../crud/zod-rules';
import { useLang } from '../../shell/i18n';
import { usePermission } from '../../shell/permission';
import { type Cancel, call } from '../../shell/request';
import { MomentField, Section, useRequired } from '../../ui/editor-kit';
import { TargetField } from '../exam/exam-editor-who';
import { AttachmentsInput } from './message-attachments';
import { useMessageTexts } from './message-texts';

// The message editor's parts, in the order a sender fills them in: what, to whom, when, about what.

function useCheck() {
  const { t } = useMessageTexts();
  return (key: keyof typeof zMessageCreate.shape): Rule => zodRule(zMessageCreate.shape[key], t);
}

// Students and staff, by name or user name.
const searchPeople = (userName: string, { signal }: Cancel = {}) =>
  call(api.user.byUserName, { body: { userName, limit: 50 } }, { signal });

export function WhatSection() {
  const { t } = useMessageTexts();
  const required = useRequired();
  const check = useCheck();
  return (
    <Section id="message-what" title={t('message.sectionWhat')}>
      <Form.Item name="title" label={t('message.title')} rules={[required(t('message.title')), check('title')]}>
        <Input autoFocus autoComplete="off" count={{ show: true, max: 200 }} />
      </Form.Item>
      <Form.Item name="body" label={t('message.body')}>
        <RichTextField label={t('message.body')} />
      </Form.Item>
      <Form.Item name="attachments" label={t('message.attachments')} tooltip={t('message.attachmentsHint')}>
        <AttachmentsInput />
      </Form.Item>
    </Section>
  );
}

export function WhoSection() {
  const { t } = useMessageTexts();
  const lang = useLang();
  const targetType = Form.useWatch<MessageTarget | undefined>('targetType');
  const wide = usePermission(['message:all']);
  const radios = <T extends number>(labels: Record<T, { en: string; zh: string }>) =>
    enumValues(labels).map((v) => ({ value: v, label: labelOf(labels, v, lang) }));
  const show =
    targetType === MessageTarget.Grade
      ? 'grades'
      : targetType === MessageTarget.Class
        ? 'classes'
        : targetType === MessageTarget.Individual
          ? 'people'
          : null;
  return (
    <Section id="message-who" title={t('message.sectionWho')}>
      <Form.Item name="targetType" label={t('message.targetType')}>
        <Radio.Group
          options={radios(messageTargetLabels).map((o) => ({
            ...o,
            // The whole school and grades are beyond a teacher's own classes (message:all).
            disabled: !wide && (o.value === MessageTarget.School || o.value === MessageTarget.Grade),
          }))}
        />
      </Form.Item>
      {targetType === MessageTarget.School && (
        <Form.Item name="audience" label={t('message.audience')}>
          <Radio.Group options={radios(messageAudienceLabels)} />
        </Form.Item>
      )}
      <TargetField
        show={show}
        peopleField="userIds"
        people={{ kind: 'people', search: searchPeople }}
        texts={{
          gradeYears: t('message.gradeYears'),
          gradeYearsHint: t('message.gradeYearsHint'),
          gradeYearsPlaceholder: t('message.gradeYearsPlaceholder'),
          teams: t('message.teams'),
          teamsPlaceholder: t('message.teamsPlaceholder'),
          people: t('message.users'),
          peoplePlaceholder: t('message.usersPlaceholder'),
        }}
      />
    </Section>
  );
}

export function WhenSection() {
  const { t } = useMessageTexts();
  const start = Form.useWatch<string | null | undefined>('openStart');
  const before = (iso: string | null | undefined) => (d: dayjs.Dayjs) => !!iso && d.isBefore(dayjs(iso).startOf('day'));
  return (
    <Section id="message-when" title={t('message.sectionWhen')}>
      <Row gutter={16}>
        <Col span={24}>
          <Form.Item
            name="needRead"
            valuePropName="checked"
            label={t('message.needRead')}
            tooltip={t('message.needReadHint')}
          >
            <Switch />
          </Form.Item>
        </Col>
        <MomentField name="openStart" label={t('message.openStart')} extra={t('message.openStartHint')} optional />
        <MomentField
          name="openEnd"
          label={t('message.openEnd')}
          extra={t('message.openEndHint')}
          disabledDate={before(start)}
          optional
        />
      </Row>
    </Section>
  );
}

// What a message can be about today: an exam or a homework task (courses arrive later).
const ABOUT_CHOICES = [MessageAssociation.None, MessageAssociation.Exam, MessageAssociation.Task] as const;
const aboutFields: Partial<Record<MessageAssociation, FieldMeta>> = {
  [MessageAssociation.Exam]: field('associationId', ['Exam', '考试'], 'ref', {
    ref: { resource: 'exam', remote: true },
  }),
  [MessageAssociation.Task]: field('associationId', ['Homework', '作业'], 'ref', {
    ref: { resource: 'task', remote: true },
  }),
};

export function AboutSection() {
  const { t } = useMessageTexts();
  const lang = useLang();
  const required = useRequired();
  const form = Form.useFormInstance();
  const about = Form.useWatch<MessageAssociation | undefined>('associationType');
  const picked = about === undefined ? undefined : aboutFields[about];
  const label = about === MessageAssociation.Task ? t('message.task') : t('message.exam');
  return (
    <Section id="message-about" title={t('message.sectionAbout')}>
      <Form.Item name="associationType" label={t('message.associationType')}>
        <Radio.Group
          options={ABOUT_CHOICES.map((v) => ({ value: v, label: labelOf(messageAssociationLabels, v, lang) }))}
          // Another kind of thing: the one picked before is not of it.
          onChange={() => form.setFieldValue('associationId', null)}
        />
      </Form.Item>
      {picked && (
        <Form.Item
          key={about}
          name="associationId"
          label={label}
          rules={[required(label, { picked: true, type: 'number' })]}
        >
          <RefSelect
            field={picked}
            choices={undefined}
            multiple={false}
            label={label}
            placeholder={
              about === MessageAssociation.Task ? t('message.taskPlaceholder') : t('message.examPlaceholder')
            }
          />
        </Form.Item>
      )}
    </Section>
  );
}
