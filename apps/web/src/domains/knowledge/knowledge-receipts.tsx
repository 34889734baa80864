import type { KnowledgeArticle, KnowledgeReceipt, KnowledgeReceiptPage, Page } from '@lyceum/contract';
import { Checkbox, Drawer, Form, Progress, Segmented, Space, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { KeywordFilter } from '../../crud/filter-fields';
import type { Paged } from '../../crud/resource-api';
import { ResourceListPage } from '../../crud/resource-list-page';
import { usePagedList } from '../../crud/use-paged-list';
import { useIsMobile } from '../../shell/layout/use-device';
import type { Cancel } from '../../shell/request';
import { shortMoment } from '../../shell/time-format';
import { articleReceipts, KNOWLEDGE_KEY, type ReceiptFilter } from './knowledge-api';
import { useKnowledgeTexts } from './knowledge-texts';

type Row = KnowledgeReceipt & { id: number };
type View = 'read' | 'unread';

// The counts: a ring with the share of the audience that has read it, the figures beside it.
function Counts({ summary }: { summary: KnowledgeReceiptPage['summary'] }) {
  const { t } = useKnowledgeTexts();
  const readers = summary.audience - summary.unread;
  const share = summary.audience > 0 ? Math.round((readers / summary.audience) * 100) : 0;
  return (
    <div className="knowledge-counts">
      <Progress
        type="circle"
        size={88}
        percent={share}
        format={() => `${readers}/${summary.audience}`}
        aria-label={t('knowledge.readShare', { share })}
      />
      <div>
        <div>
          {t('knowledge.readCurrent')}: <strong>{summary.readCurrent}</strong>
        </div>
        <div>
          {t('knowledge.readOlder')}: <strong>{summary.read - summary.readCurrent}</strong>
        </div>
        <div>
          {t('knowledge.unread')}: <strong>{summary.unread}</strong>
        </div>
        <Typography.Text type="secondary">{t('knowledge.audienceCount', { count: summary.audience })}</Typography.Text>
      </div>
    </div>
  );
}

// Who read an article and which version, or who of its audience has not.
function Receipts({ article }: { article: KnowledgeArticle }) {
  const { t } = useKnowledgeTexts();
  const [view, setView] = useState<View>('read');
  const fetchPage = async (
    req: Paged<ReceiptFilter>,
    c: Cancel,
  ): Promise<Page<Row> & Partial<KnowledgeReceiptPage>> => {
    const page = await articleReceipts(article.id, { ...req, view }, c);
    return { ...page, list: page.list.map((r) => ({ ...r, id: r.userId })) };
  };
  const list = usePagedList<Row, ReceiptFilter>(KNOWLEDGE_KEY, fetchPage, {}, { receipts: article.id, view });
  const summary = (list.data as KnowledgeReceiptPage | undefined)?.summary;
  const columns: TableColumnsType<Row> = [
    {
      title: t('knowledge.reader'),
      key: 'reader',
      render: (_: unknown, r) => (
        <div>
          <div>{r.realName}</div>
          <Typography.Text type="secondary">{r.userName}</Typography.Text>
        </div>
      ),
    },
    ...(view === 'read'
      ? [
          {
            title: t('knowledge.versionRead'),
            key: 'version',
            width: 150,
            render: (_: unknown, r: Row) =>
              r.version === article.version ? (
                <Tag color="success">{t('knowledge.versionShort', { version: r.version })}</Tag>
              ) : (
                <Tag color="warning">{t('knowledge.versionShort', { version: r.version ?? 0 })}</Tag>
              ),
          },
          {
            title: t('knowledge.firstRead'),
            dataIndex: 'firstReadAt',
            width: 150,
            render: (v: string | null) => (v ? shortMoment(v) : '—'),
          },
        ]
      : []),
  ];
  const filtered = Object.values(list.filters).some((v) => v !== undefined && v !== false);
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      {summary && <Counts summary={summary} />}
      <Segmented<View>
        value={view}
        aria-label={t('knowledge.readView')}
        onChange={(v) => {
          setView(v);
          list.setFilters({ ...list.filters, outdated: undefined });
        }}
        options={[
          { value: 'read', label: t('knowledge.readers') },
          { value: 'unread', label: t('knowledge.notReaders') },
        ]}
      />
      <ResourceListPage<Row, ReceiptFilter>
        list={list}
        columns={columns}
        emptyText={
          filtered ? t('knowledge.noMatches') : t(view === 'read' ? 'knowledge.noReceipts' : 'knowledge.noUnread')
        }
        filterFormName={`knowledge-receipts-${article.id}`}
        toFilter={(v) => ({
          keyword: (v.keyword as string | undefined)?.trim() || undefined,
          outdated: v.outdated ? true : undefined,
        })}
        filterFields={
          <>
            <KeywordFilter label={t('knowledge.keyword')} width={170} />
            {view === 'read' && (
              <Form.Item name="outdated" valuePropName="checked">
                <Checkbox>{t('knowledge.outdated')}</Checkbox>
              </Form.Item>
            )}
          </>
        }
      />
    </Space>
  );
}

export function KnowledgeReceiptsDrawer({
  article,
  onClose,
}: {
  article: KnowledgeArticle | null;
  onClose: () => void;
}) {
  const { t } = useKnowledgeTexts();
  const isMobile = useIsMobile();
  return (
    <Drawer
      open={!!article}
      onClose={onClose}
      title={article ? t('knowledge.receiptsTitle', { title: article.title }) : ''}
      size={isMobile ? '100%' : 760}
      destroyOnHidden
    >
      {article && <Receipts article={article} />}
    </Drawer>
  );
}
