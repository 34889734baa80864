import { type Exam, examStateLabels, examStatusLabels, labelOf, PAGE_SIZE_DEFAULT } from '@lyceum/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Empty, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useLang } from '../../shell/i18n';
import { useTeamTexts } from './i18n';
import { teamExams } from './team-api';

const when = (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm');

// The exams a class is addressed by. Until the exams area is installed on the server the list says
// so rather than failing.
export function TeamExams({ teamId }: { teamId: number }) {
  const { t } = useTeamTexts();
  const lang = useLang();
  const [paging, setPaging] = useState({ pageIndex: 1, pageSize: PAGE_SIZE_DEFAULT });
  const exams = useQuery({
    queryKey: ['exam', 'page', { teamId }, paging],
    queryFn: () => teamExams(teamId, paging),
    placeholderData: keepPreviousData,
    retry: false,
  });
  if (exams.data === null) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('team.examsComing')} />;
  if (exams.isError) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('team.examsFailed')} />;
  return (
    <Table<Exam>
      rowKey="id"
      size="middle"
      loading={exams.isFetching}
      dataSource={exams.data?.list}
      scroll={{ x: 760 }}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('team.noExams')} /> }}
      pagination={{
        current: paging.pageIndex,
        pageSize: paging.pageSize,
        total: exams.data?.total ?? 0,
        showTotal: (total) => t('common.total', { count: total }),
        onChange: (pageIndex, pageSize) => setPaging({ pageIndex, pageSize }),
      }}
      columns={[
        { title: t('team.examName'), dataIndex: 'name' },
        {
          title: t('team.examWindow'),
          key: 'window',
          width: 250,
          render: (_: unknown, e) => `${when(e.windowStart)} – ${dayjs(e.windowEnd).format('HH:mm')}`,
        },
        {
          title: t('team.examDuration'),
          dataIndex: 'durationMinutes',
          width: 110,
          render: (m: number) => t('team.minutes', { count: m }),
        },
        {
          title: t('team.examState'),
          key: 'state',
          width: 190,
          render: (_: unknown, e) => (
            <>
              <Tag color={examStateLabels[e.state].color}>{labelOf(examStateLabels, e.state, lang)}</Tag>
              <Tag color={examStatusLabels[e.status].color}>{labelOf(examStatusLabels, e.status, lang)}</Tag>
            </>
          ),
        },
        { title: t('team.examCandidates'), dataIndex: 'candidateCount', width: 100, align: 'right' },
      ]}
    />
  );
}

// Homework and scores arrive with their own areas; until then each tab says what it will show.
export function ComingTab({ title, text }: { title: string; text: string }) {
  return (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={
        <>
          <Typography.Text strong>{title}</Typography.Text>
          <br />
          <Typography.Text type="secondary">{text}</Typography.Text>
        </>
      }
    />
  );
}
