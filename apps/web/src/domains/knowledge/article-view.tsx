import { PushpinFilled } from '@ant-design/icons';
import { ArticleStatus, articleStatusLabels, type KnowledgeArticle, labelOf } from '@lyceum/contract';
import { Space, Tag, Typography } from 'antd';
import { RichHtml } from '../../rich-text/rich-html';
import { useLang } from '../../shell/i18n';
import { formatMoment } from '../../ui/moment-input';
import { useKnowledgeTexts } from './knowledge-texts';
import './knowledge.css';

// Where an article stands for its reader: not read, read, or read before its latest version.
export type ReadState = 'unread' | 'read' | 'updated';
export function readStateOf(a: Pick<KnowledgeArticle, 'myReadVersion' | 'version'>): ReadState {
  if (a.myReadVersion === null) return 'unread';
  return a.myReadVersion < a.version ? 'updated' : 'read';
}

// The line under a title: category, tags, when it was last changed and which version it is.
export function ArticleMeta({ article, showStatus }: { article: KnowledgeArticle; showStatus?: boolean }) {
  const { t } = useKnowledgeTexts();
  const lang = useLang();
  return (
    <Space size={[8, 4]} wrap className="knowledge-meta">
      {article.pinned && (
        <Tag icon={<PushpinFilled />} color="gold">
          {t('knowledge.pinned')}
        </Tag>
      )}
      {showStatus && article.status === ArticleStatus.Draft && (
        <Tag color={articleStatusLabels[article.status].color}>
          {labelOf(articleStatusLabels, article.status, lang)}
        </Tag>
      )}
      {article.categoryName && <Tag color="blue">{article.categoryName}</Tag>}
      {article.tagNames.map((name) => (
        <Tag key={name}>{name}</Tag>
      ))}
      <Typography.Text type="secondary">
        {t('knowledge.updatedAt', { time: formatMoment(article.publishTime ?? article.updateTime) })}
        {' · '}
        {t('knowledge.versionShort', { version: article.version })}
        {article.authorName ? ` · ${t('knowledge.by', { name: article.authorName })}` : ''}
      </Typography.Text>
    </Space>
  );
}

// An article as its reader sees it: title, what it is filed under, the summary, the text.
export function ArticleView({ article, showStatus }: { article: KnowledgeArticle; showStatus?: boolean }) {
  return (
    <article className="knowledge-article" aria-labelledby={`article-${article.id}`}>
      <Typography.Title level={3} id={`article-${article.id}`} className="knowledge-article-title">
        {article.title}
      </Typography.Title>
      <ArticleMeta article={article} showStatus={showStatus} />
      {article.summary && (
        <Typography.Paragraph type="secondary" className="knowledge-summary">
          {article.summary}
        </Typography.Paragraph>
      )}
      <RichHtml html={article.body} className="knowledge-body" />
    </article>
  );
}
