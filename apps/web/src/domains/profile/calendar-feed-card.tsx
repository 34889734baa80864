import type { CalendarFeedState } from '@lyceum/contract';
import { api } from '@lyceum/contract/routes';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Collapse, Input, Skeleton, Space, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { useConfirm } from '../../crud/confirm';
import { useLang } from '../../shell/i18n';
import { moduleTexts } from '../../shell/module-texts';
import { ApiError, type Cancel, call } from '../../shell/request';
import { formatTime } from '../../shell/time-format';
import { FEED_ANCHOR } from '../../ui/calendar-feed-anchor';

// The profile's calendar feed (issue 31): a secret address that brings the user's own week to a
// phone or desktop calendar. The address is shown once, when made (only its hash is kept); making
// another stops the old one, and it can be stopped altogether.
const en = {
  title: 'Calendar on your phone',
  intro:
    'Subscribe to your own timetable (lessons with their changes, exams, homework due) from Google, Apple or Outlook calendar. It updates by itself.',
  none: 'You have no calendar address yet.',
  create: 'Create my calendar address',
  active: 'Your calendar address is active since {{since}}.',
  lastRead: 'A calendar last read it {{at}}.',
  neverRead: 'No calendar has read it yet.',
  address: 'Calendar address',
  copy: 'Copy',
  copied: 'Copied',
  onceWarning:
    'Copy the address now: it is shown only this once. Anyone who has it can see your timetable, so keep it to yourself.',
  lost: 'Lost the address, or think someone else has it? Make a new one: the old one stops working.',
  regenerate: 'Make a new address',
  regenerateTitle: 'Make a new calendar address?',
  regenerateText:
    'The current address stops working at once: calendars subscribed to it must subscribe to the new one.',
  revoke: 'Stop the calendar feed',
  revokeTitle: 'Stop your calendar feed?',
  revokeText: 'Calendars subscribed to it stop getting your timetable. You can make a new address any time.',
  stop: 'Stop',
  howTo: 'How to subscribe',
  google: 'Google Calendar',
  googleSteps:
    'On a computer, open calendar.google.com → beside "Other calendars" choose + → "From URL" → paste the address → "Add calendar". Your phone shows it after the next sync.',
  apple: 'iPhone, iPad or Mac (Apple Calendar)',
  appleSteps:
    'iPhone or iPad: Settings → Calendar → Accounts → Add Account → Other → "Add Subscribed Calendar" → paste the address → Next → Save. On a Mac: Calendar → File → "New Calendar Subscription…".',
  outlook: 'Outlook',
  outlookSteps:
    'Outlook on the web: Calendar → "Add calendar" → "Subscribe from web" → paste the address → name it → Import. In Outlook for Windows: "Add calendar" → "From Internet".',
  refresh: 'Calendars read the address every few hours, so a change may take a while to appear.',
};
const zh: typeof en = {
  title: '手机日历',
  intro: '在 Google、Apple 或 Outlook 日历中订阅您自己的课表（含调课停课、考试、作业截止），并自动更新。',
  none: '您还没有日历订阅地址。',
  create: '生成我的日历地址',
  active: '您的日历地址自 {{since}} 起有效。',
  lastRead: '日历最近一次读取于 {{at}}。',
  neverRead: '还没有日历读取过它。',
  address: '日历地址',
  copy: '复制',
  copied: '已复制',
  onceWarning: '请现在复制此地址：它只显示这一次。任何拿到地址的人都能看到您的课表，请勿外传。',
  lost: '地址丢了，或担心被别人知道？生成新地址即可，旧地址会立即失效。',
  regenerate: '生成新地址',
  regenerateTitle: '生成新的日历地址？',
  regenerateText: '当前地址将立即失效：已订阅的日历需要改为订阅新地址。',
  revoke: '停用日历订阅',
  revokeTitle: '停用日历订阅？',
  revokeText: '已订阅的日历将不再收到您的课表。您可以随时生成新地址。',
  stop: '停用',
  howTo: '如何订阅',
  google: 'Google 日历',
  googleSteps:
    '在电脑上打开 calendar.google.com → 在“其他日历”旁点击 + → “通过网址添加” → 粘贴地址 → “添加日历”。手机同步后即可看到。',
  apple: 'iPhone、iPad 或 Mac（Apple 日历）',
  appleSteps:
    'iPhone 或 iPad：设置 → 日历 → 账户 → 添加账户 → 其他 → “添加已订阅的日历” → 粘贴地址 → 下一步 → 存储。Mac：日历 → 文件 → “新建日历订阅…”。',
  outlook: 'Outlook',
  outlookSteps:
    '网页版 Outlook：日历 → “添加日历” → “从 Web 订阅” → 粘贴地址 → 命名 → 导入。Windows 版 Outlook：“添加日历” → “从 Internet”。',
  refresh: '日历每隔几小时读取一次地址，因此改动可能要过一会儿才显示。',
};
const { useTexts } = moduleTexts('calendarFeed', en, zh);

const KEY = ['profile', 'calendarFeed'];

// A refusal has been toasted by the request client; anything else is a bug to surface.
const quiet = (err: unknown) => {
  if (!(err instanceof ApiError)) throw err;
};

const loadFeed = ({ signal }: Cancel) => call(api.calendar.feed, {}, { signal, retry: 2 });

export function CalendarFeedCard() {
  const { t } = useTexts();
  const lang = useLang();
  const confirm = useConfirm();
  const client = useQueryClient();
  const feed = useQuery({ queryKey: KEY, queryFn: loadFeed });
  // The address, only between making it and leaving the page.
  const [url, setUrl] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const card = useRef<HTMLDivElement>(null);
  const location = useLocation();

  useEffect(() => {
    if (location.hash === `#${FEED_ANCHOR}`) card.current?.scrollIntoView({ block: 'start' });
  }, [location.hash]);

  const saved = (state: CalendarFeedState) => client.setQueryData(KEY, state);
  async function create() {
    const made = await call(api.calendar.createFeed, { body: { lang } }, { loading: true });
    setUrl(made.url);
    setCopied(false);
    saved(made);
  }
  async function revoke() {
    saved(await call(api.calendar.revokeFeed, {}, { loading: true }));
    setUrl(null);
  }
  async function copy(text: string) {
    await navigator.clipboard?.writeText(text).catch(() => undefined);
    setCopied(true);
  }

  const state = feed.data;
  const steps = [
    { key: 'google', label: t('calendarFeed.google'), children: t('calendarFeed.googleSteps') },
    { key: 'apple', label: t('calendarFeed.apple'), children: t('calendarFeed.appleSteps') },
    { key: 'outlook', label: t('calendarFeed.outlook'), children: t('calendarFeed.outlookSteps') },
  ];
  return (
    <div id={FEED_ANCHOR} ref={card} className="calendar-feed">
      <Card title={t('calendarFeed.title')}>
        {!state ? (
          <Skeleton active />
        ) : (
          <Space orientation="vertical" size={12} style={{ width: '100%' }}>
            <Typography.Text type="secondary">{t('calendarFeed.intro')}</Typography.Text>
            {url && (
              <>
                <Alert type="warning" showIcon title={t('calendarFeed.onceWarning')} />
                <Space.Compact style={{ width: '100%' }}>
                  <Input
                    readOnly
                    value={url}
                    aria-label={t('calendarFeed.address')}
                    onFocus={(e) => e.currentTarget.select()}
                    data-testid="calendar-feed-url"
                  />
                  <Button type="primary" onClick={() => void copy(url)}>
                    {copied ? t('calendarFeed.copied') : t('calendarFeed.copy')}
                  </Button>
                </Space.Compact>
              </>
            )}
            {state.active ? (
              <>
                <Typography.Text>
                  {t('calendarFeed.active', { since: formatTime(state.createTime) })}
                  {lang === 'zh' ? '' : ' '}
                  {state.lastReadAt
                    ? t('calendarFeed.lastRead', { at: formatTime(state.lastReadAt) })
                    : t('calendarFeed.neverRead')}
                </Typography.Text>
                {!url && <Typography.Text type="secondary">{t('calendarFeed.lost')}</Typography.Text>}
                <Space wrap>
                  <Button
                    onClick={() =>
                      confirm({
                        title: t('calendarFeed.regenerateTitle'),
                        content: t('calendarFeed.regenerateText'),
                        okText: t('calendarFeed.regenerate'),
                        onOk: create,
                      })
                    }
                  >
                    {t('calendarFeed.regenerate')}
                  </Button>
                  <Button
                    danger
                    onClick={() =>
                      confirm({
                        title: t('calendarFeed.revokeTitle'),
                        content: t('calendarFeed.revokeText'),
                        danger: true,
                        okText: t('calendarFeed.stop'),
                        onOk: revoke,
                      })
                    }
                  >
                    {t('calendarFeed.revoke')}
                  </Button>
                </Space>
              </>
            ) : (
              <Space wrap>
                <Typography.Text>{t('calendarFeed.none')}</Typography.Text>
                <Button type="primary" onClick={() => void create().catch(quiet)}>
                  {t('calendarFeed.create')}
                </Button>
              </Space>
            )}
            <Typography.Title level={5} style={{ margin: 0 }}>
              {t('calendarFeed.howTo')}
            </Typography.Title>
            <Collapse size="small" items={steps} />
            <Typography.Text type="secondary">{t('calendarFeed.refresh')}</Typography.Text>
          </Space>
        )}
      </Card>
    </div>
  );
}
