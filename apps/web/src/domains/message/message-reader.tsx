import { CheckOutlined, LinkOutlined, PaperClipOutlined } from '@ant-design/icons';
import { type InboxMessage, MessageAssociation } from '@lyceum/contract';
import { App, Button, Drawer, Empty, Skeleton, Space, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { RichHtml } from '../../rich-text/rich-html';
import { useIsMobile } from '../../shell/layout/use-device';
import { formatMoment } from '../../ui/moment-input';
import { inboxActions, useInboxMessage, useInboxRefresh } from './message-api';
import { useAboutPath } from './message-links';
import { useMessageTexts } from './message-texts';
import { useWordMessage } from './use-word-message';
import './message.css';

const ABOUT_LABEL: Record<MessageAssociation, string> = {
  [MessageAssociation.None]: '',
  [MessageAssociation.Exam]: 'message.aboutExam',
  [MessageAssociation.Task]: 'message.aboutTask',
  [MessageAssociation.Course]: 'message.aboutCourse',
  [MessageAssociation.Lesson]: 'message.aboutLesson',
  [MessageAssociation.Leave]: 'message.aboutLeave',
  [MessageAssociation.LiveClass]: 'message.aboutLiveClass',
};

// Confirming a need-read message: the receipt records the time; every list asks again.
export function useConfirmRead(onDone?: () => void) {
  const { t } = useMessageTexts();
  const { message } = App.useApp();
  const refresh = useInboxRefresh();
  const [confirming, setConfirming] = useState(false);
  return {
    confirming,
    confirm: async (id: number) => {
      setConfirming(true);
      try {
        await inboxActions.confirmRead(id);
        message.success(t('message.readConfirmed'));
        refresh();
        onDone?.();
      } catch {
        // The request client has said why.
      } finally {
        setConfirming(false);
      }
    },
  };
}

export const waitsForConfirmation = (m: Pick<InboxMessage, 'needRead' | 'readAt'>) => m.needRead && !m.readAt;

// One message as its recipient reads it: title and sender (the product's notices worded in the
// reader's language), the text, the attachments to download, a link to what it is about.
export function MessageContent({ message: m, onLeave }: { message: InboxMessage; onLeave?: () => void }) {
  const { t } = useMessageTexts();
  const word = useWordMessage();
  const worded = word(m);
  const aboutPath = useAboutPath(m.about);
  return (
    <article className="message-reader" aria-labelledby={`message-${m.id}-title`}>
      <Typography.Title level={4} id={`message-${m.id}-title`} className="message-reader-title">
        {worded.title}
      </Typography.Title>
      <Space size={[8, 4]} wrap className="message-reader-meta">
        <Typography.Text strong>{worded.sender}</Typography.Text>
        <Typography.Text type="secondary">{t('message.sentAt', { time: formatMoment(m.sendTime) })}</Typography.Text>
        {m.openEnd && (
          <Typography.Text type="secondary">
            {t('message.shownUntil', { time: formatMoment(m.openEnd) })}
          </Typography.Text>
        )}
        {worded.system && <Tag>{t('message.systemTag')}</Tag>}
        {m.needRead &&
          (m.readAt ? (
            <Tag color="success" icon={<CheckOutlined />}>
              {t('message.readAtTime', { time: formatMoment(m.readAt) })}
            </Tag>
          ) : (
            <Tag color="warning">{t('message.needReadTag')}</Tag>
          ))}
      </Space>
      {worded.body !== null ? (
        <Typography.Paragraph className="message-reader-body">{worded.body}</Typography.Paragraph>
      ) : (
        <RichHtml html={m.body} className="message-reader-body" />
      )}
      {m.attachments.length > 0 && (
        <section className="message-reader-files" aria-label={t('message.attachments')}>
          <Typography.Text type="secondary">{t('message.attachments')}</Typography.Text>
          <ul>
            {m.attachments.map((file) => (
              <li key={`${file.url}-${file.name}`}>
                <a href={file.url} download={file.name} target="_blank" rel="noopener noreferrer">
                  <PaperClipOutlined /> {file.name}
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
      {m.about && (
        <div className="message-reader-about">
          <Typography.Text type="secondary">{t(ABOUT_LABEL[m.about.type])}: </Typography.Text>
          {aboutPath ? (
            <Link to={aboutPath} onClick={onLeave}>
              <LinkOutlined /> {m.about.name}
            </Link>
          ) : (
            <Typography.Text>{m.about.name}</Typography.Text>
          )}
        </div>
      )}
    </article>
  );
}

// The reader as a drawer over the inbox or the home page; a need-read message is confirmed from its
// footer.
export function MessageReaderDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useMessageTexts();
  const isMobile = useIsMobile();
  const shown = useInboxMessage(id);
  const refresh = useInboxRefresh();
  const { confirming, confirm } = useConfirmRead(() => void shown.refetch());
  const m = shown.data;
  // Opening it marked it read: the badge and the lists follow.
  const openedId = m?.id;
  useEffect(() => {
    if (openedId !== undefined) refresh();
  }, [openedId, refresh]);
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      size={isMobile ? '100%' : 640}
      title={t('message.bell')}
      destroyOnHidden
      footer={
        m &&
        waitsForConfirmation(m) && (
          <Space>
            <Button type="primary" icon={<CheckOutlined />} loading={confirming} onClick={() => void confirm(m.id)}>
              {t('message.iHaveRead')}
            </Button>
          </Space>
        )
      }
    >
      {shown.isPending ? (
        <Skeleton active />
      ) : m ? (
        <MessageContent message={m} onLeave={onClose} />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('message.notFound')} />
      )}
    </Drawer>
  );
}
