import { InboxOutlined } from '@ant-design/icons';
import type { EndpointOutput } from '@lyceum/contract';
import type { api } from '@lyceum/contract/routes';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Space, Table, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useLang } from '../../../shell/i18n';
import { LIVE_KEY, liveCalls } from '../live-api';
import { useLiveTexts } from '../live-words';

type ImportResult = EndpointOutput<typeof api.liveClass.importAttendance>;

// Attendance of a meeting behind an external link, from the participant list its service exports:
// the file is checked first (who was matched, which lines name nobody we know), then written, in one
// go, as minutes and the statuses derived from them.
export function ImportPanel({ liveClassId }: { liveClassId: number }) {
  const { t } = useLiveTexts();
  const lang = useLang();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [checked, setChecked] = useState<ImportResult | null>(null);
  const [busy, setBusy] = useState(false);

  async function run(chosen: File, dryRun: boolean) {
    setBusy(true);
    try {
      const answer = await liveCalls.importAttendance(liveClassId, chosen, dryRun, lang);
      if (dryRun) setChecked(answer);
      else {
        message.success(t('live.imported', { count: answer.matched }));
        setFile(null);
        setChecked(null);
        void client.invalidateQueries({ queryKey: [LIVE_KEY] });
      }
    } catch {
      // The request client has said why.
    } finally {
      setBusy(false);
    }
  }

  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }} data-testid="live-import">
      <Typography.Paragraph type="secondary">{t('live.importHint')}</Typography.Paragraph>
      <Upload.Dragger
        accept=".csv,text/csv"
        maxCount={1}
        showUploadList={false}
        disabled={busy}
        beforeUpload={(chosen) => {
          setFile(chosen);
          setChecked(null);
          void run(chosen, true);
          return false;
        }}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{file ? file.name : t('live.importDrop')}</p>
      </Upload.Dragger>
      {checked && (
        <>
          <Alert
            type={checked.unknown.length ? 'warning' : 'success'}
            showIcon
            title={t('live.importChecked', { matched: checked.matched, unknown: checked.unknown.length })}
          />
          {checked.unknown.length > 0 && (
            <Table
              size="small"
              rowKey="line"
              pagination={false}
              dataSource={checked.unknown}
              columns={[
                { key: 'line', dataIndex: 'line', title: t('live.importLine'), width: 80 },
                { key: 'name', dataIndex: 'name', title: t('live.importUnknown') },
              ]}
            />
          )}
          <Space>
            <Button
              type="primary"
              loading={busy}
              disabled={!file || checked.matched === 0}
              onClick={() => file && void run(file, false)}
            >
              {t('live.importConfirm', { count: checked.matched })}
            </Button>
            <Button
              onClick={() => {
                setFile(null);
                setChecked(null);
              }}
            >
              {t('common.cancel')}
            </Button>
          </Space>
        </>
      )}
    </Space>
  );
}
