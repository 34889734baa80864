import { ArrowLeftOutlined, LockOutlined, ReloadOutlined } from '@ant-design/icons';
import {
  type AnswerStatus,
  answerStatusLabels,
  type ExamScores,
  labelOf,
  type PaperStatus,
  paperStatusLabels,
} from '@lyceum/contract';
import {
  Alert,
  Button,
  Card,
  Empty,
  Form,
  Result,
  Select,
  Skeleton,
  Table,
  type TableColumnsType,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FilterBar } from '../../crud/filter-buttons';
import { KeywordFilter } from '../../crud/filter-fields';
import type { Sort } from '../../crud/use-paged-list';
import { useLang } from '../../shell/i18n';
import { ClassFilter } from '../../ui/class-filter';
import { TIME } from '../../ui/portal-format';
import { ScoreActions } from './score-actions';
import { SCORES_PATH, type ScoreFilter, useAnalysis, useExamScores } from './scores-api';
import { useScoresTexts } from './scores-texts';

type Row = ExamScores['list'][number];
type Passed = 'all' | 'passed' | 'failed';
const num = (v: number) => String(Math.round(v * 100) / 100);
// The columns the server sorts by, by the key of their column here.
const SORTS: Record<string, string> = { rank: 'rank', score: 'score', student: 'userName', className: 'className' };

function useColumns(sectionTitles: string[], sort: Sort): TableColumnsType<Row> {
  const { t } = useScoresTexts();
  const lang = useLang();
  const order = (key: string) => (sort.sortField === SORTS[key] ? sort.sortOrder : null);
  return [
    { title: t('scores.rank'), key: 'rank', dataIndex: 'rank', width: 80, sorter: true, sortOrder: order('rank') },
    {
      title: t('scores.student'),
      key: 'student',
      width: 180,
      sorter: true,
      sortOrder: order('student'),
      render: (_: unknown, r) => (
        <div>
          <div>{r.realName ?? r.userName}</div>
          <Typography.Text type="secondary" className="scores-sub">
            {r.userName}
          </Typography.Text>
        </div>
      ),
    },
    {
      title: t('scores.class'),
      key: 'className',
      dataIndex: 'className',
      width: 140,
      sorter: true,
      sortOrder: order('className'),
      render: (name: string | null) => name ?? '—',
    },
    { title: t('scores.classRank'), dataIndex: 'classRank', width: 100, render: (n: number | null) => n ?? '—' },
    {
      title: t('scores.total'),
      key: 'score',
      width: 110,
      sorter: true,
      sortOrder: order('score'),
      render: (_: unknown, r) =>
        r.score === null ? (
          <Typography.Text type="secondary">{t('scores.absent')}</Typography.Text>
        ) : (
          <Typography.Text strong>
            {num(r.score)} / {num(r.maxScore)}
          </Typography.Text>
        ),
    },
    ...sectionTitles.map((title, i) => ({
      title,
      key: `section${i}`,
      width: 110,
      render: (_: unknown, r: Row) =>
        r.sections[i] === null || r.sections[i] === undefined ? '—' : num(r.sections[i]),
    })),
    {
      title: t('scores.result'),
      dataIndex: 'passed',
      width: 100,
      render: (passed: boolean | null) =>
        passed === null ? (
          '—'
        ) : (
          <Tag color={passed ? 'success' : 'error'}>{passed ? t('scores.passed') : t('scores.failed')}</Tag>
        ),
    },
    {
      title: t('scores.pending'),
      dataIndex: 'pending',
      width: 110,
      render: (n: number) => (n > 0 ? <Tag color="warning">{t('scores.pendingCount', { count: n })}</Tag> : '—'),
    },
    {
      title: t('scores.answerStatus'),
      key: 'status',
      width: 170,
      render: (_: unknown, r) => (
        <div>
          <Tag color={answerStatusLabels[r.answerStatus as AnswerStatus].color}>
            {labelOf(answerStatusLabels, r.answerStatus as AnswerStatus, lang)}
          </Tag>
          <Typography.Text type="secondary" className="scores-sub">
            {labelOf(paperStatusLabels, r.paperStatus as PaperStatus, lang)}
          </Typography.Text>
        </div>
      ),
    },
  ];
}

// One exam's scores: who sat it with total, sections, ranks and pass, filtered and sorted on the
// server; confirmation state at the top with the actions.
export function ScoreBoard({ examId }: { examId: number }) {
  const { t } = useScoresTexts();
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  const exam = useAnalysis(examId, undefined);
  const [form] = Form.useForm<{ teamId?: number; keyword?: string; passed: Passed }>();
  const [filter, setFilter] = useState<ScoreFilter>({});
  const [sort, setSort] = useState<Sort>({});
  const [paging, setPaging] = useState({ pageIndex: 1, pageSize: 20 });
  const request = { examId, ...filter, ...sort, ...paging };
  const scores = useExamScores(request);
  const data = scores.data;
  const columns = useColumns(data?.sectionTitles ?? [], sort);

  if (exam.isError && scores.isError)
    return (
      <Result
        status="404"
        subTitle={t('scores.noExam')}
        extra={<Button onClick={() => navigate(SCORES_PATH)}>{t('scores.backToExams')}</Button>}
      />
    );
  const examName = exam.data?.examName ?? '';
  const confirmedAt = data?.confirmedAt ?? null;
  const filtered = filter.teamId !== undefined || Boolean(filter.keyword) || filter.passed !== undefined;

  return (
    <div className="scores-board">
      <Card size="small">
        <div className="scores-header-row">
          <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(SCORES_PATH)}>
            {t('scores.backToExams')}
          </Button>
          <div className="scores-header-title">
            {exam.isPending ? (
              <Skeleton.Input active size="small" />
            ) : (
              <Typography.Title level={4} style={{ margin: 0 }}>
                {examName}
              </Typography.Title>
            )}
            {exam.data && (
              <Typography.Text type="secondary">
                {[
                  exam.data.paperName,
                  exam.data.passScore === null
                    ? t('scores.noPassScore')
                    : t('scores.passScore', { score: num(exam.data.passScore) }),
                ].join(' · ')}
              </Typography.Text>
            )}
          </div>
          {data &&
            (confirmedAt ? (
              <Tag icon={<LockOutlined />} color="success" className="scores-state">
                {t('scores.confirmedTag')}
              </Tag>
            ) : (
              <Tag color="warning" className="scores-state">
                {t('scores.notConfirmedTag')}
              </Tag>
            ))}
        </div>
        {data && (
          <Alert
            className="scores-state-note"
            type={confirmedAt ? 'success' : 'warning'}
            showIcon
            title={
              confirmedAt
                ? t('scores.confirmedAt', { time: dayjs(confirmedAt).format(TIME) })
                : t('scores.notConfirmedYet')
            }
          />
        )}
        {data && data.pending > 0 && (
          <Alert
            className="scores-state-note"
            type="warning"
            showIcon
            data-testid="scores-provisional"
            title={t('scores.provisional', { count: data.pending })}
          />
        )}
      </Card>
      <Card size="small">
        <FilterBar
          form={form}
          name="score-filter"
          initialValues={{ passed: 'all' }}
          onSearch={(v) => {
            setFilter({
              teamId: v.teamId,
              keyword: v.keyword?.trim() || undefined,
              passed: v.passed === 'all' ? undefined : v.passed === 'passed',
            });
            setPaging((p) => ({ ...p, pageIndex: 1 }));
          }}
          onReset={() => {
            setFilter({});
            setPaging((p) => ({ ...p, pageIndex: 1 }));
          }}
        >
          <ClassFilter label={t('scores.class')} width={200} searchable placeholder={t('scores.allClasses')} />
          <KeywordFilter label={t('scores.keyword')} placeholder={t('scores.keywordPlaceholder')} />
          <Form.Item name="passed" label={t('scores.result')}>
            <Select
              style={{ width: 120 }}
              options={[
                { value: 'all', label: t('scores.all') },
                { value: 'passed', label: t('scores.passedOnly') },
                { value: 'failed', label: t('scores.failedOnly') },
              ]}
            />
          </Form.Item>
        </FilterBar>
      </Card>
      <Card size="small">
        <div className="toolbar">
          <ScoreActions examId={examId} examName={examName} confirmed={confirmedAt !== null} request={request} />
          <span className="toolbar-spacer" />
          <Tooltip title={tc('common.refresh')}>
            <Button icon={<ReloadOutlined />} aria-label={tc('common.refresh')} onClick={() => void scores.refetch()} />
          </Tooltip>
        </div>
        <Table<Row>
          rowKey="userId"
          columns={columns}
          dataSource={data?.list}
          loading={scores.isFetching}
          scroll={{ x: 1000 + (data?.sectionTitles.length ?? 0) * 110 }}
          locale={{
            emptyText: (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={filtered ? t('scores.noMatch') : t('scores.noScores')}
              />
            ),
          }}
          onChange={(_, __, sorter) => {
            const one = Array.isArray(sorter) ? sorter[0] : sorter;
            const key = String(one?.columnKey ?? '');
            setSort(one?.order && SORTS[key] ? { sortField: SORTS[key], sortOrder: one.order } : {});
          }}
          pagination={{
            current: paging.pageIndex,
            pageSize: paging.pageSize,
            total: data?.total ?? 0,
            showSizeChanger: true,
            showTotal: (total) => t('scores.totalRows', { count: total }),
            onChange: (pageIndex, pageSize) => setPaging({ pageIndex, pageSize }),
          }}
        />
      </Card>
    </div>
  );
}
