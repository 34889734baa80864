import { ExportOutlined } from '@ant-design/icons';
import type { MyLiveClass, zMyLiveRequest } from '@lyceum/contract';
import { api } from '@lyceum/contract/routes';
import { Modal, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import type { z } from 'zod';
import { ApiError, type Cancel, call } from '../shell/request';
import { liveCardTexts } from './live-class-texts';

// The caller's live classes: upcoming and running ones, or past ones with their recordings.
export const MY_LIVE_KEY = ['liveClass', 'mine'];
export const fetchMyLive = (body: z.input<typeof zMyLiveRequest>, { signal }: Cancel = {}): Promise<MyLiveClass[]> =>
  call(api.liveClass.mine, { body }, { signal, retry: 2 });

interface Blocked {
  url: string;
  title: string;
}

// Joining a live class: Lyceum signs the provider's address for the caller at that moment (our user
// id and role, never a display name), and the meeting opens in a new tab. The tab is opened in the
// click itself, before the request: one opened after the answer would be taken for a pop-up and
// blocked. Its opener is cut (as noopener would) before it is sent to the provider's address. When
// the browser opens no tab at all, the address is offered as a link instead.
export function useLiveJoin(): {
  join: (id: number, title: string) => Promise<void>;
  joining: number | null;
  dialog: ReactNode;
} {
  const { t } = liveCardTexts.useTexts();
  const [joining, setJoining] = useState<number | null>(null);
  const [blocked, setBlocked] = useState<Blocked | null>(null);

  async function join(id: number, title: string) {
    const tab = window.open('', '_blank');
    if (tab) {
      tab.opener = null;
      try {
        tab.document.title = title;
        tab.document.body.textContent = t('liveCard.joining');
      } catch {
        // A browser that isolates the new tab already: it is still ours to send on.
      }
    }
    setJoining(id);
    try {
      const answer = await call(api.liveClass.join, { params: { id } }, { loading: true });
      if (tab && !tab.closed) tab.location.href = answer.url;
      else setBlocked({ url: answer.url, title });
    } catch (err) {
      tab?.close();
      // The request client has said why (not open yet, not invited, no server).
      if (!(err instanceof ApiError)) throw err;
    } finally {
      setJoining(null);
    }
  }

  const dialog = (
    <Modal
      open={blocked !== null}
      title={t('liveCard.blockedTitle')}
      onCancel={() => setBlocked(null)}
      footer={null}
      destroyOnHidden
    >
      <Typography.Paragraph>{t('liveCard.blockedText')}</Typography.Paragraph>
      {blocked && (
        <a
          href={blocked.url}
          target="_blank"
          rel="noopener noreferrer"
          onClick={() => setBlocked(null)}
          data-testid="live-join-link"
        >
          <ExportOutlined /> {t('liveCard.blockedLink', { title: blocked.title })}
        </a>
      )}
    </Modal>
  );
  return { join, joining, dialog };
}
