import { labelOf, type MarkOverview, scoreChangeKindLabels, type zScoreChange } from '@lyceum/contract';
import { type TableColumnsType, Tag } from 'antd';
import dayjs from 'dayjs';
import type { z } from 'zod';
import { ResourceListPage } from '../../crud/resource-list-page';
import { usePagedList } from '../../crud/use-paged-list';
import { useLang } from '../../shell/i18n';
import { points } from './marked-question';
import { MARK_KEY, scoreHistory } from './marking-api';
import { useMarkingTexts } from './marking-texts';

type Change = z.infer<typeof zScoreChange>;
type NoFilter = Record<string, never>;

// Every score changed after the automatic marking: by whom, when, from what to what and why.
export function HistoryTab({ overview }: { overview: MarkOverview }) {
  const { t } = useMarkingTexts();
  const lang = useLang();
  const examId = overview.examId;
  const list = usePagedList<Change, NoFilter>(
    MARK_KEY,
    (req, c) => scoreHistory({ pageIndex: req.pageIndex, pageSize: req.pageSize, examId }, c),
    {},
    { history: examId },
  );
  const no = new Map(overview.questions.map((q) => [q.questionId, q.no]));
  const columns: TableColumnsType<Change> = [
    {
      title: t('marking.when'),
      dataIndex: 'at',
      width: 150,
      render: (at: string) => dayjs(at).format('YYYY-MM-DD HH:mm'),
    },
    { title: t('marking.code'), dataIndex: 'code', width: 80 },
    {
      title: t('marking.question'),
      dataIndex: 'questionId',
      width: 90,
      render: (id: number | null) => (id === null ? '—' : t('marking.questionNo', { no: no.get(id) ?? '?' })),
    },
    {
      title: t('marking.change'),
      dataIndex: 'kind',
      width: 150,
      render: (k: Change['kind']) => (
        <Tag color={scoreChangeKindLabels[k].color}>{labelOf(scoreChangeKindLabels, k, lang)}</Tag>
      ),
    },
    {
      title: t('marking.fromTo'),
      key: 'fromTo',
      width: 130,
      render: (_: unknown, c) => `${points(c.from)} → ${points(c.to)}`,
    },
    { title: t('marking.reason'), dataIndex: 'reason', width: 200, ellipsis: true, render: (r: string) => r || '—' },
    { title: t('marking.by'), dataIndex: 'userName', width: 120, render: (n: string | null) => n ?? '—' },
  ];
  return <ResourceListPage<Change, NoFilter> list={list} columns={columns} emptyText={t('marking.noHistory')} />;
}
