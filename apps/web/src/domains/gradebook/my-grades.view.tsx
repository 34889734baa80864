import { gradeItemKindLabels, gradeWaitingLabels, labelOf, type MyGrades } from '@lyceum/contract';
import {
  Card,
  Empty,
  Form,
  Progress,
  Select,
  Space,
  Statistic,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useLang } from '../../shell/i18n';
import { figure } from '../../ui/score-chart';
import { bandsText, pct, useMyGrades } from './gradebook-api';
import { useGradebookTexts } from './gradebook-texts';
import './gradebook.css';

type Book = MyGrades['books'][number];
type Row = Book['items'][number] & { score: number | null };

function GradeCard({ book, bands }: { book: Book; bands: MyGrades['bands'] }) {
  const { t } = useGradebookTexts();
  const lang = useLang();
  const rows: Row[] = book.items.map((item, i) => ({ ...item, score: book.figures.scores[i] ?? null }));
  const columns: TableColumnsType<Row> = [
    { title: t('gradebook.item'), dataIndex: 'name', ellipsis: true },
    {
      title: t('gradebook.kind'),
      dataIndex: 'kind',
      width: 90,
      // Shown from 992 px: at tablet width the status keeps its room.
      responsive: ['lg'],
      render: (k: Row['kind']) => labelOf(gradeItemKindLabels, k, lang),
    },
    {
      title: t('gradebook.date'),
      dataIndex: 'date',
      width: 110,
      responsive: ['md'],
      render: (d: string) => dayjs(d).format('YYYY-MM-DD'),
    },
    {
      title: t('gradebook.score'),
      key: 'score',
      width: 110,
      align: 'right',
      render: (_, r) => (r.final ? `${figure(r.score)} / ${figure(r.maxScore)}` : '—'),
    },
    {
      title: t('gradebook.status'),
      key: 'status',
      width: 150,
      render: (_, r) =>
        r.waiting !== null ? (
          <Tag color={gradeWaitingLabels[r.waiting].color}>{labelOf(gradeWaitingLabels, r.waiting, lang)}</Tag>
        ) : r.category === null ? (
          <Tag>{t('gradebook.notCounted')}</Tag>
        ) : (
          <Tag color="success">{book.categories[r.category]?.name ?? t('gradebook.final')}</Tag>
        ),
    },
  ];
  return (
    <Card size="small" title={book.team.name}>
      <div className="my-grades-head">
        <Space size="large">
          <Statistic
            title={t('gradebook.myTotal')}
            value={book.figures.total === null ? t('gradebook.myNoTotal') : pct(book.figures.total)}
          />
          <div>
            <Typography.Text type="secondary">{t('gradebook.myBand')}</Typography.Text>
            <div className="my-grades-band">{book.figures.band ?? '—'}</div>
          </div>
        </Space>
        <div className="my-grades-categories">
          {book.categories.map((c, i) => (
            <div key={c.name} className="my-grades-category">
              <Typography.Text ellipsis>
                {c.name} · {t('gradebook.weightShort', { weight: c.weight })}
              </Typography.Text>
              <Progress
                percent={book.figures.categories[i] ?? 0}
                format={() => pct(book.figures.categories[i])}
                status="normal"
                aria-label={`${c.name} ${pct(book.figures.categories[i])}`}
              />
            </div>
          ))}
        </div>
      </div>
      <Typography.Paragraph type="secondary" className="gradebook-legend">
        {t('gradebook.finalOnly')} {t('gradebook.bandsLine', { bands: bandsText(bands) })}
        {book.withheld > 0 && ` ${t('gradebook.withheld', { count: book.withheld })}`}
      </Typography.Paragraph>
      <Table<Row>
        size="small"
        rowKey="examId"
        columns={columns}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('gradebook.noItems')} /> }}
      />
    </Card>
  );
}

// My study › My grades: the student's own gradebook of a term, per class.
export default function MyGradesView() {
  const { t } = useGradebookTexts();
  const [semesterId, setSemesterId] = useState<number>();
  const grades = useMyGrades(semesterId);
  const data = grades.data;
  return (
    <div className="my-grades-page">
      <Card size="small">
        <Form layout="inline" name="my-grades-filter" className="filter-bar">
          <Form.Item label={t('gradebook.term')}>
            <Select
              style={{ width: 220 }}
              loading={grades.isPending}
              value={semesterId ?? data?.semester?.id}
              onChange={setSemesterId}
              options={(data?.semesters ?? []).map((s) => ({ value: s.id, label: s.name }))}
            />
          </Form.Item>
        </Form>
      </Card>
      {!data ? (
        <Card loading />
      ) : !data.semester ? (
        <Empty description={t('gradebook.noTerm')} />
      ) : data.books.length === 0 ? (
        <Empty description={t('gradebook.myNoClass')} />
      ) : (
        data.books.map((b) => <GradeCard key={b.team.id} book={b} bands={data.bands} />)
      )}
    </div>
  );
}
