import { ArrowLeftOutlined, CheckCircleFilled, PushpinFilled } from '@ant-design/icons';
import type { KnowledgeArticle } from '@lyceum/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Checkbox, Empty, Input, List, Skeleton, Space, Tag, Tree, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTabLocation } from '../../shell/layout/tabs-store';
import { ArticleView, readStateOf } from './article-view';
import { type CategoryNode, categoryTree } from './category-tree';
import { articleCategories, KNOWLEDGE_KEY, knowledgeApi, readArticle } from './knowledge-api';
import { useKnowledgeTexts } from './knowledge-texts';
import './knowledge.css';

type TreeNode = { key: number; title: string; children?: TreeNode[] };

const PAGE_SIZE = 10;
const ALL = 0;

// The article the tab's address names (?articleId=), or null: My homework links here.
function useArticleId(): number | null {
  const tab = useTabLocation();
  const raw = tab ? tab.query.articleId : new URLSearchParams(window.location.search).get('articleId');
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 ? n : null;
}

// One article, read: opening it records the receipt (once per version, however often it is opened).
function Reader({ id, onBack }: { id: number; onBack: () => void }) {
  const { t } = useKnowledgeTexts();
  const client = useQueryClient();
  const query = useQuery({
    queryKey: [KNOWLEDGE_KEY, 'read', id],
    queryFn: ({ signal }) => readArticle(id, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    retry: false,
  });
  // The list's read marks and the homework it counts for follow the receipt.
  const read = query.data?.myReadVersion;
  useEffect(() => {
    if (read === undefined) return;
    void client.invalidateQueries({ queryKey: [KNOWLEDGE_KEY, 'reading'] });
    void client.invalidateQueries({ queryKey: ['myTask'] });
  }, [read, client]);
  return (
    <Card size="small">
      <Button icon={<ArrowLeftOutlined />} onClick={onBack} className="knowledge-back">
        {t('knowledge.back')}
      </Button>
      {query.isPending ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : query.isError ? (
        <Empty description={t('knowledge.loadFailed')} image={Empty.PRESENTED_IMAGE_SIMPLE}>
          <Button onClick={() => void query.refetch()}>{t('knowledge.retry')}</Button>
        </Empty>
      ) : (
        <ArticleView article={query.data} />
      )}
    </Card>
  );
}

function ArticleItem({ article, onOpen }: { article: KnowledgeArticle; onOpen: () => void }) {
  const { t } = useKnowledgeTexts();
  const state = readStateOf(article);
  return (
    <List.Item className="knowledge-item" data-testid="knowledge-item">
      <div className="knowledge-item-main">
        <Space size={6} wrap>
          {article.pinned && <PushpinFilled className="knowledge-pin" aria-label={t('knowledge.pinned')} />}
          <Typography.Link
            className="knowledge-item-title"
            onClick={onOpen}
            aria-label={t('knowledge.openOf', { title: article.title })}
          >
            {article.title}
          </Typography.Link>
          {state === 'unread' && <Tag color="processing">{t('knowledge.newBadge')}</Tag>}
          {state === 'updated' && <Tag color="warning">{t('knowledge.updatedBadge')}</Tag>}
          {state === 'read' && (
            <Typography.Text type="secondary" className="knowledge-read-mark">
              <CheckCircleFilled /> {t('knowledge.readMark')}
            </Typography.Text>
          )}
        </Space>
        {article.summary && (
          <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} className="knowledge-item-summary">
            {article.summary}
          </Typography.Paragraph>
        )}
        <Space size={4} wrap>
          {article.categoryName && <Tag color="blue">{article.categoryName}</Tag>}
          {article.tagNames.map((name) => (
            <Tag key={name}>{name}</Tag>
          ))}
        </Space>
      </div>
    </List.Item>
  );
}

// The knowledge base as its readers see it: search, the categories with what each holds, unread
// first marks, and the article itself (reading it records the receipt).
export default function MyKnowledgeView() {
  const { t } = useKnowledgeTexts();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const openId = useArticleId();
  const [keyword, setKeyword] = useState('');
  const [categoryId, setCategoryId] = useState<number>(ALL);
  const [unread, setUnread] = useState(false);
  const [pageIndex, setPageIndex] = useState(1);
  const filter = {
    keyword: keyword.trim() || undefined,
    categoryId: categoryId || undefined,
    unread: unread || undefined,
  };
  const list = useQuery({
    queryKey: [KNOWLEDGE_KEY, 'reading', filter, pageIndex],
    queryFn: () => knowledgeApi.page({ ...filter, pageIndex, pageSize: PAGE_SIZE }),
  });
  const categories = useQuery({
    queryKey: [KNOWLEDGE_KEY, 'reading', 'categories'],
    queryFn: ({ signal }) => articleCategories({ signal }),
    staleTime: 60_000,
  });
  const tree = categoryTree(categories.data ?? []);
  const open = (id: number | null) => navigate(id === null ? pathname : `${pathname}?articleId=${id}`);
  const filtered = Boolean(filter.keyword || filter.categoryId || filter.unread);

  if (openId !== null) return <Reader id={openId} onBack={() => open(null)} />;
  return (
    <div className="knowledge-reading">
      <Card size="small" className="knowledge-categories" title={t('knowledge.categories')}>
        <Tree
          // Mounted again once the categories are in, so every branch starts open.
          key={categories.isSuccess ? 'ready' : 'loading'}
          blockNode
          selectedKeys={[categoryId]}
          defaultExpandAll
          onSelect={(keys) => {
            setCategoryId(Number(keys[0] ?? ALL));
            setPageIndex(1);
          }}
          treeData={[
            { key: ALL, title: t('knowledge.allCategories') },
            ...tree.map(function node(n: CategoryNode): TreeNode {
              return { key: n.value, title: `${n.title} (${n.count})`, children: n.children?.map(node) };
            }),
          ]}
        />
      </Card>
      <Card size="small" className="knowledge-list">
        <Space wrap className="knowledge-search">
          <Input.Search
            allowClear
            placeholder={t('knowledge.readerSearch')}
            aria-label={t('knowledge.readerSearch')}
            onSearch={(v) => {
              setKeyword(v);
              setPageIndex(1);
            }}
            style={{ width: 280 }}
          />
          <Checkbox
            checked={unread}
            onChange={(e) => {
              setUnread(e.target.checked);
              setPageIndex(1);
            }}
          >
            {t('knowledge.unreadOnly')}
          </Checkbox>
        </Space>
        {list.isPending ? (
          <Skeleton active />
        ) : list.isError ? (
          <Empty description={t('knowledge.loadFailed')} image={Empty.PRESENTED_IMAGE_SIMPLE}>
            <Button onClick={() => void list.refetch()}>{t('knowledge.retry')}</Button>
          </Empty>
        ) : (
          <List<KnowledgeArticle>
            dataSource={list.data.list}
            locale={{
              emptyText: (
                <Empty
                  image={Empty.PRESENTED_IMAGE_SIMPLE}
                  description={t(filtered ? 'knowledge.readerNoMatches' : 'knowledge.readerEmpty')}
                />
              ),
            }}
            pagination={
              list.data.total > PAGE_SIZE
                ? { current: pageIndex, pageSize: PAGE_SIZE, total: list.data.total, onChange: setPageIndex }
                : false
            }
            renderItem={(a) => <ArticleItem article={a} onOpen={() => open(a.id)} />}
          />
        )}
      </Card>
    </div>
  );
}
