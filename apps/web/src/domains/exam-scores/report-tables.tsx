import { CheckOutlined } from '@ant-design/icons';
import { type Analysis, type ItemAnalysis, labelOf, questionTypeLabels, throwOutModeLabels } from '@lyceum/contract';
import { Empty, Table, type TableColumnsType, Tag, Tooltip, Typography } from 'antd';
import { OneLine } from '../../rich-text/one-line';
import { textSource } from '../../rich-text/plain-text';
import { useLang } from '../../shell/i18n';
import { figure, percent } from '../../ui/score-chart';
import { className } from './report-charts';
import { useReportTexts } from './report-texts';

type ClassRow = Analysis['classes'][number];
type OptionRow = ItemAnalysis['options'][number] & { item: ItemAnalysis; first: boolean; span: number };

// A question worth a second look: it hardly separates strong from weak candidates, or nearly
// everyone (or nearly no one) gets it right.
export function isWeak(item: ItemAnalysis): boolean {
  if (item.thrownOut !== null) return false;
  const d = item.discrimination;
  const p = item.difficulty;
  return (d !== null && d < 0.2) || (p !== null && (p < 0.3 || p > 0.9));
}

const weakCell = (weak: boolean) => ({ className: weak ? 'report-weak-cell' : undefined });

export function ClassTable({ analysis }: { analysis: Analysis }) {
  const { t } = useReportTexts();
  const columns: TableColumnsType<ClassRow> = [
    { title: t('report.class'), key: 'class', render: (_: unknown, c) => className(c, t('report.noClass')) },
    { title: t('report.count'), dataIndex: 'count', align: 'right' },
    { title: t('report.absent'), dataIndex: 'absent', align: 'right' },
    { title: t('report.mean'), dataIndex: 'mean', align: 'right', render: figure },
    { title: t('report.median'), dataIndex: 'median', align: 'right', render: figure },
    { title: t('report.stdDev'), dataIndex: 'stdDev', align: 'right', render: figure },
    { title: t('report.max'), dataIndex: 'max', align: 'right', render: figure },
    { title: t('report.min'), dataIndex: 'min', align: 'right', render: figure },
    { title: t('report.passRate'), dataIndex: 'passRate', align: 'right', render: percent },
    { title: t('report.excellentRate'), dataIndex: 'excellentRate', align: 'right', render: percent },
  ];
  return (
    <Table<ClassRow>
      size="small"
      rowKey={(c) => c.teamId ?? 0}
      columns={columns}
      dataSource={analysis.classes}
      pagination={false}
      scroll={{ x: 860 }}
    />
  );
}

export function ItemTable({ analysis }: { analysis: Analysis }) {
  const { t } = useReportTexts();
  const lang = useLang();
  const columns: TableColumnsType<ItemAnalysis> = [
    { title: t('report.no'), dataIndex: 'no', width: 60 },
    {
      title: t('report.type'),
      dataIndex: 'type',
      width: 120,
      render: (type: ItemAnalysis['type']) => labelOf(questionTypeLabels, type, lang),
    },
    {
      title: t('report.stem'),
      dataIndex: 'stemText',
      ellipsis: { showTitle: false },
      render: (stem: string, item) => (
        <Tooltip title={textSource(stem)} placement="topLeft">
          <span>
            <OneLine text={stem} />
          </span>
          {item.thrownOut !== null && (
            <Tag className="report-tag" color={throwOutModeLabels[item.thrownOut].color}>
              {t('report.thrownOut')}: {labelOf(throwOutModeLabels, item.thrownOut, lang)}
            </Tag>
          )}
          {isWeak(item) && (
            <Tag className="report-tag" color="error">
              {t('report.weak')}
            </Tag>
          )}
        </Tooltip>
      ),
    },
    { title: t('report.answers'), dataIndex: 'answers', width: 90, align: 'right' },
    { title: t('report.itemMax'), dataIndex: 'max', width: 70, align: 'right', render: figure },
    { title: t('report.itemMean'), dataIndex: 'mean', width: 80, align: 'right', render: figure },
    {
      title: t('report.difficulty'),
      dataIndex: 'difficulty',
      width: 100,
      align: 'right',
      render: figure,
      onCell: (item) =>
        weakCell(
          item.thrownOut === null && item.difficulty !== null && (item.difficulty < 0.3 || item.difficulty > 0.9),
        ),
    },
    {
      title: t('report.discrimination'),
      dataIndex: 'discrimination',
      width: 120,
      align: 'right',
      render: figure,
      onCell: (item) => weakCell(item.thrownOut === null && item.discrimination !== null && item.discrimination < 0.2),
    },
    { title: t('report.pointBiserial'), dataIndex: 'pointBiserial', width: 120, align: 'right', render: figure },
  ];
  return (
    <Table<ItemAnalysis>
      size="small"
      rowKey="questionId"
      columns={columns}
      dataSource={analysis.items}
      pagination={false}
      rowClassName={(item) => (isWeak(item) ? 'report-weak-row' : '')}
      scroll={{ x: 960 }}
    />
  );
}

// One row per option of each choice question; the question's number spans its options.
export function DistractorTable({ analysis }: { analysis: Analysis }) {
  const { t } = useReportTexts();
  const rows: OptionRow[] = analysis.items.flatMap((item) =>
    item.options.map((o, i) => ({ ...o, item, first: i === 0, span: item.options.length })),
  );
  if (rows.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('report.noChoice')} />;
  const share = (n: number, of: number) => (of > 0 ? ` (${percent(n / of)})` : '');
  const columns: TableColumnsType<OptionRow> = [
    {
      title: t('report.no'),
      key: 'no',
      width: 60,
      render: (_: unknown, r) => r.item.no,
      onCell: (r) => ({ rowSpan: r.first ? r.span : 0 }),
    },
    {
      title: t('report.option'),
      dataIndex: 'label',
      width: 110,
      render: (label: string, r) =>
        r.correct ? (
          <Typography.Text strong type="success">
            {label} <CheckOutlined aria-label={t('report.correct')} />
          </Typography.Text>
        ) : (
          label
        ),
    },
    {
      title: t('report.picked'),
      dataIndex: 'count',
      align: 'right',
      render: (n: number, r) => `${n}${share(n, r.item.answers)}`,
    },
    { title: t('report.upper'), dataIndex: 'upper', align: 'right' },
    { title: t('report.lower'), dataIndex: 'lower', align: 'right' },
  ];
  return (
    <Table<OptionRow>
      size="small"
      rowKey={(r) => `${r.item.questionId}-${r.label}`}
      columns={columns}
      dataSource={rows}
      pagination={false}
      rowClassName={(r) => (r.correct ? 'report-correct-row' : '')}
      scroll={{ x: 520 }}
    />
  );
}
