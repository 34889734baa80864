import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import type { Audit, AuditLine, Lang } from '@lyceum/contract';
import { Alert, Checkbox, List, Tag, Typography } from 'antd';
import { useLang } from '../shell/i18n';
import { moduleTexts } from '../shell/module-texts';
import { formatMoney } from './money-format';
import './graduation-audit.css';

// A graduation audit as both the office (a batch's student) and the student (their own tab) read it:
// one line per requirement, met or not, with the figures and the courses and exams still missing.
// With `assume`, the missing courses and exams carry check boxes: the student's what-if.

const en = {
  courses: 'Required courses',
  credits: 'Credit hours',
  exams: 'Exams passed',
  attendance: 'Attendance',
  tuition: 'Tuition cleared',
  met: 'Met',
  notMet: 'Not met',
  assumed: 'Met if assumed',
  coursesFigure: '{{actual}} of {{required}} completed',
  creditsFigure: '{{actual}} of {{required}} hours ({{short}} short)',
  creditsDone: '{{actual}} of {{required}} hours',
  examsFigure: '{{actual}} of {{required}} passed',
  attendanceFigure: '{{actual}} % (at least {{required}} %)',
  attendanceNone: 'No attendance taken yet (at least {{required}} %)',
  owed: '{{amount}} still owed',
  cleared: 'Nothing owed',
  missing: 'Missing',
  assumeHint: 'Tick what you plan to finish to see whether you would then graduate.',
  noRecord: 'There is no student record for this student yet, so no requirements apply.',
  noRequirement: 'No graduation requirements are set for this degree, department and cohort.',
  eligible: 'Every requirement is met.',
  notEligible: 'Some requirements are not met yet.',
  eligibleIf: 'With what you ticked, every requirement would be met.',
  notEligibleIf: 'Even with what you ticked, some requirements would not be met.',
  set: 'Requirement set: {{name}}',
};
const zh: typeof en = {
  courses: '必修课程',
  credits: '学时',
  exams: '考试通过',
  attendance: '出勤率',
  tuition: '学费结清',
  met: '已满足',
  notMet: '未满足',
  assumed: '假设后满足',
  coursesFigure: '已完成 {{actual}} / {{required}} 门',
  creditsFigure: '{{actual}} / {{required}} 学时（差 {{short}}）',
  creditsDone: '{{actual}} / {{required}} 学时',
  examsFigure: '已通过 {{actual}} / {{required}} 场',
  attendanceFigure: '{{actual}}%（要求至少 {{required}}%）',
  attendanceNone: '尚无考勤记录（要求至少 {{required}}%）',
  owed: '尚欠 {{amount}}',
  cleared: '无欠费',
  missing: '尚缺',
  assumeHint: '勾选计划完成的课程或考试，查看届时能否毕业。',
  noRecord: '该学生尚无学籍档案，暂无适用的毕业要求。',
  noRequirement: '该学历层次、院系与入学年份尚未设置毕业要求。',
  eligible: '已满足全部毕业要求。',
  notEligible: '尚有毕业要求未满足。',
  eligibleIf: '按所勾选的假设，将满足全部毕业要求。',
  notEligibleIf: '即使按所勾选的假设，仍有要求未满足。',
  set: '毕业要求：{{name}}',
};
const { useTexts } = moduleTexts('myAudit', en, zh);

export interface Assume {
  courseIds: number[];
  examIds: number[];
  onChange: (next: { courseIds: number[]; examIds: number[] }) => void;
}

function figure(l: AuditLine, t: (k: string, o?: Record<string, unknown>) => string, lang: Lang): string {
  switch (l.kind) {
    case 'courses':
      return t('myAudit.coursesFigure', { actual: l.actual, required: l.required });
    case 'credits':
      return l.met
        ? t('myAudit.creditsDone', { actual: l.actual, required: l.required })
        : t('myAudit.creditsFigure', { actual: l.actual, required: l.required, short: l.short });
    case 'exams':
      return t('myAudit.examsFigure', { actual: l.actual, required: l.required });
    case 'attendance':
      return l.actual === null
        ? t('myAudit.attendanceNone', { required: l.required })
        : t('myAudit.attendanceFigure', { actual: l.actual, required: l.required });
    case 'tuition':
      return l.met
        ? t('myAudit.cleared')
        : t('myAudit.owed', { amount: formatMoney(l.actual ?? 0, l.currency ?? 'CNY', lang) });
  }
}

function Missing({ line, assume }: { line: AuditLine; assume?: Assume }) {
  const { t } = useTexts();
  const items = [...line.missing, ...line.assumed];
  if (!items.length || (line.kind !== 'courses' && line.kind !== 'exams')) return null;
  const key = line.kind === 'courses' ? 'courseIds' : 'examIds';
  if (!assume) {
    return (
      <div className="grad-missing">
        <Typography.Text type="secondary">{t('myAudit.missing')}: </Typography.Text>
        {line.missing.map((m) => (
          <Tag key={m.id}>{m.name}</Tag>
        ))}
      </div>
    );
  }
  const chosen = assume[key];
  return (
    <div className="grad-missing">
      {items.map((m) => (
        <Checkbox
          key={m.id}
          checked={chosen.includes(m.id)}
          onChange={(e) =>
            assume.onChange({
              ...{ courseIds: assume.courseIds, examIds: assume.examIds },
              [key]: e.target.checked ? [...chosen, m.id] : chosen.filter((x) => x !== m.id),
            })
          }
        >
          {m.name}
        </Checkbox>
      ))}
    </div>
  );
}

export function AuditLines({ audit, assume }: { audit: Audit; assume?: Assume }) {
  const { t } = useTexts();
  const lang = useLang();
  if (audit.gap) return <Alert type="info" showIcon message={t(`myAudit.${audit.gap}`)} />;
  const summary = audit.whatIf
    ? t(audit.eligible ? 'myAudit.eligibleIf' : 'myAudit.notEligibleIf')
    : t(audit.eligible ? 'myAudit.eligible' : 'myAudit.notEligible');
  return (
    <div className="grad-audit">
      <Alert type={audit.eligible ? 'success' : 'warning'} showIcon message={summary} />
      {audit.requirement && (
        <Typography.Text type="secondary">{t('myAudit.set', { name: audit.requirement.name })}</Typography.Text>
      )}
      {assume && <Typography.Paragraph type="secondary">{t('myAudit.assumeHint')}</Typography.Paragraph>}
      <List
        size="small"
        dataSource={audit.lines}
        renderItem={(l) => {
          const byAssumption = l.met && l.assumed.length > 0;
          return (
            <List.Item className="grad-line">
              <div className="grad-line-head">
                {l.met ? (
                  <CheckCircleFilled className="grad-ok" aria-hidden />
                ) : (
                  <CloseCircleFilled className="grad-no" aria-hidden />
                )}
                <strong>{t(`myAudit.${l.kind}`)}</strong>
                <Tag color={l.met ? (byAssumption ? 'processing' : 'success') : 'error'}>
                  {t(l.met ? (byAssumption ? 'myAudit.assumed' : 'myAudit.met') : 'myAudit.notMet')}
                </Tag>
                <span className="grad-figure">{figure(l, t, lang)}</span>
              </div>
              <Missing line={l} assume={assume} />
            </List.Item>
          );
        }}
      />
    </div>
  );
}
