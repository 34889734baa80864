import { EditOutlined, EyeOutlined, RetweetOutlined } from '@ant-design/icons';
import type { MarkOverview } from '@lyceum/contract';
import { Button, Empty, Progress, Space, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { OneLine } from '../../rich-text/one-line';
import { ChangeTags, points, TypeTag } from './marked-question';
import { useMarkHost } from './marking-api';
import { useMarkingTexts } from './marking-texts';
import { RegradeDialog } from './regrade-dialog';

type Summary = MarkOverview['questions'][number];

// The paper's questions with their marking progress and markers, and each marker's own progress.
export function QuestionsTab({ overview }: { overview: MarkOverview }) {
  const { t } = useMarkingTexts();
  const navigate = useNavigate();
  const host = useMarkHost();
  const [regrading, setRegrading] = useState<Summary | null>(null);
  const names = new Map(overview.markers.map((m) => [m.userId, m.realName]));
  const columns: TableColumnsType<Summary> = [
    { title: t('marking.no'), dataIndex: 'no', width: 56, align: 'right' },
    {
      title: t('marking.question'),
      key: 'question',
      width: 260,
      render: (_: unknown, q) => (
        <div>
          <Space size={4} wrap>
            <TypeTag type={q.type} />
            {q.manual ? <Tag color="purple">{t('marking.manual')}</Tag> : <Tag>{t('marking.automatic')}</Tag>}
            <ChangeTags question={q} />
          </Space>
          <Typography.Paragraph ellipsis={{ rows: 2 }} className="mark-stem-brief" type="secondary">
            {q.stemText ? <OneLine text={q.stemText} /> : q.sectionTitle}
          </Typography.Paragraph>
        </div>
      ),
    },
    { title: t('marking.max'), dataIndex: 'max', width: 64, align: 'right', render: points },
    { title: t('marking.answers'), dataIndex: 'answers', width: 80, align: 'right' },
    {
      title: t('marking.pending'),
      dataIndex: 'pending',
      width: 90,
      align: 'right',
      render: (n: number, q) => (q.manual ? n > 0 ? <Tag color="warning">{n}</Tag> : 0 : '—'),
    },
    {
      title: t('marking.reviewed'),
      dataIndex: 'reviewed',
      width: 90,
      align: 'right',
      render: (n: number, q) => (q.manual ? n : '—'),
    },
    { title: t('marking.average'), dataIndex: 'average', width: 80, align: 'right', render: points },
    {
      title: t('marking.markers'),
      dataIndex: 'markerIds',
      width: 150,
      render: (ids: number[], q) =>
        !q.manual && !ids.length ? (
          '—'
        ) : ids.length ? (
          ids.map((id) => names.get(id) ?? `#${id}`).join(', ')
        ) : (
          <Typography.Text type="secondary">{t('marking.anyMarker')}</Typography.Text>
        ),
    },
    {
      title: t('marking.actions'),
      key: 'actions',
      fixed: 'right',
      width: 200,
      render: (_: unknown, q) => (
        <Space size={0} wrap>
          <Button
            type="link"
            icon={q.manual && overview.canMark ? <EditOutlined /> : <EyeOutlined />}
            aria-label={t('marking.markQuestionNo', { no: q.no })}
            onClick={() => navigate(host.byQuestion(overview.examId, q.questionId))}
          >
            {q.manual && overview.canMark ? t('marking.markQuestion') : t('marking.viewAnswers')}
          </Button>
          {overview.canAssign && (
            <Button
              type="link"
              icon={<RetweetOutlined />}
              aria-label={t('marking.regradeNo', { no: q.no })}
              onClick={() => setRegrading(q)}
            >
              {t('marking.regrade')}
            </Button>
          )}
        </Space>
      ),
    },
  ];
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Table<Summary>
        rowKey="questionId"
        size="small"
        columns={columns}
        dataSource={overview.questions}
        pagination={false}
        scroll={{ x: 1060 }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('marking.noQuestions')} /> }}
      />
      <div>
        <Typography.Title level={5}>{t('marking.markerProgress')}</Typography.Title>
        {overview.markers.length ? (
          <div className="mark-markers">
            {overview.markers.map((m) => (
              <div key={m.userId} className="mark-marker">
                <Typography.Text strong>{m.realName}</Typography.Text>
                <Typography.Text type="secondary" className="mark-sub">
                  {t('marking.markerQuestions', {
                    list: m.questionIds
                      .map((id) => overview.questions.find((q) => q.questionId === id)?.no ?? '?')
                      .join(', '),
                  })}
                </Typography.Text>
                <Progress percent={m.assigned ? Math.round((m.marked / m.assigned) * 100) : 100} size="small" />
                <Typography.Text type="secondary" className="mark-sub">
                  {t('marking.markedOf', { marked: m.marked, total: m.assigned })}
                </Typography.Text>
              </div>
            ))}
          </div>
        ) : (
          <Typography.Text type="secondary">{t('marking.noMarkers')}</Typography.Text>
        )}
      </div>
      {regrading && <RegradeDialog overview={overview} question={regrading} onClose={() => setRegrading(null)} />}
    </Space>
  );
}
