import { type Gradebook, type GradeItem, gradeWaitingLabels, labelOf } from '@lyceum/contract';
import { Table, type TableColumnsType, Tag, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import { useLang } from '../../shell/i18n';
import { figure } from '../../ui/score-chart';
import { pct } from './gradebook-api';
import { useGradebookTexts } from './gradebook-texts';

type Student = Gradebook['students'][number];

// A column's header: its name (whole in a tooltip), date and maximum, and why it does not count yet.
export function ItemHeader({ item }: { item: GradeItem }) {
  const { t } = useGradebookTexts();
  const lang = useLang();
  return (
    <div className="gradebook-item">
      <Tooltip title={item.name}>
        <span className="gradebook-item-name">{item.name}</span>
      </Tooltip>
      <span className="gradebook-item-meta">
        {dayjs(item.date).format('MM-DD')} · {t('gradebook.outOf', { max: figure(item.maxScore) })}
      </span>
      {item.waiting !== null && (
        <Tag color={gradeWaitingLabels[item.waiting].color} className="gradebook-item-tag">
          {labelOf(gradeWaitingLabels, item.waiting, lang)}
        </Tag>
      )}
    </div>
  );
}

// The class's gradebook: a row per student; per category its columns and percentage; the total
// and grade kept in view on the right.
export function GradebookTable({ book, loading }: { book: Gradebook; loading: boolean }) {
  const { t } = useGradebookTexts();
  const itemColumn = (item: GradeItem, i: number) => ({
    key: `i${item.examId}`,
    title: <ItemHeader item={item} />,
    width: 150,
    align: 'right' as const,
    render: (_: unknown, s: Student) =>
      item.final ? (
        figure(s.scores[i])
      ) : (
        <Typography.Text type="secondary" aria-label={t('gradebook.notCounted')}>
          —
        </Typography.Text>
      ),
  });
  const groups = book.categories.map((c, ci) => ({
    key: `c${ci}`,
    title: `${c.name} · ${t('gradebook.weightShort', { weight: c.weight })}`,
    children: [
      ...book.items.flatMap((item, i) => (item.category === ci ? [itemColumn(item, i)] : [])),
      {
        key: `p${ci}`,
        title: t('gradebook.categoryPercent', { name: c.name }),
        width: 96,
        align: 'right' as const,
        className: 'gradebook-percent',
        render: (_: unknown, s: Student) => pct(s.categories[ci]),
      },
    ],
  }));
  const uncounted = book.items.flatMap((item, i) => (item.category === null ? [itemColumn(item, i)] : []));
  const columns: TableColumnsType<Student> = [
    {
      key: 'student',
      title: t('gradebook.student'),
      fixed: 'left',
      width: 150,
      render: (_, s) => (
        <div className="gradebook-student">
          <span>{s.realName}</span>
          <Typography.Text type="secondary">{s.userName}</Typography.Text>
        </div>
      ),
    },
    ...groups,
    ...(uncounted.length ? [{ key: 'out', title: t('gradebook.notCounted'), children: uncounted }] : []),
    {
      key: 'total',
      title: t('gradebook.total'),
      fixed: 'right',
      width: 88,
      align: 'right',
      className: 'gradebook-total',
      render: (_, s) => pct(s.total),
    },
    {
      key: 'band',
      title: t('gradebook.grade'),
      fixed: 'right',
      width: 72,
      align: 'center',
      render: (_, s) => (s.band ? <Tag className="gradebook-band">{s.band}</Tag> : '—'),
    },
  ];
  const width = 150 + 88 + 72 + book.items.length * 150 + book.categories.length * 96;
  return (
    <Table<Student>
      size="small"
      bordered
      rowKey="userId"
      columns={columns}
      dataSource={book.students}
      loading={loading}
      pagination={false}
      scroll={{ x: width }}
      sticky
    />
  );
}
