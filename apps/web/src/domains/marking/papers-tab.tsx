import { EditOutlined, EyeOutlined, PrinterOutlined } from '@ant-design/icons';
import {
  answerStatusLabels,
  labelOf,
  type MarkOverview,
  type Page,
  paperStatusLabels,
  type zMarkPaperRow,
} from '@lyceum/contract';
import { Button, Space, type TableColumnsType, Tag } from 'antd';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { CheckFilter, KeywordFilter } from '../../crud/filter-fields';
import type { Paged } from '../../crud/resource-api';
import { ResourceListPage, useSelection } from '../../crud/resource-list-page';
import { usePagedList } from '../../crud/use-paged-list';
import { useLang } from '../../shell/i18n';
import type { Cancel } from '../../shell/request';
import { ClassFilter } from '../../ui/class-filter';
import { NamedSwitch } from './mark-frame';
import { points } from './marked-question';
import { MARK_KEY, markPapers, type PapersFilter, useMarkHost } from './marking-api';
import { useMarkingTexts } from './marking-texts';

type PaperRow = z.infer<typeof zMarkPaperRow> & { id: number };

// The exam's papers, anonymous unless names are revealed; each opens for marking, reading or
// printing, and a selection prints together.
export function PapersTab({ overview }: { overview: MarkOverview }) {
  const { t } = useMarkingTexts();
  const lang = useLang();
  const navigate = useNavigate();
  const host = useMarkHost();
  const selection = useSelection();
  const examId = overview.examId;
  const fetchPage = async (req: Paged<PapersFilter>, c: Cancel) => {
    const page = await markPapers(examId, req, c);
    return { ...page, list: page.list.map((r) => ({ ...r, id: r.attemptId })) } as Page<PaperRow>;
  };
  const list = usePagedList<PaperRow, PapersFilter>(`${MARK_KEY}`, fetchPage, { reveal: false }, { papers: examId });
  const reveal = list.filters.reveal === true;

  const columns: TableColumnsType<PaperRow> = [
    { title: t('marking.code'), dataIndex: 'code', width: 90 },
    ...(reveal
      ? [
          {
            title: t('marking.student'),
            key: 'student',
            width: 160,
            render: (_: unknown, r: PaperRow) => (r.realName ? `${r.realName} (${r.userName ?? ''})` : '—'),
          },
        ]
      : []),
    { title: t('marking.class'), dataIndex: 'className', width: 120, render: (v: string | null) => v ?? '—' },
    {
      title: t('marking.status'),
      key: 'status',
      width: 190,
      render: (_: unknown, r) => (
        <Space size={[0, 4]} wrap>
          <Tag color={paperStatusLabels[r.paperStatus].color}>{labelOf(paperStatusLabels, r.paperStatus, lang)}</Tag>
          <Tag color={answerStatusLabels[r.answerStatus].color}>
            {labelOf(answerStatusLabels, r.answerStatus, lang)}
          </Tag>
        </Space>
      ),
    },
    {
      title: t('marking.score'),
      key: 'score',
      width: 90,
      align: 'right',
      render: (_: unknown, r) => `${points(r.score)} / ${points(r.maxScore)}`,
    },
    {
      title: t('marking.pending'),
      dataIndex: 'pending',
      width: 90,
      align: 'right',
      render: (n: number) => (n > 0 ? <Tag color="warning">{n}</Tag> : 0),
    },
    {
      title: t('marking.actions'),
      key: 'actions',
      fixed: 'right',
      width: 250,
      render: (_: unknown, r) => (
        <Space size={0} wrap>
          <Button
            type="link"
            size="small"
            icon={<EditOutlined />}
            aria-label={t('marking.markPaperOf', { code: r.code })}
            onClick={() => navigate(host.byStudent(examId, r.attemptId))}
          >
            {overview.canMark ? t('marking.mark') : t('marking.open')}
          </Button>
          <Button
            type="link"
            size="small"
            icon={<EyeOutlined />}
            aria-label={t('marking.viewPaperOf', { code: r.code })}
            onClick={() => navigate(host.read(examId, r.attemptId))}
          >
            {t('marking.view')}
          </Button>
          <Button
            type="link"
            size="small"
            icon={<PrinterOutlined />}
            aria-label={t('marking.printPaperOf', { code: r.code })}
            onClick={() => navigate(host.print(examId, [r.attemptId]))}
          >
            {t('marking.print')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <ResourceListPage<PaperRow, PapersFilter>
      list={list}
      columns={columns}
      selectable
      selection={selection}
      emptyText={t('marking.noPapers')}
      filterFormName={`mark-papers-${examId}`}
      toFilter={(values) => ({
        keyword: values.keyword as string | undefined,
        teamId: values.teamId as number | undefined,
        pendingOnly: values.pendingOnly === true,
        reveal,
      })}
      toolbar={
        <Space wrap>
          <Button
            icon={<PrinterOutlined />}
            disabled={selection.selected.length === 0}
            onClick={() => navigate(host.print(examId, selection.selected))}
          >
            {t('marking.printSelected', { count: selection.selected.length })}
          </Button>
          <NamedSwitch
            id="papers-reveal-label"
            label={t('marking.revealNames')}
            checked={reveal}
            onChange={(v) => list.setFilters({ ...list.filters, reveal: v })}
          />
        </Space>
      }
      filterFields={
        <>
          <KeywordFilter label={t('marking.keyword')} placeholder={t('marking.keywordPlaceholder')} />
          <ClassFilter label={t('marking.class')} width={160} placeholder={false} />
          <CheckFilter name="pendingOnly">{t('marking.pendingPapersOnly')}</CheckFilter>
        </>
      }
    />
  );
}
