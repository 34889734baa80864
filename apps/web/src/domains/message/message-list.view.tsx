import { BellOutlined, CheckCircleOutlined, EyeOutlined, PaperClipOutlined, RollbackOutlined } from '@ant-design/icons';
import {
  enumValues,
  labelOf,
  type Message,
  MessageStatus,
  messageMeta,
  messageOpenStatusLabels,
  messageStatusLabels,
  type ResourceMeta,
  zMessageCreate,
} from '@lyceum/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Form, Progress, Select, Space, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { ResourceScreen } from '../../crud/resource-screen';
import type { RowAction } from '../../crud/row-actions';
import type { Filter } from '../../crud/screen-slots';
import { useLang } from '../../shell/i18n';
import { usePermission } from '../../shell/permission';
import { shortMoment } from '../../shell/time-format';
import { unreadOf, useMessageTransitions, useTargetText } from './message-actions';
import { INBOX_KEY, MESSAGE_KEY } from './message-api';
import { MessageEditor } from './message-editor';
import { MessageReceiptsDrawer } from './message-receipts';
import { useMessageTexts } from './message-texts';
import { useWordMessage } from './use-word-message';
import './message.css';

const meta: ResourceMeta = { ...messageMeta, permission: 'message' };

const isPublished = (m: Message) => m.status === MessageStatus.Published;
const isDraft = (m: Message) => m.status === MessageStatus.Draft;
type Kind = 'people' | 'system';

// Messages: notices to the whole school, grades, classes or people, written as drafts, published (and
// withdrawn), with who has read them; the unread can be reminded. The product's own notices are
// listed too (read-only) for those who reach every message.
export default function MessageListView() {
  const { t } = useMessageTexts();
  const lang = useLang();
  const client = useQueryClient();
  const target = useTargetText();
  const word = useWordMessage();
  const canPublish = usePermission(['message:publish']);
  const [receiptsOf, setReceiptsOf] = useState<Message | null>(null);
  const refresh = () => {
    void client.invalidateQueries({ queryKey: [MESSAGE_KEY] });
    // The sender may be a recipient too (a message to everyone).
    void client.invalidateQueries({ queryKey: [INBOX_KEY] });
  };
  const transitions = useMessageTransitions(refresh);

  const rowActions: RowAction<Message>[] = [
    {
      key: 'publish',
      label: t('message.publish'),
      icon: <CheckCircleOutlined />,
      allowed: canPublish,
      disabled: (m) => m.notice !== null && t('message.noticeLock'),
      onClick: transitions.publish,
      swap: (m) =>
        isPublished(m)
          ? {
              key: 'withdraw',
              label: t('message.withdraw'),
              icon: <RollbackOutlined />,
              disabled: (row) => row.notice !== null && t('message.noticeLock'),
              onClick: transitions.withdraw,
            }
          : undefined,
    },
    {
      key: 'remind',
      label: t('message.remind'),
      icon: <BellOutlined />,
      allowed: canPublish,
      disabled: (m) =>
        m.notice !== null
          ? t('message.noticeLock')
          : !isPublished(m)
            ? t('message.remindLock')
            : unreadOf(m) === 0 && t('message.remindAllRead'),
      onClick: transitions.remind,
    },
    {
      key: 'receipts',
      label: t('message.receipts'),
      icon: <EyeOutlined />,
      disabled: (m) => isDraft(m) && t('message.receiptsLock'),
      onClick: setReceiptsOf,
    },
  ];

  const columns = (base: TableColumnsType<Message>): TableColumnsType<Message> => {
    const byKey = (key: string) => base.find((c) => c.key === key);
    return [
      {
        ...byKey('title'),
        // The one column without a width: it takes the room the others leave, and titles wrap.
        width: undefined,
        ellipsis: false,
        render: (_: string, m) => (
          <div>
            <div className="message-title">
              {word({ title: m.title, sender: m.senderName, notice: m.notice, noticeParams: m.noticeParams }).title}
              {m.attachments.length > 0 && (
                <PaperClipOutlined className="message-clip" aria-label={t('message.hasAttachments')} />
              )}
            </div>
            <Space size={4} wrap>
              {m.notice !== null && <Tag>{t('message.systemTag')}</Tag>}
              {m.needRead && <Tag color="warning">{t('message.mustRead')}</Tag>}
              {m.senderName && (
                <Typography.Text type="secondary" className="message-sub">
                  {m.senderName}
                </Typography.Text>
              )}
            </Space>
          </div>
        ),
      },
      {
        key: 'targetType',
        title: t('message.sentTo'),
        width: 170,
        render: (_: unknown, m) => (
          <Typography.Paragraph ellipsis={{ rows: 2, tooltip: target(m) }} style={{ margin: 0 }}>
            {target(m)}
          </Typography.Paragraph>
        ),
      },
      {
        key: 'status',
        title: t('message.status'),
        width: 120,
        render: (_: unknown, m) => (
          <Space size={4} wrap>
            <Tag color={messageStatusLabels[m.status].color}>{labelOf(messageStatusLabels, m.status, lang)}</Tag>
            {isPublished(m) && (
              <Tag color={messageOpenStatusLabels[m.openStatus].color}>
                {labelOf(messageOpenStatusLabels, m.openStatus, lang)}
              </Tag>
            )}
          </Space>
        ),
      },
      {
        key: 'read',
        title: t('message.readProgress'),
        width: 170,
        render: (_: unknown, m) =>
          isDraft(m) ? (
            <Typography.Text type="secondary">{t('message.notSentYet')}</Typography.Text>
          ) : (
            <ReadProgress read={m.readCount} total={m.recipientCount} />
          ),
      },
      {
        ...byKey('publishTime'),
        render: (v: string | null) => (v ? shortMoment(v) : '—'),
        width: 130,
      },
    ];
  };

  return (
    <ResourceScreen<Message>
      meta={meta}
      schema={zMessageCreate}
      slots={{
        emptyText: t('message.empty'),
        createLabel: t('message.create'),
        filterFormName: 'message-filter',
        transfer: 'export',
        rowName: (m) => m.title,
        scrollX: 1080,
        filters: ({ keyword, fields }) => (
          <>
            {keyword}
            {fields.status}
            <Form.Item name="openStatus" label={t('message.shown')}>
              <Select
                allowClear
                placeholder={t('common.all')}
                style={{ width: 130 }}
                options={enumValues(messageOpenStatusLabels).map((v) => ({
                  value: v,
                  label: labelOf(messageOpenStatusLabels, v, lang),
                }))}
              />
            </Form.Item>
            {fields.targetType}
            <Form.Item name="kind" label={t('message.kind')}>
              <Select<Kind>
                allowClear
                placeholder={t('common.all')}
                style={{ width: 160 }}
                options={[
                  { value: 'people', label: t('message.kindPeople') },
                  { value: 'system', label: t('message.kindSystem') },
                ]}
              />
            </Form.Item>
          </>
        ),
        toFilter: ({ kind, keyword, ...rest }: Filter) => ({
          ...rest,
          keyword: typeof keyword === 'string' ? keyword.trim() || undefined : undefined,
          system: kind === undefined || kind === null ? undefined : kind === 'system',
        }),
        columns,
        rowActions,
        editLock: (m) => (m.notice !== null ? t('message.noticeLock') : isPublished(m) && t('message.editLock')),
        deleteLock: (m) => isPublished(m) && t('message.deleteLock'),
        deleteConfirm: (m) => ({ title: t('message.deleteConfirm', { title: m.title }) }),
        canSelect: (m) => !isPublished(m),
        editor: ({ editing, close, saved }) => <MessageEditor editing={editing} onClose={close} onSaved={saved} />,
      }}
    >
      <MessageReceiptsDrawer message={receiptsOf} onClose={() => setReceiptsOf(null)} />
    </ResourceScreen>
  );
}

// Read out of received, as a bar with the figures on it.
export function ReadProgress({ read, total }: { read: number; total: number }) {
  const { t } = useMessageTexts();
  const percent = total > 0 ? Math.round((read / total) * 100) : 0;
  return (
    <Progress
      percent={percent}
      size="small"
      status={total > 0 && read >= total ? 'success' : 'normal'}
      format={() => `${read}/${total}`}
      aria-label={t('message.readOf', { read, total })}
    />
  );
}
