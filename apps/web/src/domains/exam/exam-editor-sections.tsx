import {
  attemptCountingLabels,
  cameraSourceLabels,
  type ExamPaper,
  enumValues,
  isOpenWindow,
  labelOf,
  RegistrationMode,
  registrationModeLabels,
  type ShowScore,
  showScoreLabels,
  zExamCreate,
} from '@lyceum/contract';
import { Alert, Col, Form, Input, InputNumber, Radio, Row, Select, Switch } from 'antd';
import type { Rule } from 'antd/es/form';
import dayjs from 'dayjs';
import { DurationInput } from '../../crud/field-kinds';
import { useKitTexts } from '../../crud/i18n';
import { zodRule } from '../../crud/zod-rules';
import { useLang } from '../../shell/i18n';
import { half, MomentField, Section, useRequired } from '../../ui/editor-kit';
import { practiceReviewAllowed } from './exam-form';
import { useExamTexts } from './exam-texts';
import { PaperSelect } from './paper-select';

// The contract's own check of one field (ranges, lengths), as a form rule.
export function useCheck() {
  const { t } = useExamTexts();
  return (key: keyof typeof zExamCreate.shape): Rule => zodRule(zExamCreate.shape[key], t);
}

// The kit's minutes input with its "1 h 30 min" reading.
function MinutesInput(props: { id?: string; value?: number | null; onChange?: (v: number | null) => void }) {
  const { t } = useKitTexts();
  return <DurationInput t={t} {...props} />;
}

export function BasicsSection({ onPaper }: { onPaper: (paper: ExamPaper) => void }) {
  const { t } = useExamTexts();
  const required = useRequired();
  const check = useCheck();
  return (
    <Section id="exam-basics" title={t('exam.sectionBasics')}>
      <Form.Item name="name" label={t('exam.name')} rules={[required(t('exam.name')), check('name')]}>
        <Input autoFocus autoComplete="off" count={{ show: true, max: 100 }} />
      </Form.Item>
      <Form.Item
        name="paperId"
        label={t('exam.paperId')}
        tooltip={t('exam.paperHint')}
        rules={[required(t('exam.paperId'), { picked: true, type: 'number' })]}
      >
        <PaperSelect onPicked={onPaper} />
      </Form.Item>
    </Section>
  );
}

export function WindowSection() {
  const { t } = useExamTexts();
  const required = useRequired();
  const check = useCheck();
  const start = Form.useWatch<string | undefined>('windowStart');
  const end = Form.useWatch<string | undefined>('windowEnd');
  const duration = Form.useWatch<number | undefined>('durationMinutes');
  const latestEntry = Form.useWatch<number | null | undefined>('latestEntryMinutes');
  const beforeStart = (d: dayjs.Dayjs) => !!start && d.isBefore(dayjs(start).startOf('day'));
  // Decision 43: candidates choose when to sit an open-window exam, so a clash with it only warns.
  const open =
    !!start &&
    !!end &&
    !!duration &&
    isOpenWindow({ windowStart: start, windowEnd: end, durationMinutes: duration, latestEntryMinutes: latestEntry });
  return (
    <Section id="exam-window" title={t('exam.sectionWindow')}>
      <Row gutter={16}>
        <MomentField name="windowStart" label={t('exam.windowStart')} />
        <MomentField
          name="windowEnd"
          label={t('exam.windowEnd')}
          rules={[
            // Saving a past window is allowed (a draft to move later); publishing it is refused.
            {
              warningOnly: true,
              validator: async (_, v: string | undefined) => {
                if (v && dayjs(v).isBefore(dayjs())) throw new Error(t('exam.windowPassedWarning'));
              },
            },
          ]}
          extra={open ? t('exam.openWindowNote') : undefined}
          disabledDate={beforeStart}
        />
        <Col {...half}>
          <Form.Item
            name="durationMinutes"
            label={t('exam.durationMinutes')}
            tooltip={t('exam.durationHint')}
            rules={[required(t('exam.durationMinutes'), { type: 'number' }), check('durationMinutes')]}
          >
            <MinutesInput />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item
            name="latestEntryMinutes"
            label={t('exam.latestEntry')}
            tooltip={t('exam.latestEntryHint')}
            rules={[check('latestEntryMinutes')]}
          >
            <InputNumber suffix={t('exam.minutesAfterStart')} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item
            name="graceSeconds"
            label={t('exam.grace')}
            tooltip={t('exam.graceHint')}
            rules={[required(t('exam.grace'), { type: 'number' }), check('graceSeconds')]}
          >
            <InputNumber step={15} suffix={t('exam.seconds')} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
    </Section>
  );
}

export function RegistrationSection() {
  const { t } = useExamTexts();
  const lang = useLang();
  const check = useCheck();
  const mode = Form.useWatch<RegistrationMode | undefined>('registrationMode');
  return (
    <Section id="exam-registration" title={t('exam.sectionRegistration')}>
      <Form.Item name="registrationMode" label={t('exam.registrationMode')}>
        <Radio.Group
          options={enumValues(registrationModeLabels).map((v) => ({
            value: v,
            label: labelOf(registrationModeLabels, v, lang),
          }))}
        />
      </Form.Item>
      {mode === RegistrationMode.Open && (
        <Row gutter={16}>
          <MomentField name="registrationStart" label={t('exam.registrationStart')} />
          <MomentField name="registrationEnd" label={t('exam.registrationEnd')} />
          <Col {...half}>
            <Form.Item
              name="capacity"
              label={t('exam.capacity')}
              tooltip={t('exam.capacityHint')}
              rules={[check('capacity')]}
            >
              <InputNumber style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item name="needsApproval" label={t('exam.needsApproval')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
        </Row>
      )}
    </Section>
  );
}

function Toggle({
  name,
  label,
  tooltip,
  disabled,
}: {
  name: string;
  label: string;
  tooltip?: string;
  disabled?: boolean;
}) {
  return (
    <Col xs={24} sm={12} md={8}>
      <Form.Item name={name} label={label} valuePropName="checked" tooltip={tooltip}>
        <Switch disabled={disabled} />
      </Form.Item>
    </Col>
  );
}

// How many sittings (or hand-ins) a student may have, and, when more than one, which of them count:
// the exam and the homework editors' one pair of fields.
export function SittingsFields(props: {
  labels: { allowed: string; allowedHint: string; counting: string; countingHint: string };
  rules: Rule[];
}) {
  const { labels } = props;
  const lang = useLang();
  const allowed = Form.useWatch<number | undefined>('attemptsAllowed');
  return (
    <>
      <Col {...half}>
        <Form.Item name="attemptsAllowed" label={labels.allowed} tooltip={labels.allowedHint} rules={props.rules}>
          <InputNumber style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      {(allowed ?? 1) > 1 && (
        <Col {...half}>
          <Form.Item name="scoreCounting" label={labels.counting} tooltip={labels.countingHint}>
            <Select
              options={enumValues(attemptCountingLabels).map((v) => ({
                value: v,
                label: labelOf(attemptCountingLabels, v, lang),
              }))}
            />
          </Form.Item>
        </Col>
      )}
    </>
  );
}

export function RulesSection() {
  const { t } = useExamTexts();
  const lang = useLang();
  const required = useRequired();
  const check = useCheck();
  const camera = Form.useWatch<number | undefined>('cameraSource');
  const showScore = Form.useWatch<ShowScore | undefined>('showScore');
  const allowReview = Form.useWatch<boolean | undefined>('allowReview');
  const practice = Form.useWatch<boolean | undefined>('reviewAfterHandIn');
  const practiceAllowed = practiceReviewAllowed({ showScore, allowReview });
  return (
    <Section id="exam-rules" title={t('exam.sectionRules')}>
      <Row gutter={16}>
        <Toggle name="shuffleQuestions" label={t('exam.shuffleQuestions')} />
        <Toggle name="shuffleOptions" label={t('exam.shuffleOptions')} />
        <Toggle name="fullscreen" label={t('exam.fullscreen')} />
        <Col {...half}>
          <Form.Item
            name="switchWarnAfter"
            label={t('exam.switchWarnAfter')}
            rules={[required(t('exam.switchWarnAfter'), { type: 'number' }), check('switchWarnAfter')]}
          >
            <InputNumber style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item
            name="switchCollectAfter"
            label={t('exam.switchCollectAfter')}
            tooltip={t('exam.switchCollectHint')}
            rules={[check('switchCollectAfter')]}
          >
            <InputNumber style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="cameraSource" label={t('exam.camera')}>
            <Radio.Group
              options={[
                { value: 0, label: t('exam.cameraOff') },
                ...enumValues(cameraSourceLabels).map((v) => ({
                  value: v,
                  label: labelOf(cameraSourceLabels, v, lang),
                })),
              ]}
            />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item
            name="snapshotIntervalSeconds"
            label={t('exam.snapshotInterval')}
            rules={[check('snapshotIntervalSeconds')]}
          >
            <InputNumber step={10} disabled={!camera} suffix={t('exam.seconds')} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="showScore" label={t('exam.showScore')}>
            <Select
              options={enumValues(showScoreLabels).map((v) => ({ value: v, label: labelOf(showScoreLabels, v, lang) }))}
            />
          </Form.Item>
        </Col>
        <SittingsFields
          labels={{
            allowed: t('exam.attemptsAllowed'),
            allowedHint: t('exam.attemptsAllowedHint'),
            counting: t('exam.scoreCounting'),
            countingHint: t('exam.scoreCountingHint'),
          }}
          rules={[required(t('exam.attemptsAllowed'), { type: 'number' }), check('attemptsAllowed')]}
        />
        <Toggle name="allowReview" label={t('exam.allowReview')} tooltip={t('exam.allowReviewHint')} />
        <Toggle
          name="reviewAfterHandIn"
          label={t('exam.reviewAfterHandIn')}
          tooltip={t('exam.reviewAfterHandInHint')}
          disabled={!practiceAllowed}
        />
        {practiceAllowed && practice && (
          <Col span={24}>
            <Alert
              type="warning"
              showIcon
              data-testid="practice-review-warning"
              title={t('exam.reviewAfterHandInWarning')}
              style={{ marginBottom: 16 }}
            />
          </Col>
        )}
      </Row>
    </Section>
  );
}

export function InstructionsSection() {
  const { t } = useExamTexts();
  const check = useCheck();
  return (
    <Section id="exam-instructions" title={t('exam.sectionInstructions')}>
      <Form.Item name="instructions" label={t('exam.instructions')} rules={[check('instructions')]}>
        <Input.TextArea
          autoSize={{ minRows: 3, maxRows: 8 }}
          count={{ show: true, max: 2000 }}
          showCount
          placeholder={t('exam.instructionsPlaceholder')}
        />
      </Form.Item>
    </Section>
  );
}
