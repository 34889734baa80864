import { BarChartOutlined, TableOutlined } from '@ant-design/icons';
import type { MarkExam } from '@lyceum/contract';
import { Button, Space, type TableColumnsType, Tag } from 'antd';
import { useNavigate } from 'react-router';
import { KeywordFilter } from '../../crud/filter-fields';
import { ResourceListPage } from '../../crud/resource-list-page';
import { usePagedList } from '../../crud/use-paged-list';
import { LinkCell } from '../../ui/link-cell';
import { timeWindow } from '../../ui/portal-format';
import { reportPath, SCORES_KEY, scoreExams, scoresPath } from './scores-api';
import { useScoresTexts } from './scores-texts';

type ExamFilter = { keyword?: string };

// The exams with handed-in papers, with how far marking got and whether scores are confirmed; one
// opens its score table.
export function ScoreExamPicker() {
  const { t } = useScoresTexts();
  const navigate = useNavigate();
  const list = usePagedList<MarkExam, ExamFilter>(`${SCORES_KEY}Exams`, scoreExams, {});

  const columns: TableColumnsType<MarkExam> = [
    {
      title: t('scores.exam'),
      dataIndex: 'name',
      width: 260,
      render: (name: string, exam) => (
        <LinkCell name={name} sub={exam.paperName} onOpen={() => navigate(scoresPath(exam.id))} />
      ),
    },
    {
      title: t('scores.window'),
      key: 'window',
      width: 200,
      render: (_: unknown, exam) => timeWindow(exam.windowStart, exam.windowEnd),
    },
    { title: t('scores.candidates'), dataIndex: 'candidates', width: 100, align: 'right' },
    { title: t('scores.ended'), dataIndex: 'ended', width: 100, align: 'right' },
    {
      title: t('scores.pendingItems'),
      dataIndex: 'pendingItems',
      width: 110,
      align: 'right',
      render: (n: number) => (n > 0 ? <Tag color="warning">{n}</Tag> : n),
    },
    {
      title: t('scores.state'),
      dataIndex: 'confirmedAt',
      width: 120,
      render: (at: string | null) =>
        at ? <Tag color="success">{t('scores.confirmed')}</Tag> : <Tag>{t('scores.notConfirmed')}</Tag>,
    },
    {
      title: t('scores.actions'),
      key: 'actions',
      fixed: 'right',
      width: 190,
      render: (_: unknown, exam) => (
        <Space size={0}>
          <Button
            type="link"
            icon={<TableOutlined />}
            aria-label={t('scores.openExam', { name: exam.name })}
            onClick={() => navigate(scoresPath(exam.id))}
          >
            {t('scores.open')}
          </Button>
          <Button type="link" icon={<BarChartOutlined />} onClick={() => navigate(reportPath(exam.id))}>
            {t('scores.report')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <ResourceListPage<MarkExam, ExamFilter>
      list={list}
      columns={columns}
      emptyText={list.filters.keyword ? t('scores.noExamMatches') : t('scores.noExams')}
      filterFormName="score-exam-filter"
      filterFields={<KeywordFilter label={t('scores.exam')} placeholder={t('scores.examPlaceholder')} width={220} />}
    />
  );
}
