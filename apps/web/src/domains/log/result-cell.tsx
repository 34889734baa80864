import { type ErrorDetail, type Lang, logLabels } from '@lyceum/contract';
import { Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { errorSentence } from '../../shell/server-error';
import './i18n';

// A success tag, or a failure tag naming the kind of refusal with the server's message under it.
// A refusal in the reader's language when the entry kept its code, else the words the server sent.
export function refusalText(r: { message: string | null; error: { key: string } | null }): string | null {
  // The same shape the replies carry; keys this build does not know fall back to the stored words.
  return r.error ? errorSentence(r.error as ErrorDetail, r.message ?? '') : r.message;
}

export function ResultCell({
  success,
  code,
  message,
  t,
  lang,
}: {
  success: boolean;
  code?: number;
  message?: string | null;
  t: TFunction;
  lang: Lang;
}) {
  if (success) return <Tag color="success">{logLabels.success[lang]}</Tag>;
  const failed = logLabels.failure[lang];
  const kind = code ? t(`log.codes.${code}`, { defaultValue: failed }) : failed;
  return (
    <div>
      <Tag color="error">{kind}</Tag>
      {message && (
        <Typography.Paragraph
          type="danger"
          style={{ margin: '4px 0 0', fontSize: 12 }}
          ellipsis={{ rows: 2, tooltip: message }}
        >
          {message}
        </Typography.Paragraph>
      )}
    </div>
  );
}
