import {
  LiveProviderKind,
  liveProviderKindLabels,
  RecordingMode,
  recordingModeLabels,
  recordingVisibilityLabels,
  zLiveClassCreate,
} from '@lyceum/contract';
import { Col, Form, Input, InputNumber, Radio, Row, Select, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import dayjs from 'dayjs';
import { enumOptions } from '../../crud/filter-fields';
import { RemoteRefSelect } from '../../crud/remote-ref-select';
import { zodRule } from '../../crud/zod-rules';
import { useLang } from '../../shell/i18n';
import { half, MomentField, Section, useRequired } from '../../ui/editor-kit';
import { searchTeachers } from '../../ui/lookups';
import { UserSearchSelect } from '../../ui/user-search-select';
import { AccountPick, ClassesPick, LiveLessonPick } from './live-pickers';
import { minutesBetween, ruleSentence, useLiveTexts } from './live-words';

// The live-class editor's parts, in the order a teacher fills them in: what, who, when, where (the
// provider and recording), and how attendance is counted.

const COURSE_REF = { resource: 'course', labelKey: 'title' };

// The contract's own check of one field (ranges, lengths, links), as a form rule.
function useCheck() {
  const { t } = useLiveTexts();
  return (key: keyof typeof zLiveClassCreate.shape): Rule => zodRule(zLiveClassCreate.shape[key], t);
}

export function WhatSection() {
  const { t } = useLiveTexts();
  const required = useRequired();
  const check = useCheck();
  return (
    <Section id="live-what" title={t('live.sectionWhat')}>
      <Form.Item name="title" label={t('live.title')} rules={[required(t('live.title')), check('title')]}>
        <Input autoFocus autoComplete="off" count={{ show: true, max: 100 }} />
      </Form.Item>
      <Form.Item name="description" label={t('live.description')} rules={[check('description')]}>
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} count={{ show: true, max: 2000 }} />
      </Form.Item>
    </Section>
  );
}

export function WhoSection() {
  const { t } = useLiveTexts();
  const courseId = Form.useWatch<number | null | undefined>('courseId');
  return (
    <Section id="live-who" title={t('live.sectionWho')}>
      <Form.Item name="teamIds" label={t('live.classes')} extra={t('live.classesHint')}>
        <ClassesPick placeholder={t('live.classesPlaceholder')} />
      </Form.Item>
      <Row gutter={16}>
        <Col {...half}>
          <Form.Item name="courseId" label={t('live.course')}>
            <RemoteRefSelect refTo={COURSE_REF} placeholder={t('live.coursePlaceholder')} />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="courseLessonId" label={t('live.lesson')} extra={t('live.lessonHint')}>
            <LiveLessonPick courseId={courseId} placeholder={t('live.lessonPlaceholder')} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        name="teacherIds"
        label={t('live.teachers')}
        extra={t('live.teachersHint')}
        rules={[{ required: true, type: 'array', message: t('validation.select', { field: t('live.teachers') }) }]}
      >
        <UserSearchSelect kind="teacher" search={searchTeachers} placeholder={t('live.teachersPlaceholder')} />
      </Form.Item>
    </Section>
  );
}

export function WhenSection() {
  const { t } = useLiveTexts();
  const required = useRequired();
  const check = useCheck();
  const start = Form.useWatch<string | undefined>('startsAt');
  const opens = Form.useWatch<number | undefined>('joinOpensMinutes');
  const beforeStart = (d: dayjs.Dayjs) => !!start && d.isBefore(dayjs(start).startOf('day'));
  return (
    <Section id="live-when" title={t('live.sectionWhen')}>
      <Row gutter={16}>
        <MomentField name="startsAt" label={t('live.startsAt')} />
        <MomentField name="endsAt" label={t('live.endsAt')} disabledDate={beforeStart} />
        <Col {...half}>
          <Form.Item
            name="joinOpensMinutes"
            label={t('live.joinOpens')}
            rules={[required(t('live.joinOpens'), { type: 'number' }), check('joinOpensMinutes')]}
            extra={
              start && opens != null
                ? t('live.joinOpensAt', { time: dayjs(start).subtract(opens, 'minute').format('HH:mm') })
                : undefined
            }
          >
            <InputNumber precision={0} suffix={t('live.minutesBefore')} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
    </Section>
  );
}

export function WhereSection() {
  const { t } = useLiveTexts();
  const lang = useLang();
  const required = useRequired();
  const check = useCheck();
  const kind = Form.useWatch<LiveProviderKind | undefined>('providerKind');
  const recording = Form.useWatch<RecordingMode | undefined>('recordingMode');
  const bbb = kind !== LiveProviderKind.ExternalLink;
  return (
    <Section id="live-where" title={t('live.sectionWhere')}>
      <Form.Item name="providerKind" label={t('live.provider')}>
        <Radio.Group optionType="button" options={enumOptions(liveProviderKindLabels, lang)} />
      </Form.Item>
      {bbb ? (
        <>
          <Form.Item name="providerId" label={t('live.account')} extra={t('live.accountHint')}>
            <AccountPick />
          </Form.Item>
          <Row gutter={16}>
            <Col {...half}>
              <Form.Item name="recordingMode" label={t('live.recording')}>
                <Select options={enumOptions(recordingModeLabels, lang)} />
              </Form.Item>
            </Col>
            {recording !== RecordingMode.Off && (
              <Col {...half}>
                <Form.Item name="recordingVisibility" label={t('live.recordingVisibility')}>
                  <Select options={enumOptions(recordingVisibilityLabels, lang)} />
                </Form.Item>
              </Col>
            )}
          </Row>
        </>
      ) : (
        <Form.Item
          name="externalUrl"
          label={t('live.externalUrl')}
          extra={t('live.externalUrlHint')}
          rules={[required(t('live.externalUrl')), check('externalUrl')]}
        >
          <Input inputMode="url" autoComplete="off" placeholder="https://" />
        </Form.Item>
      )}
    </Section>
  );
}

export function AttendanceSection() {
  const { t } = useLiveTexts();
  const required = useRequired();
  const check = useCheck();
  const start = Form.useWatch<string | undefined>('startsAt');
  const end = Form.useWatch<string | undefined>('endsAt');
  const percent = Form.useWatch<number | undefined>('presentPercent');
  const late = Form.useWatch<number | undefined>('lateAfterMinutes');
  const minutes = start && end ? minutesBetween(start, end) : null;
  return (
    <Section id="live-attendance" title={t('live.sectionAttendance')}>
      <Row gutter={16}>
        <Col {...half}>
          <Form.Item
            name="presentPercent"
            label={t('live.presentPercent')}
            rules={[required(t('live.presentPercent'), { type: 'number' }), check('presentPercent')]}
          >
            <InputNumber precision={0} suffix="%" style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item
            name="lateAfterMinutes"
            label={t('live.lateAfter')}
            rules={[required(t('live.lateAfter'), { type: 'number' }), check('lateAfterMinutes')]}
          >
            <InputNumber precision={0} suffix={t('live.minutesAfter')} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
      <Typography.Paragraph type="secondary" className="live-rule" data-testid="live-rule">
        {ruleSentence(t, percent, late, minutes)}
      </Typography.Paragraph>
    </Section>
  );
}
