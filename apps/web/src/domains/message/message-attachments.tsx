import { DeleteOutlined, LinkOutlined, PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import type { MessageAttachment } from '@lyceum/contract';
import { Button, Input, Space, Typography, Upload } from 'antd';
import { useRef } from 'react';
import { useUpload } from '../../crud/file-input';
import { useMessageTexts } from './message-texts';

// The contract's limit of files a message carries.
export const MAX_ATTACHMENTS = 10;

interface Props {
  id?: string;
  value?: MessageAttachment[];
  onChange?: (value: MessageAttachment[]) => void;
}

// A message's files: uploaded through the file service (several at once) or given as a link, each
// with the name its recipients see.
export function AttachmentsInput({ id, value, onChange }: Props) {
  const { t } = useMessageTexts();
  const { upload, progress, accept } = useUpload('document');
  const files = value ?? [];
  const full = files.length >= MAX_ATTACHMENTS;
  // Several uploads finish one after another; each adds to what is there when it lands.
  const latest = useRef(files);
  latest.current = files;
  const add = (file: MessageAttachment) => {
    latest.current = [...latest.current, file].slice(0, MAX_ATTACHMENTS);
    onChange?.(latest.current);
  };
  const change = (index: number, patch: Partial<MessageAttachment>) =>
    onChange?.(files.map((f, i) => (i === index ? { ...f, ...patch } : f)));

  return (
    <div id={id} className="message-attachments">
      {files.map((file, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id; a name or link may repeat
        <Space.Compact key={i} className="message-attachment" block>
          <Input
            prefix={<PaperClipOutlined />}
            value={file.name}
            onChange={(e) => change(i, { name: e.target.value })}
            aria-label={t('message.attachmentName')}
            placeholder={t('message.attachmentName')}
            maxLength={200}
          />
          <Input
            value={file.url}
            onChange={(e) => change(i, { url: e.target.value })}
            aria-label={t('message.attachmentUrl')}
            placeholder="https://"
            inputMode="url"
            maxLength={500}
          />
          <Button
            icon={<DeleteOutlined />}
            aria-label={t('message.attachmentRemove', { name: file.name || file.url })}
            onClick={() => onChange?.(files.filter((_, j) => j !== i))}
          />
        </Space.Compact>
      ))}
      <Space wrap>
        <Upload
          accept={accept}
          multiple
          showUploadList={false}
          disabled={full}
          beforeUpload={(file) => {
            void upload(file).then((stored) => stored && add({ name: stored.name, url: stored.url }));
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} loading={progress !== null} disabled={full}>
            {progress === null ? t('message.attachmentUpload') : `${Math.round(progress * 100)}%`}
          </Button>
        </Upload>
        <Button icon={<LinkOutlined />} disabled={full} onClick={() => onChange?.([...files, { name: '', url: '' }])}>
          {t('message.attachmentAdd')}
        </Button>
        {full && <Typography.Text type="secondary">{t('message.attachmentsFull')}</Typography.Text>}
      </Space>
    </div>
  );
}
