import { BellOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Badge, Button, Empty, Popover, Spin } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { getToken } from '../../shell/session';
import { InboxLine } from './inbox-line';
import { INBOX_KEY, inboxPage, useUnreadSummary } from './message-api';
import { readerPath, useInboxPath } from './message-links';
import { useMessageTexts } from './message-texts';
import './message.css';
import { PlainList } from '../../shell/plain-list';

// The prompt carries the reader (rich text, formulas): loaded only when something waits for a confirmation.
const NeedReadPrompt = lazy(() => import('./need-read-prompt'));

const LATEST = 6;
// "Later" holds for this login (the session's token), so the next sign-in asks again.
const LATER_KEY = 'lyceum.needReadLater';
const postponed = () => {
  const token = getToken();
  return !!token && sessionStorage.getItem(LATER_KEY) === token;
};

// The top bar's bell: the unread count (pushed as it changes, else asked every minute, and when the
// window is focused again), the latest messages in a pop-over with a way to the inbox, and the
// prompt for messages to confirm.
export function MessageBell() {
  const { t } = useMessageTexts();
  const navigate = useNavigate();
  const inboxPath = useInboxPath();
  const summary = useUnreadSummary();
  const [open, setOpen] = useState(false);
  const [later, setLater] = useState(postponed);
  const latest = useQuery({
    queryKey: [INBOX_KEY, 'latest'],
    queryFn: ({ signal }) => inboxPage({ view: 'all', pageIndex: 1, pageSize: LATEST }, { signal }),
    enabled: open,
    staleTime: 0,
  });
  const unread = summary.data?.unread ?? 0;
  const pending = summary.data?.needRead ?? [];
  const go = (path: string) => {
    setOpen(false);
    navigate(path);
  };
  const putOff = () => {
    const token = getToken();
    if (token) sessionStorage.setItem(LATER_KEY, token);
    setLater(true);
  };

  const content = (
    <div className="bell-pop">
      {latest.isPending ? (
        <Spin className="bell-spin" />
      ) : (latest.data?.list.length ?? 0) === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('message.bellEmpty')} />
      ) : (
        <PlainList
          dataSource={latest.data?.list}
          renderItem={(item) => (
            <InboxLine key={item.id} item={item} compact onOpen={(id) => go(readerPath(inboxPath, id))} />
          )}
        />
      )}
      <div className="bell-foot">
        <Link to={inboxPath} onClick={() => setOpen(false)}>
          {t('message.seeAll')}
        </Link>
      </div>
    </div>
  );

  return (
    <>
      <Popover
        trigger="click"
        placement="bottomRight"
        open={open}
        onOpenChange={setOpen}
        title={t('message.bellTitle')}
        content={content}
        arrow={false}
      >
        <Button
          type="text"
          data-testid="message-bell"
          aria-label={unread > 0 ? t('message.bellUnread', { count: unread }) : t('message.bell')}
          icon={
            <Badge count={unread} size="small" overflowCount={99} offset={[4, -2]}>
              <BellOutlined />
            </Badge>
          }
        />
      </Popover>
      {!later && pending.length > 0 && (
        <Suspense fallback={null}>
          <NeedReadPrompt pending={pending} total={summary.data?.needReadTotal ?? pending.length} onLater={putOff} />
        </Suspense>
      )}
    </>
  );
}
