import {
  labelOf,
  type PersonEventRow,
  type StatusChangeKind,
  type StatusChangeState,
  type StudentStatus,
  statusChangeKindLabels,
  statusChangeStateLabels,
  studentStatusLabels,
} from '@lyceum/contract';
import { Empty, Tag, Timeline, Typography } from 'antd';
import dayjs from 'dayjs';
import { useLang } from '../shell/i18n';
import { moduleTexts } from '../shell/module-texts';
import { TIME } from './portal-format';

// One person's timeline (issue 34: applicant, student, graduate, trainee, certificate holder), as
// staff see anyone's on Academic affairs and a student sees their own under My record.

const en = {
  applied: 'Applied',
  applicationStatus: 'Application',
  enrolled: 'Enrolled',
  statusChange: 'Status change',
  graduated: 'Graduated',
  degreeAwarded: 'Degree awarded',
  degreeRevoked: 'Degree revoked',
  trainingRegistration: 'Training registration',
  trainingOutcome: 'Training outcome',
  certificateIssued: 'Certificate issued',
  certificateRevoked: 'Certificate revoked',
  numberIs: 'student number {{no}}',
  by: 'by {{name}}',
  effective: 'takes effect {{day}}',
  timelineEmpty: 'Nothing on the timeline yet',
};
const zh: typeof en = {
  applied: '提交报名',
  applicationStatus: '报名进展',
  enrolled: '入学',
  statusChange: '学籍异动',
  graduated: '毕业',
  degreeAwarded: '授予学位',
  degreeRevoked: '撤销学位',
  trainingRegistration: '培训报名',
  trainingOutcome: '培训结果',
  certificateIssued: '颁发证书',
  certificateRevoked: '撤销证书',
  numberIs: '学号 {{no}}',
  by: '经办：{{name}}',
  effective: '{{day}} 生效',
  timelineEmpty: '时间线上还没有记录',
};
const { useTexts } = moduleTexts('myRecord', en, zh);

const COLOR: Record<string, string> = {
  enrolled: 'green',
  graduated: 'green',
  degreeAwarded: 'green',
  certificateIssued: 'green',
  degreeRevoked: 'red',
  certificateRevoked: 'red',
};

function Detail({ e }: { e: PersonEventRow }) {
  const { t } = useTexts();
  const lang = useLang();
  const d = e.detail;
  const parts: React.ReactNode[] = [];
  if (e.kind === 'statusChange') {
    if (typeof d.kind === 'number') parts.push(labelOf(statusChangeKindLabels, d.kind as StatusChangeKind, lang));
    if (typeof d.state === 'number') {
      const state = d.state as StatusChangeState;
      parts.push(
        <Tag key="s" color={statusChangeStateLabels[state]?.color}>
          {labelOf(statusChangeStateLabels, state, lang)}
        </Tag>,
      );
    }
    if (typeof d.from === 'number' && typeof d.to === 'number' && d.from !== d.to)
      parts.push(
        `${labelOf(studentStatusLabels, d.from as StudentStatus, lang)} → ${labelOf(studentStatusLabels, d.to as StudentStatus, lang)}`,
      );
    else if (typeof d.effectiveDate === 'string') parts.push(t('myRecord.effective', { day: d.effectiveDate }));
  } else {
    if (typeof d.studentNo === 'string') parts.push(t('myRecord.numberIs', { no: d.studentNo }));
    for (const key of ['title', 'status', 'note', 'reason'] as const)
      if (typeof d[key] === 'string' && d[key]) parts.push(String(d[key]));
  }
  return (
    <span className="person-timeline-detail">
      {parts.map((p, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed parts of one entry, never reordered
        <span key={i} style={{ marginInlineEnd: 8 }}>
          {p}
        </span>
      ))}
    </span>
  );
}

export function PersonTimelineView({ entries, loading }: { entries: PersonEventRow[] | undefined; loading?: boolean }) {
  const { t } = useTexts();
  if (!loading && entries && !entries.length) return <Empty description={t('myRecord.timelineEmpty')} />;
  return (
    <Timeline
      pending={loading}
      items={(entries ?? []).map((e) => ({
        key: e.id,
        color: COLOR[e.kind] ?? 'blue',
        children: (
          <div>
            <Typography.Text strong>{t(`myRecord.${e.kind}`)}</Typography.Text>{' '}
            <Typography.Text type="secondary">{dayjs(e.createTime).format(TIME)}</Typography.Text>
            <div>
              <Detail e={e} />
              {e.actorName && (
                <Typography.Text type="secondary">{t('myRecord.by', { name: e.actorName })}</Typography.Text>
              )}
            </div>
          </div>
        ),
      }))}
    />
  );
}
