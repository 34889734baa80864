import { EyeOutlined, HistoryOutlined, PushpinFilled, TeamOutlined } from '@ant-design/icons';
import {
  ArticleStatus,
  articleStatusLabels,
  documentAudienceLabels,
  type KnowledgeArticle,
  knowledgeMeta,
  labelOf,
  type ResourceMeta,
  zKnowledgeCreate,
} from '@lyceum/contract';
import { Checkbox, Drawer, Form, Input, Space, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { SelectFilter } from '../../crud/filter-fields';
import { useRefChoices } from '../../crud/ref-options';
import { ResourceScreen } from '../../crud/resource-screen';
import type { RowAction } from '../../crud/row-actions';
import type { Filter } from '../../crud/screen-slots';
import { useLang } from '../../shell/i18n';
import { useIsMobile } from '../../shell/layout/use-device';
import { shortMoment } from '../../shell/time-format';
import { ArticleView } from './article-view';
import { KnowledgeEditor } from './knowledge-editor';
import { KnowledgeReceiptsDrawer } from './knowledge-receipts';
import { useKnowledgeTexts } from './knowledge-texts';
import { KnowledgeVersionsDrawer } from './knowledge-versions';
import './knowledge.css';

const meta: ResourceMeta = { ...knowledgeMeta, permission: 'knowledge' };
const tagField = meta.fields.find((f) => f.key === 'tagIds')!;

// The knowledge base for staff: articles listed pinned first, searched by title and text, filtered
// by category, tag, audience and status; written in a drawer with the rich-text editor; each
// published change kept as a version; who has read which version, and who has not.
export default function KnowledgeView() {
  const { t } = useKnowledgeTexts();
  const lang = useLang();
  const isMobile = useIsMobile();
  const tags = useRefChoices([tagField]).get('tagIds');
  const [previewOf, setPreviewOf] = useState<KnowledgeArticle | null>(null);
  const [versionsOf, setVersionsOf] = useState<KnowledgeArticle | null>(null);
  const [receiptsOf, setReceiptsOf] = useState<KnowledgeArticle | null>(null);

  const rowActions: RowAction<KnowledgeArticle>[] = [
    { key: 'preview', label: t('knowledge.preview'), icon: <EyeOutlined />, onClick: setPreviewOf },
    { key: 'versions', label: t('knowledge.versions'), icon: <HistoryOutlined />, onClick: setVersionsOf },
    {
      key: 'receipts',
      label: t('knowledge.receipts'),
      icon: <TeamOutlined />,
      disabled: (a) => a.publishTime === null && t('knowledge.receiptsLock'),
      onClick: setReceiptsOf,
    },
  ];

  const columns = (base: TableColumnsType<KnowledgeArticle>): TableColumnsType<KnowledgeArticle> => {
    const byKey = (key: string) => base.find((c) => c.key === key);
    return [
      {
        ...byKey('title'),
        // The one column without a width: titles and summaries wrap in the room the others leave.
        width: undefined,
        ellipsis: false,
        render: (_: string, a) => (
          <div>
            <div className="knowledge-row-title">
              {a.pinned && <PushpinFilled className="knowledge-pin" aria-label={t('knowledge.pinned')} />}
              {a.title}
            </div>
            {a.summary && (
              <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} className="knowledge-row-sub">
                {a.summary}
              </Typography.Paragraph>
            )}
            <Space size={4} wrap>
              {a.categoryName && <Tag color="blue">{a.categoryName}</Tag>}
              {a.tagNames.map((name) => (
                <Tag key={name}>{name}</Tag>
              ))}
              {a.authorName && (
                <Typography.Text type="secondary">{t('knowledge.by', { name: a.authorName })}</Typography.Text>
              )}
            </Space>
          </div>
        ),
      },
      {
        key: 'audience',
        title: t('knowledge.audience'),
        width: 100,
        render: (_: unknown, a) => (
          <Tag color={documentAudienceLabels[a.audience].color}>
            {labelOf(documentAudienceLabels, a.audience, lang)}
          </Tag>
        ),
      },
      {
        key: 'status',
        title: t('knowledge.status'),
        width: 120,
        render: (_: unknown, a) => (
          <Space size={4} wrap>
            <Tag color={articleStatusLabels[a.status].color}>{labelOf(articleStatusLabels, a.status, lang)}</Tag>
            {a.publishTime !== null && (
              <Typography.Text type="secondary">{t('knowledge.versionShort', { version: a.version })}</Typography.Text>
            )}
          </Space>
        ),
      },
      {
        key: 'readCount',
        title: t('knowledge.receipts'),
        width: 110,
        render: (_: unknown, a) =>
          a.status === ArticleStatus.Draft && a.publishTime === null
            ? '—'
            : t('knowledge.readBy', { count: a.readCount ?? 0 }),
      },
      { ...byKey('updateTime'), render: (v: string) => shortMoment(v), width: 120 },
    ];
  };

  return (
    <ResourceScreen<KnowledgeArticle>
      meta={meta}
      schema={zKnowledgeCreate}
      slots={{
        emptyText: t('knowledge.empty'),
        createLabel: t('knowledge.create'),
        filterFormName: 'knowledge-filter',
        transfer: false,
        rowName: (a) => a.title,
        scrollX: 900,
        filters: ({ fields }) => (
          <>
            <Form.Item name="keyword" label={t('knowledge.keyword')}>
              <Input allowClear placeholder={t('knowledge.keywordPlaceholder')} style={{ width: 180 }} />
            </Form.Item>
            {fields.categoryId}
            <SelectFilter
              name="tagId"
              label={t('knowledge.tag')}
              width={150}
              searchable
              loading={tags?.loading}
              options={tags?.options}
            />
            {fields.audience}
            {fields.status}
            <Form.Item name="mine" valuePropName="checked">
              <Checkbox>{t('knowledge.mine')}</Checkbox>
            </Form.Item>
          </>
        ),
        toFilter: ({ keyword, mine, ...rest }: Filter) => ({
          ...rest,
          keyword: typeof keyword === 'string' ? keyword.trim() || undefined : undefined,
          mine: mine ? true : undefined,
        }),
        columns,
        rowActions,
        deleteConfirm: (a) => ({ title: t('knowledge.deleteConfirm', { title: a.title }) }),
        editor: ({ editing, close, saved }) => <KnowledgeEditor editing={editing} onClose={close} onSaved={saved} />,
      }}
    >
      <Drawer
        open={!!previewOf}
        onClose={() => setPreviewOf(null)}
        title={t('knowledge.preview')}
        size={isMobile ? '100%' : 760}
        destroyOnHidden
      >
        {previewOf && <ArticleView article={previewOf} showStatus />}
      </Drawer>
      <KnowledgeVersionsDrawer article={versionsOf} onClose={() => setVersionsOf(null)} />
      <KnowledgeReceiptsDrawer article={receiptsOf} onClose={() => setReceiptsOf(null)} />
    </ResourceScreen>
  );
}
