import { type Lang, NOTICE_TIME_PARAMS, type SystemNotice, wordNotice } from '@lyceum/contract';
import dayjs from 'dayjs';
import { TIME } from '../../ui/portal-format';

// What every list of messages (inbox, bell, reader, portal) needs to show one in the reader's words.
export interface Wordable {
  title: string;
  sender: string | null;
  notice: SystemNotice | null;
  noticeParams: Record<string, string | number>;
}

export interface Worded {
  title: string;
  // The notice's own body (a person's message keeps its rich text; this is null then).
  body: string | null;
  // The sender's name, or the product's own name for its notices.
  sender: string;
  system: boolean;
}

const TIME_PARAMS: ReadonlySet<string> = new Set(NOTICE_TIME_PARAMS);

// A notice's date-time parameters in the reader's format; anything else as it came.
export function noticeParam(key: string, value: string | number): string {
  if (!TIME_PARAMS.has(key) || typeof value !== 'string') return String(value);
  const d = dayjs(value);
  return d.isValid() ? d.format(TIME) : value;
}

// The product's notices are worded here, in the reader's language, from their kind and parameters;
// people's messages keep their title and sender.
export function wordMessage(m: Wordable, lang: Lang, systemName: string, unknownSender: string): Worded {
  if (m.notice) {
    const words = wordNotice(m.notice, m.noticeParams, lang, noticeParam);
    return { title: words.title, body: words.body, sender: systemName, system: true };
  }
  return { title: m.title, body: null, sender: m.sender ?? unknownSender, system: false };
}
