import { DownloadOutlined } from '@ant-design/icons';
import {
  labelOf,
  type MailStatus,
  type Message,
  mailStatusLabels,
  type Page,
  type Receipt,
  type ReceiptPage,
} from '@lyceum/contract';
import { Button, Drawer, Progress, Space, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { ExportProgress } from '../../crud/export-progress';
import { EnumFilter, KeywordFilter, SelectFilter } from '../../crud/filter-fields';
import type { Paged } from '../../crud/resource-api';
import { ResourceListPage } from '../../crud/resource-list-page';
import { usePagedList } from '../../crud/use-paged-list';
import { useLang } from '../../shell/i18n';
import { useIsMobile } from '../../shell/layout/use-device';
import { usePermission } from '../../shell/permission';
import type { Cancel } from '../../shell/request';
import { shortMoment } from '../../shell/time-format';
import { ClassFilter } from '../../ui/class-filter';
import { formatMoment } from '../../ui/moment-input';
import { useTargetText } from './message-actions';
import { MESSAGE_KEY, messageActions, messageReceipts, type ReceiptFilter } from './message-api';
import { useMessageTexts } from './message-texts';
import './message.css';

type ReceiptRow = Receipt & { id: number };
type ReadState = 'read' | 'unread';

// How many of the recipients have read it: a ring with the share, the figures beside it.
function ReadCounts({ read, recipients }: ReceiptPage['counts']) {
  const { t } = useMessageTexts();
  const percent = recipients > 0 ? Math.round((read / recipients) * 100) : 0;
  return (
    <div className="message-counts">
      <Progress
        type="circle"
        size={96}
        percent={percent}
        format={() => `${read}/${recipients}`}
        aria-label={t('message.readShare', { share: percent })}
      />
      <div className="message-counts-figures">
        <div>
          <i className="message-dot message-dot-read" aria-hidden="true" />
          {t('message.read')}: <strong>{read}</strong>
        </div>
        <div>
          <i className="message-dot" aria-hidden="true" />
          {t('message.unread')}: <strong>{recipients - read}</strong>
        </div>
        <Typography.Text type="secondary">{t('message.recipientsCount', { count: recipients })}</Typography.Text>
      </div>
    </div>
  );
}

// What became of the e-mails beside the bell (issue 29), when any was tried or skipped.
function MailCounts({ sent, failed, skipped }: ReceiptPage['counts']['mail']) {
  const { t } = useMessageTexts();
  if (sent + failed + skipped === 0) return null;
  return (
    <Typography.Paragraph type={failed ? 'danger' : 'secondary'} style={{ marginBottom: 4 }}>
      {t('message.mailSummary', { sent, failed, skipped })}
    </Typography.Paragraph>
  );
}

// One recipient's e-mail: its status, and why it failed (the mail server's words) under it.
function MailCell({ mail }: { mail: Receipt['mail'] }) {
  const { t } = useMessageTexts();
  const lang = useLang();
  if (!mail) return <Typography.Text type="secondary">{t('message.mailNone')}</Typography.Text>;
  const label = mailStatusLabels[mail.status];
  return (
    <div>
      <Tag color={label.color}>{labelOf(mailStatusLabels, mail.status, lang)}</Tag>
      {mail.error && (
        <Typography.Text
          type="secondary"
          className="message-sub"
          style={{ display: 'block', maxWidth: 170 }}
          ellipsis={{ tooltip: mail.error }}
        >
          {mail.error}
        </Typography.Text>
      )}
      {mail.attempts > 1 && (
        <Typography.Text type="secondary" className="message-sub" style={{ display: 'block' }}>
          {t('message.mailAttempts', { count: mail.attempts })}
        </Typography.Text>
      )}
    </div>
  );
}

// Who received one message and when each read it, filtered by read or not, class and name; the list
// goes to Excel through the export list.
export function MessageReceipts({ message }: { message: Message }) {
  const { t } = useMessageTexts();
  const target = useTargetText();
  const canExport = usePermission(['message:export']);
  const [exportId, setExportId] = useState<number | null>(null);
  const fetchPage = async (
    req: Paged<ReceiptFilter>,
    c: Cancel,
  ): Promise<Page<ReceiptRow> & Pick<ReceiptPage, 'counts'>> => {
    const page = await messageReceipts(message.id, req, c);
    return { ...page, list: page.list.map((r) => ({ ...r, id: r.userId })) };
  };
  const list = usePagedList<ReceiptRow, ReceiptFilter>(MESSAGE_KEY, fetchPage, {}, { receipts: message.id });
  // Every page carries the message's counts; the row's own until the first page is in.
  const counts = (list.data as ReceiptPage | undefined)?.counts ?? {
    recipients: message.recipientCount,
    read: message.readCount,
    mail: { sent: 0, failed: 0, skipped: 0 },
  };

  const columns: TableColumnsType<ReceiptRow> = [
    {
      title: t('message.recipient'),
      key: 'recipient',
      width: 170,
      render: (_: unknown, r) => (
        <div>
          <div>{r.realName}</div>
          <Typography.Text type="secondary" className="message-sub">
            {r.userName}
          </Typography.Text>
        </div>
      ),
    },
    {
      title: t('message.class'),
      key: 'teamName',
      width: 170,
      ellipsis: { showTitle: true },
      render: (_: unknown, r) => (r.student ? (r.teamName ?? '—') : <Tag>{t('message.staff')}</Tag>),
    },
    {
      title: t('message.delivered'),
      dataIndex: 'deliveredAt',
      width: 130,
      render: (v: string) => shortMoment(v),
    },
    {
      title: t('message.readAt'),
      dataIndex: 'readAt',
      width: 130,
      render: (v: string | null) => (v ? shortMoment(v) : <Tag color="warning">{t('message.unread')}</Tag>),
    },
    {
      title: t('message.mail'),
      key: 'mail',
      width: 190,
      render: (_: unknown, r) => <MailCell mail={r.mail} />,
    },
  ];

  const filtered = Object.values(list.filters).some((v) => v !== undefined);
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <div className="message-receipts-head">
        <ReadCounts {...counts} />
        <div>
          <Typography.Paragraph style={{ marginBottom: 4 }}>{target(message)}</Typography.Paragraph>
          {message.publishTime && (
            <Typography.Paragraph type="secondary" style={{ marginBottom: 4 }}>
              {t('message.sentAt', { time: formatMoment(message.publishTime) })}
            </Typography.Paragraph>
          )}
          <MailCounts {...counts.mail} />
          {message.needRead && <Tag color="warning">{t('message.mustRead')}</Tag>}
        </div>
      </div>
      <ResourceListPage<ReceiptRow, ReceiptFilter>
        list={list}
        columns={columns}
        emptyText={t(filtered ? 'message.noReceiptMatches' : 'message.noReceipts')}
        filterFormName={`message-receipts-${message.id}`}
        toFilter={(v) => ({
          keyword: (v.keyword as string | undefined)?.trim() || undefined,
          read: v.read === undefined || v.read === null ? undefined : v.read === 'read',
          teamId: v.teamId as number | undefined,
          mailStatus: v.mailStatus as MailStatus | undefined,
        })}
        filterFields={
          <>
            <KeywordFilter label={t('message.keyword')} placeholder={t('message.keywordPlaceholder')} width={170} />
            <SelectFilter<ReadState>
              name="read"
              label={t('message.readState')}
              width={120}
              options={[
                { value: 'read', label: t('message.read') },
                { value: 'unread', label: t('message.unread') },
              ]}
            />
            <ClassFilter label={t('message.class')} width={180} searchable />
            <EnumFilter name="mailStatus" label={t('message.mailStatus')} labels={mailStatusLabels} width={200} />
          </>
        }
        toolbar={
          canExport && (
            <Button
              icon={<DownloadOutlined />}
              onClick={() =>
                void messageActions
                  .exportReceipts(message.id, list.filters)
                  .then((r) => setExportId(r.exportId))
                  .catch(() => undefined)
              }
            >
              {t('message.exportReceipts')}
            </Button>
          )
        }
      />
      {exportId !== null && (
        <ExportProgress
          exportId={exportId}
          title={{ en: `Readers of "${message.title}"`, zh: `“${message.title}”的阅读情况` }}
          onClose={() => setExportId(null)}
        />
      )}
    </Space>
  );
}

// The receipts as a drawer over the messages list.
export function MessageReceiptsDrawer({ message, onClose }: { message: Message | null; onClose: () => void }) {
  const { t } = useMessageTexts();
  const isMobile = useIsMobile();
  return (
    <Drawer
      open={!!message}
      onClose={onClose}
      title={message ? t('message.receiptsTitle', { title: message.title }) : ''}
      size={isMobile ? '100%' : 860}
      destroyOnHidden
    >
      {message && <MessageReceipts message={message} />}
    </Drawer>
  );
}
