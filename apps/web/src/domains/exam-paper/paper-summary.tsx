import { WarningOutlined } from '@ant-design/icons';
import { type Difficulty, difficultyLabels, labelOf, type QuestionType, questionTypeLabels } from '@lyceum/contract';
import { Alert, Card, Descriptions, List, Typography } from 'antd';
import { useMemo } from 'react';
import { useLang } from '../../shell/i18n';
import { ChartBox } from '../../ui/chart-box';
import { usePaperTexts } from './i18n';
import {
  duplicates,
  expectedDifficulty,
  itemCount,
  type PaperDraft,
  paperTotal,
  pointsBy,
  pointsByType,
  type QuestionInfo,
  sectionCount,
} from './paper-draft';

// What a paper adds up to while it is built: totals, points by type and difficulty, and what to fix.
export function PaperSummary({ draft, info }: { draft: PaperDraft; info: ReadonlyMap<number, QuestionInfo> }) {
  const { t } = usePaperTexts();
  const lang = useLang();
  const total = paperTotal(draft);
  const byType = pointsByType(draft, info);
  const byDifficulty = pointsBy(draft, info, (q) => q.difficulty);
  const expected = expectedDifficulty(draft, info);
  const twice = duplicates(draft);

  const warnings: string[] = [];
  if (itemCount(draft) === 0) warnings.push(t('paper.warnNoQuestion'));
  for (const s of draft.sections)
    if (sectionCount(draft, s) === 0) warnings.push(t('paper.warnEmpty', { title: s.title || '—' }));
  for (const [id, numbers] of twice) warnings.push(t('paper.warnTwice', { id, count: numbers.length }));
  if (draft.passScore !== null && draft.passScore > total)
    warnings.push(t('paper.warnPass', { pass: draft.passScore, total }));

  const typeRows = [...byType].map(([k, v]) => ({ name: labelOf(questionTypeLabels, k as QuestionType, lang), ...v }));
  const difficultyRows = [...byDifficulty]
    .sort(([a], [b]) => a - b)
    .map(([k, v]) => ({ name: labelOf(difficultyLabels, k as Difficulty, lang), ...v }));
  // The chart is drawn again only when what it shows changes, not on every keystroke elsewhere.
  const chartKey = JSON.stringify([typeRows, difficultyRows]);
  const option = useMemo(() => {
    const [types, levels] = JSON.parse(chartKey) as [typeof typeRows, typeof difficultyRows];
    // A paper drawn per student knows its types before anyone sits it, not its difficulties: a ring
    // with nothing to show is left out and the other takes the middle.
    const rings = [
      { name: t('paper.byType'), rows: types },
      { name: t('paper.byDifficulty'), rows: levels },
    ].filter((r) => r.rows.length);
    // One ring above the other: side by side in the builder's narrow side column, their outside
    // labels ran into each other. Each ring has its slot and its title at the top of it.
    const slot = 100 / rings.length;
    return {
      tooltip: { trigger: 'item' },
      title: rings.map((r, i) => ({
        text: r.name,
        left: 'center',
        top: `${i * slot}%`,
        textStyle: { fontSize: 12, fontWeight: 'normal', color: 'rgba(0, 0, 0, 0.65)' },
      })),
      series: rings.map((r, i) => ({
        name: r.name,
        type: 'pie',
        radius: ['22%', '36%'],
        center: ['50%', `${(i + 0.56) * slot}%`],
        // Labels against the sides, wrapped in the room left there, so none is cut at the edge.
        label: { formatter: '{b}\n{c}', alignTo: 'edge', edgeDistance: 4, overflow: 'break' },
        labelLine: { length: 10, length2: 0 },
        data: r.rows.map((row) => ({ name: row.name, value: row.points })),
      })),
    };
  }, [chartKey, t]);

  return (
    <Card size="small" title={t('paper.summary')} className="paper-summary">
      <Descriptions
        size="small"
        column={1}
        items={[
          { key: 'total', label: t('paper.total'), children: <strong data-testid="paper-total">{total}</strong> },
          { key: 'count', label: t('paper.questionCount'), children: itemCount(draft) },
          {
            key: 'expected',
            label: t('paper.expected'),
            children: expected === null ? '—' : `${expected} / 5`,
          },
        ]}
      />
      {typeRows.length > 0 && (
        <ChartBox option={option} height={difficultyRows.length > 0 ? 380 : 190} label={t('paper.chartLabel')} />
      )}
      <Typography.Title level={5} style={{ marginTop: 8 }}>
        {t('paper.warnings')}
      </Typography.Title>
      {warnings.length === 0 ? (
        <Alert type="success" showIcon title={t('paper.allGood')} />
      ) : (
        <List
          size="small"
          dataSource={warnings}
          renderItem={(w) => (
            <List.Item style={{ padding: '4px 0' }}>
              <Typography.Text type="warning">
                <WarningOutlined /> {w}
              </Typography.Text>
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
