import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import type { QuestionImportReport } from '@lyceum/contract';
import { api } from '@lyceum/contract/routes';
import { Button, InputNumber, Modal, Progress, Result, Space, Steps, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useLang } from '../../../shell/i18n';
import { uploadTo } from '../../../shell/transfer';
import { questionApi } from '../question-api';
import { ImportTable } from './import-table';
import { useInteropTexts } from './interop-texts';

type Stage =
  | { kind: 'pick' }
  | { kind: 'checking'; progress: number }
  | { kind: 'preview'; report: QuestionImportReport }
  | { kind: 'importing'; progress: number; total: number }
  | { kind: 'done'; report: QuestionImportReport };

const STEP: Record<Stage['kind'], number> = { pick: 0, checking: 1, preview: 1, importing: 2, done: 2 };
const ACCEPT = '.xml,.txt,.gift,.zip,.xlsx,application/xml,text/xml,text/plain,application/zip';

interface Props {
  open: boolean;
  onClose: () => void;
  // After questions were written (the list reloads).
  onImported: () => void;
}

// Any question file (Moodle XML, GIFT, Aiken, QTI, Excel) → the dry run's table: what each question
// becomes, under which knowledge point, what is refused and why, what kind is not supported → import
// all, or the ones that pass → the result. Nothing is written before the table has been seen.
export function QuestionImportDialog({ open, onClose, onImported }: Props) {
  const { t } = useInteropTexts();
  const lang = useLang();
  const [file, setFile] = useState<File | null>(null);
  const [score, setScore] = useState(1);
  const [stage, setStage] = useState<Stage>({ kind: 'pick' });
  const [downloading, setDownloading] = useState(false);
  const busy = stage.kind === 'checking' || stage.kind === 'importing';

  const send = (dryRun: boolean, skipRefused: boolean, onProgress: (p: number) => void) =>
    uploadTo(
      api.question.importFile,
      { query: { dryRun: dryRun ? 'true' : 'false', skipRefused: skipRefused ? 'true' : 'false', lang, score } },
      file as File,
      // Whatever the file, its bytes as they are: the server tells the format.
      { contentType: 'application/octet-stream', onProgress },
    );

  function close() {
    if (busy) return;
    if (stage.kind === 'done') onImported();
    setFile(null);
    setStage({ kind: 'pick' });
    onClose();
  }

  async function check() {
    if (!file) return;
    setStage({ kind: 'checking', progress: 0 });
    try {
      const report = await send(true, false, (p) => setStage({ kind: 'checking', progress: p }));
      setStage({ kind: 'preview', report });
    } catch {
      setStage({ kind: 'pick' });
    }
  }

  async function commit(skipRefused: boolean, total: number) {
    setStage({ kind: 'importing', progress: 0, total });
    try {
      const report = await send(false, skipRefused, (p) => setStage({ kind: 'importing', progress: p, total }));
      setStage(report.created > 0 ? { kind: 'done', report } : { kind: 'preview', report });
    } catch {
      setStage({ kind: 'pick' });
    }
  }

  async function template() {
    setDownloading(true);
    try {
      await questionApi.template(lang);
    } finally {
      setDownloading(false);
    }
  }

  const footer = (() => {
    if (stage.kind === 'pick')
      return [
        <Button key="cancel" onClick={close}>
          {t('common.cancel')}
        </Button>,
        <Button key="check" type="primary" disabled={!file} onClick={check}>
          {t('questionInterop.check')}
        </Button>,
      ];
    if (stage.kind === 'preview') {
      const { report } = stage;
      const refused = report.items.filter((i) => i.status === 'refused').length;
      const go = report.valid;
      return [
        <Button key="back" onClick={() => setStage({ kind: 'pick' })}>
          {t('questionInterop.another')}
        </Button>,
        go === 0 ? (
          <Button key="none" disabled>
            {t('questionInterop.nothingToImport')}
          </Button>
        ) : refused > 0 ? (
          <Button key="some" type="primary" danger onClick={() => commit(true, go)}>
            {t('questionInterop.importSome', { count: go, left: refused })}
          </Button>
        ) : (
          <Button key="all" type="primary" onClick={() => commit(false, go)}>
            {t('questionInterop.importAll', { count: go })}
          </Button>
        ),
      ];
    }
    if (stage.kind === 'done')
      return [
        <Button key="done" type="primary" onClick={close}>
          {t('common.close')}
        </Button>,
      ];
    return null;
  })();

  return (
    <Modal
      title={t('questionInterop.title')}
      open={open}
      onCancel={close}
      closable={!busy}
      mask={{ closable: false }}
      width={stage.kind === 'preview' ? 1080 : 720}
      footer={footer}
      destroyOnHidden
    >
      <Steps
        size="small"
        current={STEP[stage.kind]}
        style={{ margin: '8px 0 20px' }}
        items={[
          { title: t('questionInterop.stepFile') },
          { title: t('questionInterop.stepCheck') },
          { title: t('questionInterop.stepImport') },
        ]}
      />
      {stage.kind === 'pick' && (
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
            {t('questionInterop.hint')}
          </Typography.Paragraph>
          <Upload.Dragger
            accept={ACCEPT}
            maxCount={1}
            fileList={file ? [{ uid: '1', name: file.name, status: 'done', size: file.size }] : []}
            beforeUpload={(f) => {
              setFile(f);
              return false;
            }}
            onRemove={() => setFile(null)}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">{t('import.drop')}</p>
            <p className="ant-upload-hint">{t('questionInterop.formats')}</p>
          </Upload.Dragger>
          <Space wrap size={16}>
            <label htmlFor="interop-score">{t('questionInterop.score')}</label>
            <InputNumber
              id="interop-score"
              min={0.5}
              max={100}
              step={0.5}
              value={score}
              onChange={(v) => setScore(v ?? 1)}
            />
            <Button icon={<DownloadOutlined />} loading={downloading} onClick={template}>
              {t('questionInterop.template')}
            </Button>
          </Space>
        </Space>
      )}
      {(stage.kind === 'checking' || stage.kind === 'importing') && (
        <div style={{ padding: '24px 0', textAlign: 'center' }}>
          <Progress
            type="circle"
            percent={Math.round(stage.progress * 100)}
            status="active"
            format={(p) => (p === 100 ? t('import.working') : `${p}%`)}
          />
          <p style={{ marginTop: 16 }}>
            {stage.kind === 'checking'
              ? t('questionInterop.checking', { name: file?.name })
              : t('questionInterop.importing', { count: stage.total })}
          </p>
        </div>
      )}
      {stage.kind === 'preview' && <ImportTable report={stage.report} />}
      {stage.kind === 'done' && (
        <Result
          status="success"
          title={t('questionInterop.done', { count: stage.report.created })}
          subTitle={
            stage.report.skipped > 0 ? t('questionInterop.doneSkipped', { count: stage.report.skipped }) : file?.name
          }
          style={{ padding: '16px 0' }}
        />
      )}
    </Modal>
  );
}
