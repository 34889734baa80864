import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { noticeParam, wordMessage } from './message-words';

const start = '2026-06-10T09:00:00.000Z';

describe('message words', () => {
  it('words the product’s notices in the reader’s language, times in the local format', () => {
    const local = dayjs(start).format('YYYY-MM-DD HH:mm');
    const notice = {
      title: 'raw',
      sender: null,
      notice: 'examPublished' as const,
      noticeParams: { name: 'Maths', start },
    };
    const en = wordMessage(notice, 'en', 'Lyceum', '?');
    expect(en.title).toBe('Exam scheduled: Maths');
    expect(en.body).toContain(`It opens ${local}.`);
    expect(en.sender).toBe('Lyceum');
    expect(en.system).toBe(true);
    const zh = wordMessage(notice, 'zh', '系统通知', '?');
    expect(zh.title).toBe('考试通知：Maths');
    expect(zh.sender).toBe('系统通知');
  });

  it('keeps a person’s message as it was written', () => {
    const m = wordMessage(
      { title: 'Sports day', sender: 'Tina Teacher', notice: null, noticeParams: {} },
      'zh',
      'x',
      '?',
    );
    expect(m).toEqual({ title: 'Sports day', body: null, sender: 'Tina Teacher', system: false });
  });

  it('formats only the time parameters, and leaves a time it cannot read as it came', () => {
    expect(noticeParam('name', '2026-06-10T09:00:00.000Z')).toBe('2026-06-10T09:00:00.000Z');
    expect(noticeParam('due', 'soon')).toBe('soon');
    expect(noticeParam('due', 5)).toBe('5');
  });
});
