import { UploadOutlined } from '@ant-design/icons';
import {
  APPLICATION_DOCUMENT_KINDS,
  type ApplicationDocumentKind,
  applicationDocumentKindLabels,
} from '@lyceum/contract';
import { api } from '@lyceum/contract/routes';
import { App, Button, Select, Space } from 'antd';
import { useRef, useState } from 'react';
import { useLang } from '../../shell/i18n';
import { uploadTo } from '../../shell/transfer';
import { useApplyTexts } from './apply-texts';

// Sends one document to the application its tracking code names (a draft's, or a kind the school
// asked for); the server reads the type from the bytes and refuses anything but PDF, JPEG and PNG.
export function ApplyUpload({
  domain,
  code,
  kinds,
  onDone,
}: {
  domain: string;
  code: string;
  kinds?: readonly ApplicationDocumentKind[];
  onDone: () => void;
}) {
  const { t } = useApplyTexts();
  const lang = useLang();
  const { message } = App.useApp();
  const choices = kinds ?? APPLICATION_DOCUMENT_KINDS;
  const [kind, setKind] = useState<ApplicationDocumentKind>(choices[0] ?? 'other');
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const send = async (file: File) => {
    setBusy(true);
    try {
      await uploadTo(api.application.upload, { query: { domain, trackingCode: code, kind } }, file, {
        contentType: file.type || 'application/octet-stream',
        headers: { 'x-file-name': encodeURIComponent(file.name) },
      });
      message.success(t('apply.uploaded'));
      onDone();
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };
  return (
    <Space wrap>
      <Select
        aria-label={t('apply.kind')}
        value={kind}
        onChange={setKind}
        style={{ width: 180 }}
        options={choices.map((k) => ({ value: k, label: applicationDocumentKindLabels[k][lang] }))}
      />
      <input
        ref={input}
        type="file"
        accept="application/pdf,image/jpeg,image/png"
        style={{ display: 'none' }}
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) void send(file);
        }}
      />
      <Button icon={<UploadOutlined />} loading={busy} onClick={() => input.current?.click()}>
        {t('apply.upload')}
      </Button>
    </Space>
  );
}
