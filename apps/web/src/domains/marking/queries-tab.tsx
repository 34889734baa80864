import { MessageOutlined } from '@ant-design/icons';
import {
  labelOf,
  type MarkOverview,
  QueryStatus,
  queryStatusLabels,
  SCORE_STEP,
  type zScoreQuery,
} from '@lyceum/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, InputNumber, Modal, Segmented, type TableColumnsType, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import type { z } from 'zod';
import { ResourceListPage } from '../../crud/resource-list-page';
import { showServerFieldError } from '../../crud/server-field-error';
import { usePagedList } from '../../crud/use-paged-list';
import { useLang } from '../../shell/i18n';
import { scoreProblem } from './mark-queue';
import { points } from './marked-question';
import { MARK_KEY, markActions, scoreQueries } from './marking-api';
import { useMarkingTexts } from './marking-texts';
import { problemKey } from './score-box';

type ScoreQuery = z.infer<typeof zScoreQuery>;
type QueryFilter = { status?: QueryStatus };

// The students' queries on their marks: read, reply, and change the score if the query is right.
export function QueriesTab({ overview }: { overview: MarkOverview }) {
  const { t } = useMarkingTexts();
  const lang = useLang();
  const examId = overview.examId;
  const [answering, setAnswering] = useState<ScoreQuery | null>(null);
  const list = usePagedList<ScoreQuery, QueryFilter>(
    MARK_KEY,
    (req, c) => scoreQueries({ ...req, examId }, c),
    { status: QueryStatus.Open },
    { queries: examId },
  );
  const columns: TableColumnsType<ScoreQuery> = [
    {
      title: t('marking.asked'),
      dataIndex: 'createTime',
      width: 140,
      render: (at: string) => dayjs(at).format('YYYY-MM-DD HH:mm'),
    },
    {
      title: t('marking.student'),
      key: 'who',
      width: 140,
      render: (_: unknown, q) => (q.realName ? `${q.realName} · ${q.code}` : q.code),
    },
    {
      title: t('marking.question'),
      dataIndex: 'no',
      width: 80,
      render: (no: number) => t('marking.questionNo', { no }),
    },
    { title: t('marking.queryText'), dataIndex: 'text', width: 220, ellipsis: true },
    {
      title: t('marking.score'),
      key: 'score',
      width: 90,
      align: 'right',
      render: (_: unknown, q) => `${points(q.score)} / ${points(q.max)}`,
    },
    {
      title: t('marking.status'),
      dataIndex: 'status',
      width: 100,
      render: (s: QueryStatus) => <Tag color={queryStatusLabels[s].color}>{labelOf(queryStatusLabels, s, lang)}</Tag>,
    },
    {
      title: t('marking.reply'),
      dataIndex: 'reply',
      width: 180,
      ellipsis: true,
      render: (r: string | null) => r ?? '—',
    },
    {
      title: t('marking.actions'),
      key: 'actions',
      fixed: 'right',
      width: 110,
      render: (_: unknown, q) =>
        q.status === QueryStatus.Open && overview.canMark ? (
          <Button type="link" icon={<MessageOutlined />} onClick={() => setAnswering(q)}>
            {t('marking.answerQuery')}
          </Button>
        ) : null,
    },
  ];
  return (
    <>
      <Segmented<'open' | 'all'>
        className="mark-scope"
        value={list.filters.status ? 'open' : 'all'}
        options={[
          { value: 'open', label: labelOf(queryStatusLabels, QueryStatus.Open, lang) },
          { value: 'all', label: t('marking.allQueries') },
        ]}
        onChange={(v) => list.setFilters({ status: v === 'open' ? QueryStatus.Open : undefined })}
      />
      <ResourceListPage<ScoreQuery, QueryFilter> list={list} columns={columns} emptyText={t('marking.noQueries')} />
      {answering && <AnswerQueryDialog examId={examId} query={answering} onClose={() => setAnswering(null)} />}
    </>
  );
}

function AnswerQueryDialog({ examId, query, onClose }: { examId: number; query: ScoreQuery; onClose: () => void }) {
  const { t } = useMarkingTexts();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<{ reply: string; score?: number | null }>();
  const [saving, setSaving] = useState(false);
  async function submit(values: { reply: string; score?: number | null }) {
    setSaving(true);
    try {
      await markActions.answerQuery({
        examId,
        queryId: query.id,
        reply: values.reply,
        score: values.score ?? undefined,
      });
      message.success(t('marking.queryAnswered'));
      await client.invalidateQueries({ queryKey: [MARK_KEY] });
      onClose();
    } catch (err) {
      showServerFieldError(form, err, { reply: t('marking.reply'), score: t('marking.score') });
    } finally {
      setSaving(false);
    }
  }
  return (
    <Modal
      open
      title={t('marking.answerQueryTitle', { code: query.code, no: query.no })}
      okText={t('marking.sendReply')}
      cancelText={t('marking.cancel')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph className="mark-query-text">“{query.text}”</Typography.Paragraph>
      <Form form={form} layout="vertical" name="answer-query" onFinish={(v) => void submit(v)}>
        <Form.Item
          name="reply"
          label={t('marking.reply')}
          rules={[{ required: true, whitespace: true, message: t('marking.replyRequired') }]}
        >
          <Input.TextArea maxLength={500} autoSize={{ minRows: 2, maxRows: 6 }} />
        </Form.Item>
        <Form.Item
          name="score"
          label={t('marking.newScore', { max: points(query.max) })}
          extra={t('marking.newScoreHint', { score: points(query.score) })}
          rules={[
            {
              validator: (_, v: number | null | undefined) => {
                if (v === null || v === undefined) return Promise.resolve();
                const problem = scoreProblem(v, query.max);
                return problem
                  ? Promise.reject(new Error(t(problemKey[problem], { max: query.max, step: SCORE_STEP })))
                  : Promise.resolve();
              },
            },
          ]}
        >
          <InputNumber min={0} max={query.max} step={SCORE_STEP} style={{ width: 120 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
