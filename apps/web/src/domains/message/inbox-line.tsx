import { PaperClipOutlined } from '@ant-design/icons';
import type { InboxItem } from '@lyceum/contract';
import { Badge, Tag, Typography } from 'antd';
import { PlainList } from '../../shell/plain-list';
import { shortMoment } from '../../shell/time-format';
import { useMessageTexts } from './message-texts';
import { useWordMessage } from './use-word-message';

// One line of the inbox: unread dot, title in the reader's words, sender and time, a start of the text.
export function InboxLine({
  item,
  onOpen,
  compact,
}: {
  item: InboxItem;
  onOpen: (id: number) => void;
  compact?: boolean;
}) {
  const { t } = useMessageTexts();
  const word = useWordMessage();
  const worded = word(item);
  const unread = item.readAt === null;
  return (
    <PlainList.Item className={unread ? 'inbox-line inbox-unread' : 'inbox-line'}>
      <button type="button" className="inbox-open" onClick={() => onOpen(item.id)}>
        <span className="inbox-dot">
          {unread && <Badge status="processing" aria-label={t('message.unreadMark')} />}
        </span>
        <span className="inbox-text">
          <span className="inbox-title">
            {worded.title}
            {item.hasAttachments && (
              <PaperClipOutlined className="message-clip" aria-label={t('message.hasAttachments')} />
            )}
          </span>
          {!compact && (worded.body ?? item.excerpt) && (
            <Typography.Text type="secondary" className="inbox-excerpt" ellipsis>
              {worded.body ?? item.excerpt}
            </Typography.Text>
          )}
          <Typography.Text type="secondary" className="inbox-meta">
            {worded.sender} · {shortMoment(item.sendTime)}
          </Typography.Text>
        </span>
        {item.needRead && item.readAt === null && <Tag color="warning">{t('message.needReadTag')}</Tag>}
      </button>
    </PlainList.Item>
  );
}
