import {
  type ExamPaper,
  enumValues,
  labelOf,
  PaperType,
  TaskRange,
  TaskReveal,
  TaskType,
  taskRangeLabels,
  taskRevealLabels,
  taskTypeLabels,
  zTaskCreate,
} from '@lyceum/contract';
import { Col, Form, Input, InputNumber, Radio, type RadioChangeEvent, Row, Select, Switch, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import { zodRule } from '../../crud/zod-rules';
import { useLang } from '../../shell/i18n';
import { usePermission } from '../../shell/permission';
import { half, MomentField, Section, useRequired } from '../../ui/editor-kit';
import { searchStudents } from '../../ui/lookups';
import { SittingsFields } from '../exam/exam-editor-sections';
import { TargetField } from '../exam/exam-editor-who';
import { PaperSelect } from '../exam/paper-select';
import { paperPaths } from '../exam-paper/paper-api';
import { StudyItemsField } from './task-items';
import { useTaskTexts } from './task-texts';

// The task editor's parts, in the order a teacher fills them in: what, for whom, when, how.

// Share of the paper's total needed to pass when no pass score is set (the server's rule).
const DEFAULT_PASS_SHARE = 0.6;

function useCheck() {
  const { t } = useTaskTexts();
  return (key: keyof typeof zTaskCreate.shape): Rule => zodRule(zTaskCreate.shape[key], t);
}

// Homework, a course or knowledge-base articles.
function TypeChoice(props: { id?: string; value?: TaskType; onChange?: (e: RadioChangeEvent) => void }) {
  const lang = useLang();
  return (
    <Radio.Group
      {...props}
      options={enumValues(taskTypeLabels).map((v) => ({ value: v, label: labelOf(taskTypeLabels, v, lang) }))}
    />
  );
}

export function WhatSection({
  onPaper,
  paperTotal,
  paperLocked,
}: {
  onPaper: (paper: ExamPaper) => void;
  paperTotal?: number;
  // A task that ran already keeps its paper: its students' papers were drawn from it.
  paperLocked: boolean;
}) {
  const { t } = useTaskTexts();
  const required = useRequired();
  const check = useCheck();
  const taskType = Form.useWatch<TaskType | undefined>('taskType');
  return (
    <Section id="task-what" title={t('task.sectionWhat')}>
      <Form.Item name="name" label={t('task.name')} rules={[required(t('task.name')), check('name')]}>
        <Input autoFocus autoComplete="off" count={{ show: true, max: 100 }} />
      </Form.Item>
      <Form.Item name="taskType" label={t('task.taskType')}>
        <TypeChoice />
      </Form.Item>
      {taskType === TaskType.Paper ? (
        <Form.Item
          name="paperId"
          label={t('task.paperId')}
          tooltip={t('task.paperHint')}
          extra={
            paperLocked
              ? t('task.paperLocked')
              : paperTotal !== undefined
                ? t('task.paperTotal', { score: paperTotal })
                : undefined
          }
          rules={[required(t('task.paperId'), { picked: true, type: 'number' })]}
        >
          <PaperSelect
            paperType={PaperType.Homework}
            disabled={paperLocked}
            onPicked={onPaper}
            notFound={
              <Typography.Text type="secondary">
                {t('task.noPapers')} <Link to={paperPaths[PaperType.Homework].list}>{t('task.openPapers')}</Link>
              </Typography.Text>
            }
          />
        </Form.Item>
      ) : (
        taskType !== undefined && <StudyItemsField taskType={taskType} />
      )}
      <Form.Item name="description" label={t('task.description')} rules={[check('description')]}>
        <Input.TextArea
          autoSize={{ minRows: 2, maxRows: 6 }}
          count={{ show: true, max: 2000 }}
          showCount
          placeholder={t('task.descriptionPlaceholder')}
        />
      </Form.Item>
    </Section>
  );
}

export function WhoSection() {
  const { t } = useTaskTexts();
  const lang = useLang();
  const rangeType = Form.useWatch<TaskRange | undefined>('rangeType');
  const wide = usePermission(['task:all']);
  const show =
    rangeType === TaskRange.Grade
      ? 'grades'
      : rangeType === TaskRange.Class
        ? 'classes'
        : rangeType === TaskRange.Individual
          ? 'people'
          : null;
  return (
    <Section id="task-who" title={t('task.sectionWho')}>
      <Form.Item name="rangeType" label={t('task.rangeType')}>
        <Radio.Group
          options={enumValues(taskRangeLabels).map((v) => ({
            value: v,
            label: labelOf(taskRangeLabels, v, lang),
            // A grade is beyond a teacher's own classes: the office's (task:all).
            disabled: v === TaskRange.Grade && !wide,
          }))}
        />
      </Form.Item>
      <TargetField
        show={show}
        peopleField="studentIds"
        people={{ kind: 'student', search: searchStudents }}
        texts={{
          gradeYears: t('task.gradeYears'),
          gradeYearsHint: t('task.gradeYearsHint'),
          gradeYearsPlaceholder: t('task.gradeYearsPlaceholder'),
          teams: t('task.teams'),
          teamsPlaceholder: t('task.teamsPlaceholder'),
          people: t('task.students'),
          peoplePlaceholder: t('task.studentSearch'),
        }}
      />
    </Section>
  );
}

export function WhenSection() {
  const { t } = useTaskTexts();
  const check = useCheck();
  const start = Form.useWatch<string | undefined>('startTime');
  const due = Form.useWatch<string | undefined>('dueTime');
  const lateAccepted = Form.useWatch<boolean | undefined>('lateAccepted');
  const before = (iso: string | undefined) => (d: dayjs.Dayjs) => !!iso && d.isBefore(dayjs(iso).startOf('day'));
  return (
    <Section id="task-when" title={t('task.sectionWhen')}>
      <Row gutter={16}>
        <MomentField name="startTime" label={t('task.startTime')} tooltip={t('task.startHint')} />
        <MomentField name="dueTime" label={t('task.dueTime')} disabledDate={before(start)} />
        <Col span={24}>
          <Form.Item name="lateAccepted" valuePropName="checked" label={t('task.lateAccepted')}>
            <Switch />
          </Form.Item>
        </Col>
        {lateAccepted && (
          <>
            <MomentField
              name="lateUntil"
              label={t('task.lateUntil')}
              tooltip={t('task.lateUntilHint')}
              disabledDate={before(due)}
            />
            <Col {...half}>
              <Form.Item
                name="latePenalty"
                label={t('task.latePenalty')}
                tooltip={t('task.latePenaltyHint')}
                rules={[check('latePenalty')]}
              >
                <InputNumber suffix="%" style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          </>
        )}
      </Row>
    </Section>
  );
}

function Toggle({ name, label, hint, disabled }: { name: string; label: string; hint: string; disabled?: boolean }) {
  return (
    <Col {...half}>
      <Form.Item name={name} label={label} tooltip={hint} valuePropName="checked">
        <Switch disabled={disabled} />
      </Form.Item>
    </Col>
  );
}

export function RulesSection({ paperTotal }: { paperTotal?: number }) {
  const { t } = useTaskTexts();
  const lang = useLang();
  const required = useRequired();
  const check = useCheck();
  const reveal = Form.useWatch<TaskReveal | undefined>('reveal');
  const defaultPass = paperTotal !== undefined ? Math.round(paperTotal * DEFAULT_PASS_SHARE * 100) / 100 : undefined;
  return (
    <Section id="task-rules" title={t('task.sectionRules')}>
      <Row gutter={16}>
        <Col {...half}>
          <Form.Item name="passScore" label={t('task.passScore')} rules={[check('passScore')]}>
            <InputNumber
              style={{ width: '100%' }}
              placeholder={
                defaultPass !== undefined ? t('task.passDefaultOf', { score: defaultPass }) : t('task.passDefault')
              }
            />
          </Form.Item>
        </Col>
        <SittingsFields
          labels={{
            allowed: t('task.attemptsAllowed'),
            allowedHint: t('task.attemptsHint'),
            counting: t('task.scoreCounting'),
            countingHint: t('task.scoreCountingHint'),
          }}
          rules={[required(t('task.attemptsAllowed'), { type: 'number' }), check('attemptsAllowed')]}
        />
        <Col {...half}>
          <Form.Item name="reveal" label={t('task.reveal')}>
            <Select
              options={enumValues(taskRevealLabels).map((v) => ({
                value: v,
                label: labelOf(taskRevealLabels, v, lang),
              }))}
            />
          </Form.Item>
        </Col>
        <Toggle
          name="showKey"
          label={t('task.showKey')}
          hint={t('task.showKeyHint')}
          disabled={reveal === TaskReveal.Never}
        />
        <Toggle name="instantFeedback" label={t('task.instantFeedback')} hint={t('task.instantFeedbackHint')} />
      </Row>
    </Section>
  );
}
