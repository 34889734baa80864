import {
  PointRuleKind,
  type PointRuleRow,
  pointRuleMeta,
  type ResourceMeta,
  type ScreenPrefix,
  zPointRuleCreate,
} from '@lyceum/contract';
import { type TableColumnsType, Typography } from 'antd';
import { RemoteRefName } from '../../crud/remote-ref-select';
import { ResourceScreen } from '../../crud/resource-screen';
import { useLang } from '../../shell/i18n';
import { usePermission } from '../../shell/permission';
import { pointsText } from '../../ui/points-format';
import { usePointsTexts } from './points-words';
import { RuleEditor } from './rule-editor';

// The rules are read with point:page and changed with point:rules alone (not the kit's
// create/update/delete trio), so the screen says who may act through `can`; no Excel sheets.
const meta: ResourceMeta = { ...pointRuleMeta, permission: 'point' as ScreenPrefix };

// What a rule is limited to, in a few words: the task, course or exam it names (any when none), the
// score band, the streak's days.
function RuleScope({ rule }: { rule: PointRuleRow }) {
  const { t } = usePointsTexts();
  const p = rule.params;
  switch (rule.kind) {
    case PointRuleKind.TaskPassed:
      return p.taskId ? <RemoteRefName refTo={{ resource: 'task' }} id={p.taskId} /> : t('points.anyTask');
    case PointRuleKind.CourseCompleted:
      return p.courseId ? (
        <RemoteRefName refTo={{ resource: 'course', labelKey: 'title' }} id={p.courseId} />
      ) : (
        t('points.anyCourse')
      );
    case PointRuleKind.ExamScoreBand:
      return (
        <>
          {t('points.bandText', { min: p.minPercent ?? 0, max: p.maxPercent ?? 100 })}
          {' · '}
          {p.examId ? <RemoteRefName refTo={{ resource: 'exam' }} id={p.examId} /> : t('points.anyExam')}
        </>
      );
    case PointRuleKind.AttendanceStreak:
      return t('points.daysText', { count: p.days ?? 0 });
  }
}

// The rules that award points by themselves: what earns them, what each is limited to, the points,
// whether it is on, and what it has given so far.
export function RulesTab() {
  const { t } = usePointsTexts();
  const lang = useLang();
  const canRules = usePermission(['point:rules']);

  const columns = (base: TableColumnsType<PointRuleRow>): TableColumnsType<PointRuleRow> => {
    const byKey = (key: string) => base.find((c) => c.key === key);
    return [
      { ...byKey('name'), ellipsis: false, width: 180 },
      { ...byKey('kind'), width: 180 },
      { key: 'params', title: t('points.ruleParams'), width: 200, render: (_, r) => <RuleScope rule={r} /> },
      {
        ...byKey('points'),
        width: 80,
        align: 'right',
        render: (_: unknown, r) => <span className="points-figure">{pointsText(r.points, lang)}</span>,
      },
      { ...byKey('enabled'), width: 80 },
      {
        ...byKey('awarded'),
        width: 120,
        align: 'right',
        render: (_: unknown, r) => (
          <div>
            <div className="points-figure">{pointsText(r.awarded, lang)}</div>
            <Typography.Text type="secondary" className="points-sub">
              {t('points.awardsCount', { count: r.awards })}
            </Typography.Text>
          </div>
        ),
      },
    ];
  };

  return (
    <ResourceScreen<PointRuleRow>
      meta={meta}
      schema={zPointRuleCreate}
      slots={{
        can: { create: canRules, update: canRules, remove: canRules },
        createLabel: t('points.ruleCreate'),
        transfer: false,
        columns,
        deleteConfirm: (row) => ({
          title: t('points.ruleDeleteConfirm', { name: row.name }),
          content: t('points.ruleDeleteText'),
        }),
        emptyText: t('points.rulesEmpty'),
        editor: ({ editing, close, saved }) => <RuleEditor editing={editing} onClose={close} onSaved={saved} />,
      }}
    />
  );
}
