import { CheckOutlined } from '@ant-design/icons';
import { INBOX_VIEWS, type InboxItem } from '@lyceum/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { App, Badge, Button, Card, Empty, Input, List, Segmented, Select, Space, Tooltip, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTabLocation } from '../../shell/layout/tabs-store';
import { InboxLine } from './inbox-line';
import { INBOX_KEY, type InboxFilter, inboxActions, inboxPage, useInboxRefresh, useUnreadSummary } from './message-api';
import { MessageReaderDrawer } from './message-reader';
import { useMessageTexts } from './message-texts';
import './message.css';

type View = (typeof INBOX_VIEWS)[number];
type From = 'all' | 'people' | 'system';
const PAGE_SIZE = 10;
const SYSTEM: Record<From, boolean | undefined> = { all: undefined, people: false, system: true };

// The signed-in user's messages: all, unread or still to confirm, people's or the product's, searched;
// one opens in the reader (opening marks it read), and "Mark all read" clears the rest except those
// that ask for a confirmation. `?id=` opens one (the bell's links).
export function Inbox() {
  const { t } = useMessageTexts();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const tab = useTabLocation();
  const refresh = useInboxRefresh();
  const summary = useUnreadSummary();
  const [view, setView] = useState<View>('all');
  const [from, setFrom] = useState<From>('all');
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState<string | undefined>(undefined);
  const [pageIndex, setPageIndex] = useState(1);
  const [reading, setReading] = useState<number | null>(null);
  const filter: InboxFilter = { view, keyword, system: SYSTEM[from] };
  const page = useQuery({
    queryKey: [INBOX_KEY, 'page', filter, pageIndex],
    queryFn: ({ signal }) => inboxPage({ ...filter, pageIndex, pageSize: PAGE_SIZE }, { signal }),
    placeholderData: keepPreviousData,
  });

  // The bell and the home page link here with the message to open.
  const asked = Number(tab?.query.id ?? Number.NaN);
  useEffect(() => {
    if (Number.isInteger(asked) && asked > 0) setReading(asked);
  }, [asked]);
  const closeReader = () => {
    setReading(null);
    if (tab?.query.id) navigate(tab.path, { replace: true });
  };

  const choose =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPageIndex(1);
    };
  async function readAll() {
    try {
      const { changed } = await inboxActions.readAll();
      message.success(t('message.markedRead', { count: changed }));
      refresh();
    } catch {
      // The request client has said why.
    }
  }

  const unread = summary.data?.unread ?? page.data?.unread ?? 0;
  const toConfirm = summary.data?.needReadTotal ?? 0;
  const counts: Record<View, number> = { all: 0, unread, needRead: toConfirm };
  const items = page.data?.list ?? [];
  return (
    <Card size="small" className="inbox">
      <div className="inbox-bar">
        <Segmented<View>
          value={view}
          onChange={choose(setView)}
          aria-label={t('message.views')}
          options={INBOX_VIEWS.map((v) => ({
            value: v,
            label: (
              <Space size={6}>
                {t(`message.view_${v}`)}
                {counts[v] > 0 && <Badge count={counts[v]} color="var(--ant-color-primary)" />}
              </Space>
            ),
          }))}
        />
        <Select<From>
          value={from}
          onChange={choose(setFrom)}
          aria-label={t('message.from')}
          style={{ width: 140 }}
          options={[
            { value: 'all', label: t('message.fromAll') },
            { value: 'people', label: t('message.fromPeople') },
            { value: 'system', label: t('message.fromSystem') },
          ]}
        />
        <Input.Search
          allowClear
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          onSearch={(v) => choose(setKeyword)(v.trim() || undefined)}
          placeholder={t('message.searchPlaceholder')}
          aria-label={t('message.search')}
          style={{ width: 240 }}
        />
        <Tooltip title={t('message.markAllHint')}>
          <Button icon={<CheckOutlined />} disabled={unread === 0} onClick={() => void readAll()}>
            {t('message.markAllRead')}
          </Button>
        </Tooltip>
      </div>
      {page.isError && !page.data ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={<Typography.Text type="danger">{t('message.loadFailed')}</Typography.Text>}
        >
          <Button onClick={() => void page.refetch()}>{t('message.retry')}</Button>
        </Empty>
      ) : (
        <List<InboxItem>
          className="inbox-list"
          loading={page.isPending || page.isFetching}
          dataSource={items}
          locale={{
            emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(`message.empty_${view}`)} />,
          }}
          renderItem={(item) => <InboxLine key={item.id} item={item} onOpen={setReading} />}
          pagination={
            (page.data?.total ?? 0) > PAGE_SIZE && {
              current: pageIndex,
              pageSize: PAGE_SIZE,
              total: page.data?.total ?? 0,
              onChange: setPageIndex,
              showSizeChanger: false,
              size: 'small',
            }
          }
        />
      )}
      <MessageReaderDrawer id={reading} onClose={closeReader} />
    </Card>
  );
}
