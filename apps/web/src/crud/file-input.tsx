import { PictureOutlined, UploadOutlined } from '@ant-design/icons';
import { filePurposeRules, IMAGE_TYPES, type UploadedFile } from '@lyceum/contract';
import { api } from '@lyceum/contract/routes';
import { App, Avatar, Button, Input, Space, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, unwrap } from '../shell/request';
import { uploadRaw } from '../shell/transfer';
import type { UploadPurpose } from './resource-view';

export type { UploadedFile };

const MB = 1024 * 1024;
// The server's limits per purpose (from the contract); checked here too so a too-big file fails before it is sent.
const limits = (purpose: UploadPurpose) => {
  const rule = filePurposeRules[purpose];
  const images = rule.types.every((t) => IMAGE_TYPES.includes(t));
  return { bytes: rule.maxBytes, accept: images ? IMAGE_TYPES.join(',') : undefined };
};

export function uploadFile(file: File, purpose: UploadPurpose, onProgress?: (f: number) => void) {
  return unwrap(
    // The body is the file itself, so it goes through uploadRaw (progress) to the endpoint's path.
    uploadRaw<UploadedFile>(`${api.file.upload.path}?purpose=${purpose}`, file, {
      contentType: file.type || 'application/octet-stream',
      headers: { 'x-file-name': encodeURIComponent(file.name) },
      onProgress,
    }),
  );
}

// Uploading through the file service with the purpose's size limit checked first: `upload` resolves
// with the stored file, or null when it was too big or refused (both already said in a toast).
export function useUpload(purpose: UploadPurpose) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [progress, setProgress] = useState<number | null>(null);
  const limit = limits(purpose);

  async function upload(file: File): Promise<UploadedFile | null> {
    if (file.size > limit.bytes) {
      message.error(t('upload.tooBig', { name: file.name, max: Math.round(limit.bytes / MB) }));
      return null;
    }
    setProgress(0);
    try {
      const uploaded = await uploadFile(file, purpose, setProgress);
      message.success(t('upload.done', { name: uploaded.name }));
      return uploaded;
    } catch (err) {
      if (err instanceof ApiError) return null;
      throw err;
    } finally {
      setProgress(null);
    }
  }
  return { upload, progress, accept: limit.accept };
}

interface Props {
  id?: string;
  value?: string | null;
  onChange?: (value: string) => void;
  purpose: UploadPurpose;
  // Images get a preview beside the input.
  preview?: boolean;
  'aria-label'?: string;
}

// A URL input with an upload button: a link can be typed, or a file uploaded and its URL filled in.
export function FileInput({ id, value, onChange, purpose, preview, 'aria-label': ariaLabel }: Props) {
  const { t } = useTranslation();
  const { upload, progress, accept } = useUpload(purpose);

  return (
    <div className="file-input">
      {preview && <Avatar shape="square" size={40} src={value || undefined} icon={<PictureOutlined />} alt="" />}
      <Space.Compact>
        <Input
          id={id}
          value={value ?? ''}
          onChange={(e) => onChange?.(e.target.value)}
          placeholder={t('upload.placeholder')}
          inputMode="url"
          aria-label={ariaLabel}
        />
        <Upload
          accept={accept}
          showUploadList={false}
          beforeUpload={(file) => {
            void upload(file).then((uploaded) => uploaded && onChange?.(uploaded.url));
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} loading={progress !== null}>
            {progress === null ? t('upload.button') : `${Math.round(progress * 100)}%`}
          </Button>
        </Upload>
      </Space.Compact>
    </div>
  );
}
