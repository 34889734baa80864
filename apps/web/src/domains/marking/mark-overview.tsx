import { ArrowLeftOutlined, TeamOutlined } from '@ant-design/icons';
import { Button, Card, Result, Skeleton, Space, Tabs, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { AssignDialog } from './assign-dialog';
import { HistoryTab } from './history-tab';
import { points } from './marked-question';
import { useMarkHost, useMarkOverview } from './marking-api';
import { useMarkingTexts } from './marking-texts';
import { PapersTab } from './papers-tab';
import { QueriesTab } from './queries-tab';
import { QuestionsTab } from './questions-tab';

// One exam's marking: its questions with progress and markers, its papers, the audit of score
// changes and the students' queries.
export function MarkOverviewPanel({ examId }: { examId: number }) {
  const { t } = useMarkingTexts();
  const navigate = useNavigate();
  const host = useMarkHost();
  const overview = useMarkOverview(examId);
  const [assigning, setAssigning] = useState(false);
  if (overview.isPending) return <Skeleton active style={{ padding: 24 }} />;
  const o = overview.data;
  if (!o)
    return (
      <Result
        status="404"
        subTitle={t('marking.examNotFound')}
        extra={<Button onClick={() => navigate(host.home)}>{host.homeLabel ?? t('marking.allExams')}</Button>}
      />
    );
  const manual = o.questions.filter((q) => q.manual);
  const pending = manual.reduce((n, q) => n + q.pending, 0);
  return (
    <div className="mark-page">
      <Card size="small">
        <div className="mark-head">
          <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(host.home)}>
            {host.homeLabel ?? t('marking.allExams')}
          </Button>
          <div className="mark-head-title">
            <Typography.Title level={4} style={{ margin: 0 }}>
              {o.examName}
            </Typography.Title>
            <Typography.Text type="secondary">
              {[
                o.paperName,
                t('marking.totalScore', { score: points(o.totalScore) }),
                o.passScore !== null && t('marking.passScore', { score: points(o.passScore) }),
                t('marking.endedCount', { count: o.ended }),
                o.answering > 0 && t('marking.answeringNow', { count: o.answering }),
              ]
                .filter(Boolean)
                .join(' · ')}
            </Typography.Text>
          </div>
          <Space wrap>
            {o.confirmedAt ? (
              <Tag color="success">
                {t('marking.confirmedAt', { time: dayjs(o.confirmedAt).format('YYYY-MM-DD HH:mm') })}
              </Tag>
            ) : (
              <Tag color={pending ? 'warning' : 'success'}>
                {pending ? t('marking.pendingOf', { count: pending }) : t('marking.nothingToMark')}
              </Tag>
            )}
            {host.overviewActions}
            {o.canAssign && (
              <Button icon={<TeamOutlined />} onClick={() => setAssigning(true)}>
                {t('marking.assignMarkers')}
              </Button>
            )}
          </Space>
        </div>
      </Card>
      <Card size="small">
        <Tabs
          destroyOnHidden
          items={[
            { key: 'questions', label: t('marking.questionsTab'), children: <QuestionsTab overview={o} /> },
            { key: 'papers', label: t('marking.papersTab'), children: <PapersTab overview={o} /> },
            { key: 'history', label: t('marking.historyTab'), children: <HistoryTab overview={o} /> },
            { key: 'queries', label: t('marking.queriesTab'), children: <QueriesTab overview={o} /> },
          ]}
        />
      </Card>
      {assigning && <AssignDialog overview={o} onClose={() => setAssigning(false)} />}
    </div>
  );
}
