import type { KnowledgeArticle } from '@lyceum/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Collapse, Drawer, Empty, Skeleton, Space, Tag, Typography } from 'antd';
import { RichHtml } from '../../rich-text/rich-html';
import { useIsMobile } from '../../shell/layout/use-device';
import { formatMoment } from '../../ui/moment-input';
import { articleVersions, KNOWLEDGE_KEY } from './knowledge-api';
import { useKnowledgeTexts } from './knowledge-texts';

// Each published version of an article, newest first: who saved it and when, and what it said.
function Versions({ article }: { article: KnowledgeArticle }) {
  const { t } = useKnowledgeTexts();
  const query = useQuery({
    queryKey: [KNOWLEDGE_KEY, 'versions', article.id, article.version],
    queryFn: ({ signal }) => articleVersions(article.id, { signal }),
  });
  if (query.isPending) return <Skeleton active />;
  if (query.isError)
    return (
      <Empty description={t('knowledge.loadFailed')} image={Empty.PRESENTED_IMAGE_SIMPLE}>
        <Button onClick={() => void query.refetch()}>{t('knowledge.retry')}</Button>
      </Empty>
    );
  if (!query.data.length) return <Empty description={t('knowledge.noVersions')} image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  return (
    <Collapse
      defaultActiveKey={[String(query.data[0].version)]}
      items={query.data.map((v) => ({
        key: String(v.version),
        label: (
          <Space size={8} wrap>
            <strong>{t('knowledge.versionOf', { version: v.version })}</strong>
            {v.version === article.version && <Tag color="success">{t('knowledge.current')}</Tag>}
            <Typography.Text type="secondary">
              {t('knowledge.savedBy', { time: formatMoment(v.createTime), name: v.editorName ?? '—' })}
            </Typography.Text>
          </Space>
        ),
        children: (
          <div className="knowledge-version">
            <Typography.Title level={5}>{v.title}</Typography.Title>
            <RichHtml html={v.body} className="knowledge-body" />
          </div>
        ),
      }))}
    />
  );
}

export function KnowledgeVersionsDrawer({
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
      title={article ? t('knowledge.versionsTitle', { title: article.title }) : ''}
      size={isMobile ? '100%' : 760}
      destroyOnHidden
    >
      {article && <Versions article={article} />}
    </Drawer>
  );
}
