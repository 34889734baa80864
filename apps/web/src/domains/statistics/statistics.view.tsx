import type { Statistics, zStatisticsRequest } from '@lyceum/contract';
import { api } from '@lyceum/contract/routes';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, DatePicker, Empty, Form, Table, type TableColumnsType, TreeSelect, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { FilterBar } from '../../crud/filter-buttons';
import { SelectFilter } from '../../crud/filter-fields';
import { cleanFilter } from '../../crud/resource-api';
import { call } from '../../shell/request';
import { ClassFilter } from '../../ui/class-filter';
import { toTreeOptions, useSemesters, useSubjects } from '../../ui/lookups';
import { TIME } from '../../ui/portal-format';
import { figure, percent, ScoreChart } from '../../ui/score-chart';
import { reportPath } from '../exam-scores/scores-api';
import { useStatisticsTexts } from './statistics-texts';
import './statistics.css';

type Request = z.input<typeof zStatisticsRequest>;
type ExamRow = Statistics['exams'][number];
type ClassRow = Statistics['classes'][number];
interface FilterValues {
  semesterId?: number;
  subjectId?: number;
  teamId?: number;
  dates?: [Dayjs | null, Dayjs | null] | null;
}

const DAY = 'YYYY-MM-DD';

// The form's values as the server reads them: `to` is exclusive, so the last chosen day counts whole.
function toRequest(v: FilterValues): Request {
  const [from, to] = v.dates ?? [null, null];
  return cleanFilter({
    semesterId: v.semesterId,
    subjectId: v.subjectId,
    teamId: v.teamId,
    from: from?.format(DAY),
    to: to?.add(1, 'day').format(DAY),
  }) as Request;
}

function TrendChart({ data }: { data: Statistics }) {
  const { t } = useStatisticsTexts();
  const option = useMemo(() => {
    const exams = data.exams;
    return {
      animation: false,
      tooltip: { trigger: 'axis', valueFormatter: (v: number | null) => (v === null ? '—' : `${v} %`) },
      legend: { bottom: 0, type: 'scroll' },
      grid: { left: 48, right: 24, top: 32, bottom: 64 },
      xAxis: {
        type: 'category',
        data: exams.map((e) => `${dayjs(e.date).format('MM-DD')} ${e.name}`),
        axisLabel: { hideOverlap: true, width: 120, overflow: 'truncate' },
      },
      yAxis: { type: 'value', min: 0, max: 100, name: t('statistics.meanRateAxis') },
      series: data.trend.map((line) => {
        const byExam = new Map(line.points.map((p) => [p.examId, p.meanRate]));
        return {
          type: 'line',
          name: line.teamId === null ? t('statistics.noClass') : line.className,
          connectNulls: true,
          data: exams.map((e) => {
            const r = byExam.get(e.examId);
            return r === undefined || r === null ? null : Math.round(r * 1000) / 10;
          }),
        };
      }),
    };
  }, [data, t]);
  return <ScoreChart option={option} height={320} label={t('statistics.trendLabel')} />;
}

// Statistics: across exams, per class and subject, with filters for semester, subject, class and dates.
export default function StatisticsView() {
  const { t } = useStatisticsTexts();
  const navigate = useNavigate();
  const semesters = useSemesters();
  const subjects = useSubjects();
  const [form] = Form.useForm<FilterValues>();
  const [request, setRequest] = useState<Request>({});
  const stats = useQuery({
    queryKey: ['examScore', 'statistics', request],
    queryFn: ({ signal }) => call(api.examScore.statistics, { body: request }, { signal, retry: 2 }),
    placeholderData: keepPreviousData,
  });
  const data = stats.data;

  const examColumns: TableColumnsType<ExamRow> = [
    { title: t('statistics.date'), dataIndex: 'date', width: 150, render: (d: string) => dayjs(d).format(TIME) },
    {
      title: t('statistics.exam'),
      dataIndex: 'name',
      width: 220,
      render: (name: string, e) => (
        <Button type="link" className="statistics-link" onClick={() => navigate(reportPath(e.examId))}>
          {name}
        </Button>
      ),
    },
    {
      title: t('statistics.subjectCol'),
      dataIndex: 'subjectName',
      width: 140,
      render: (s: string | null) => s ?? t('statistics.noSubject'),
    },
    { title: t('statistics.count'), dataIndex: 'count', width: 90, align: 'right' },
    { title: t('statistics.mean'), dataIndex: 'mean', width: 90, align: 'right', render: figure },
    { title: t('statistics.meanRate'), dataIndex: 'meanRate', width: 110, align: 'right', render: percent },
    { title: t('statistics.passRate'), dataIndex: 'passRate', width: 110, align: 'right', render: percent },
  ];
  const classColumns: TableColumnsType<ClassRow> = [
    {
      title: t('statistics.class'),
      dataIndex: 'className',
      width: 160,
      render: (name: string, c) => (c.teamId === null ? t('statistics.noClass') : name),
    },
    {
      title: t('statistics.subjectCol'),
      dataIndex: 'subjectName',
      width: 140,
      render: (s: string | null) => s ?? t('statistics.noSubject'),
    },
    { title: t('statistics.examsCount'), dataIndex: 'exams', width: 90, align: 'right' },
    { title: t('statistics.count'), dataIndex: 'count', width: 90, align: 'right' },
    { title: t('statistics.meanRate'), dataIndex: 'meanRate', width: 110, align: 'right', render: percent },
    { title: t('statistics.passRate'), dataIndex: 'passRate', width: 110, align: 'right', render: percent },
  ];
  const empty = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('statistics.empty')} />;

  return (
    <div className="statistics-page">
      <Card size="small">
        <FilterBar
          form={form}
          name="statistics-filter"
          onSearch={(v) => setRequest(toRequest(v))}
          onReset={() => setRequest({})}
        >
          <SelectFilter
            name="semesterId"
            label={t('statistics.semester')}
            width={180}
            placeholder={t('statistics.allSemesters')}
            loading={semesters.isPending}
            options={semesters.data}
          />
          <Form.Item name="subjectId" label={t('statistics.subject')}>
            <TreeSelect
              allowClear
              showSearch
              treeNodeFilterProp="title"
              placeholder={t('statistics.allSubjects')}
              style={{ width: 180 }}
              treeData={toTreeOptions(subjects.data)}
              popupMatchSelectWidth={false}
            />
          </Form.Item>
          <ClassFilter label={t('statistics.class')} width={180} searchable placeholder={t('statistics.allClasses')} />
          <Form.Item name="dates" label={t('statistics.dates')}>
            <DatePicker.RangePicker
              allowEmpty={[true, true]}
              placeholder={[t('statistics.from'), t('statistics.to')]}
              style={{ width: 240 }}
            />
          </Form.Item>
        </FilterBar>
      </Card>
      <Card size="small" title={t('statistics.trend')} loading={stats.isPending}>
        <Typography.Paragraph type="secondary" className="statistics-hint">
          {t('statistics.trendHint')}
        </Typography.Paragraph>
        {data && data.exams.length > 0 ? <TrendChart data={data} /> : empty}
      </Card>
      <Card size="small" title={t('statistics.exams')}>
        <Table<ExamRow>
          size="small"
          rowKey="examId"
          columns={examColumns}
          dataSource={data?.exams}
          loading={stats.isFetching}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          scroll={{ x: 900 }}
          locale={{ emptyText: empty }}
        />
      </Card>
      <Card size="small" title={t('statistics.classes')}>
        <Table<ClassRow>
          size="small"
          rowKey={(c) => `${c.teamId ?? 0}-${c.subjectName ?? ''}`}
          columns={classColumns}
          dataSource={data?.classes}
          loading={stats.isFetching}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          scroll={{ x: 700 }}
          locale={{ emptyText: empty }}
        />
      </Card>
    </div>
  );
}
