import { FormOutlined } from '@ant-design/icons';
import type { MarkExam } from '@lyceum/contract';
import { Button, Progress, type TableColumnsType, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useNavigate } from 'react-router';
import { CheckFilter, KeywordFilter } from '../../crud/filter-fields';
import { ResourceListPage } from '../../crud/resource-list-page';
import { usePagedList } from '../../crud/use-paged-list';
import { LinkCell } from '../../ui/link-cell';
import { MARK_KEY, type MarkExamFilter, markExams, markPaths } from './marking-api';
import { useMarkingTexts } from './marking-texts';
import './marking.css';

const pct = (part: number, whole: number) => (whole ? Math.round((part / whole) * 100) : 0);

// Exams › Marking: the exams with papers to mark, how far the attempts and the hand marking have got.
export default function MarkExamsView() {
  const { t } = useMarkingTexts();
  const navigate = useNavigate();
  const list = usePagedList<MarkExam, MarkExamFilter>(`${MARK_KEY}-exams`, markExams, { pendingOnly: false });
  const open = (exam: MarkExam) => navigate(markPaths.overview(exam.id));

  const columns: TableColumnsType<MarkExam> = [
    {
      title: t('marking.exam'),
      dataIndex: 'name',
      width: 240,
      render: (name: string, exam) => <LinkCell name={name} sub={exam.paperName} onOpen={() => open(exam)} />,
    },
    {
      title: t('marking.window'),
      key: 'window',
      width: 150,
      render: (_: unknown, exam) => (
        <span className="mark-nowrap">
          {dayjs(exam.windowStart).format('YYYY-MM-DD HH:mm')}
          <Typography.Text type="secondary" className="mark-sub">
            {t('marking.until', { time: dayjs(exam.windowEnd).format('MM-DD HH:mm') })}
          </Typography.Text>
        </span>
      ),
    },
    {
      title: t('marking.papersIn'),
      key: 'ended',
      width: 180,
      render: (_: unknown, exam) => (
        <div>
          <Progress percent={pct(exam.ended, exam.candidates)} size="small" showInfo={false} />
          <Typography.Text type="secondary" className="mark-sub">
            {t('marking.endedOf', { ended: exam.ended, total: exam.candidates })}
            {exam.answering > 0 && ` · ${t('marking.answeringNow', { count: exam.answering })}`}
          </Typography.Text>
        </div>
      ),
    },
    {
      title: t('marking.handMarking'),
      key: 'pending',
      width: 190,
      render: (_: unknown, exam) =>
        exam.manualItems === 0 ? (
          <Typography.Text type="secondary">{t('marking.allAutomatic')}</Typography.Text>
        ) : (
          <div>
            <Progress
              percent={pct(exam.manualItems - exam.pendingItems, exam.manualItems)}
              size="small"
              status={exam.pendingItems ? 'active' : 'success'}
            />
            <Typography.Text type={exam.pendingItems ? 'warning' : 'secondary'} className="mark-sub">
              {exam.pendingItems
                ? t('marking.pendingOfTotal', { count: exam.pendingItems, total: exam.manualItems })
                : t('marking.allMarkedShort', { total: exam.manualItems })}
            </Typography.Text>
          </div>
        ),
    },
    {
      title: t('marking.scores'),
      dataIndex: 'confirmedAt',
      width: 130,
      render: (at: string | null) =>
        at ? <Tag color="success">{t('marking.confirmed')}</Tag> : <Tag>{t('marking.notConfirmed')}</Tag>,
    },
    {
      title: t('marking.actions'),
      key: 'actions',
      fixed: 'right',
      width: 110,
      render: (_: unknown, exam) => (
        <Button
          type="link"
          icon={<FormOutlined />}
          aria-label={t('marking.openExam', { name: exam.name })}
          onClick={() => open(exam)}
        >
          {exam.canMark ? t('marking.mark') : t('marking.view')}
        </Button>
      ),
    },
  ];

  return (
    <div className="mark-page">
      <ResourceListPage<MarkExam, MarkExamFilter>
        list={list}
        columns={columns}
        emptyText={list.filters.keyword || list.filters.pendingOnly ? t('marking.noExamMatches') : t('marking.noExams')}
        filterFormName="mark-exam-filter"
        toFilter={(values) => ({
          keyword: values.keyword as string | undefined,
          pendingOnly: values.pendingOnly === true,
        })}
        filterFields={
          <>
            <KeywordFilter label={t('marking.exam')} placeholder={t('marking.examPlaceholder')} width={220} />
            <CheckFilter name="pendingOnly">{t('marking.pendingExamsOnly')}</CheckFilter>
          </>
        }
      />
    </div>
  );
}
