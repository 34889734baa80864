import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import type { Title } from '@lyceum/contract';
import { Alert, Button, Modal, Progress, Result, Space, Steps, Typography, Upload } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pickTitle, useLang } from '../shell/i18n';
import { ImportProblems } from './import-problems';
import type { ImportReport } from './resource-api';

export interface ImportApi<R extends ImportReport = ImportReport> {
  template: (lang: 'en' | 'zh') => Promise<string>;
  importFile: (
    file: Blob,
    dryRun: boolean,
    lang: 'en' | 'zh',
    onProgress?: (fraction: number) => void,
    // Write what passes and leave out what is refused (imports that can: the question bank's).
    options?: { skipRefused: boolean },
  ) => Promise<R>;
}

type Stage<R> =
  | { kind: 'pick' }
  | { kind: 'checking'; progress: number }
  | { kind: 'preview'; report: R }
  | { kind: 'importing'; progress: number; total: number }
  | { kind: 'done'; report: R };

// Words of an import with a flow of its own (a whole paper rather than rows of a list).
export interface ImportTexts<R> {
  title?: string;
  hint?: string;
  confirm?: (report: R) => string;
  allValid?: (report: R) => string;
  // With some refused: the label of "import what passes" (null: not offered).
  partial?: (report: R) => string | null;
  // The result's title and the line under it.
  done?: (report: R) => string;
  doneNote?: (report: R) => string | undefined;
  // The drop zone's words, and under them the files taken.
  drop?: string;
  dropHint?: string;
}

interface Props<R extends ImportReport> {
  open: boolean;
  meta: { title: Title };
  api: ImportApi<R>;
  onClose: () => void;
  onImported: () => void;
  texts?: ImportTexts<R>;
  // Instead of the result page: called once the file is written (e.g. to open what it made).
  onDone?: (report: R) => void;
  // The files the picker offers (an .xlsx by default).
  accept?: string;
  // More controls under the drop zone (a default score).
  extra?: ReactNode;
  // The dry run's own view instead of the problem list (a table of what each row becomes).
  preview?: (report: R) => ReactNode;
}

const STEP: Record<Stage<ImportReport>['kind'], number> = { pick: 0, checking: 1, preview: 1, importing: 2, done: 2 };

// Template → file → dry run listing every problem of every row (nothing written) → confirm → progress → result.
export function ImportDialog<R extends ImportReport = ImportReport>({
  open,
  meta,
  api,
  onClose,
  onImported,
  texts = {},
  onDone,
  accept = '.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  extra,
  preview,
}: Props<R>) {
  const { t } = useTranslation();
  const lang = useLang();
  const [file, setFile] = useState<File | null>(null);
  const [stage, setStage] = useState<Stage<R>>({ kind: 'pick' });
  const [downloading, setDownloading] = useState(false);
  const busy = stage.kind === 'checking' || stage.kind === 'importing';

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
      const report = await api.importFile(file, true, lang, (p) => setStage({ kind: 'checking', progress: p }));
      setStage({ kind: 'preview', report });
    } catch {
      setStage({ kind: 'pick' });
    }
  }

  async function commit(total: number, skipRefused = false) {
    if (!file) return;
    setStage({ kind: 'importing', progress: 0, total });
    try {
      const report = await api.importFile(
        file,
        false,
        lang,
        (p) => setStage({ kind: 'importing', progress: p, total }),
        skipRefused ? { skipRefused } : undefined,
      );
      const written = report.created > 0 || !report.errors.length;
      if (written && onDone) {
        setFile(null);
        setStage({ kind: 'pick' });
        onDone(report);
        return;
      }
      setStage(written ? { kind: 'done', report } : { kind: 'preview', report });
    } catch {
      setStage({ kind: 'pick' });
    }
  }

  async function template() {
    setDownloading(true);
    try {
      await api.template(lang);
    } finally {
      setDownloading(false);
    }
  }

  const footer = (() => {
    switch (stage.kind) {
      case 'pick':
        return [
          <Button key="cancel" onClick={close}>
            {t('common.cancel')}
          </Button>,
          <Button key="check" type="primary" disabled={!file} onClick={check}>
            {t('import.check')}
          </Button>,
        ];
      case 'preview': {
        const { report } = stage;
        const ok = report.errors.length === 0 && report.valid > 0;
        const partial = !ok && report.valid > 0 ? (texts.partial?.(report) ?? null) : null;
        return [
          <Button key="back" onClick={() => setStage({ kind: 'pick' })}>
            {t('import.another')}
          </Button>,
          ok ? (
            <Button key="go" type="primary" onClick={() => commit(report.valid)}>
              {texts.confirm ? texts.confirm(report) : t('import.confirm', { count: report.valid })}
            </Button>
          ) : partial ? (
            <Button key="some" type="primary" danger onClick={() => commit(report.valid, true)}>
              {partial}
            </Button>
          ) : (
            <Button key="close" onClick={close}>
              {t('common.close')}
            </Button>
          ),
        ];
      }
      case 'done':
        return [
          <Button key="done" type="primary" onClick={close}>
            {t('common.close')}
          </Button>,
        ];
      default:
        return null;
    }
  })();

  return (
    <Modal
      title={texts.title ?? t('import.title', { title: pickTitle(meta.title, lang) })}
      open={open}
      onCancel={close}
      closable={!busy}
      mask={{ closable: false }}
      width={stage.kind === 'preview' && preview ? 1080 : 760}
      footer={footer}
      destroyOnHidden
    >
      <Steps
        size="small"
        current={STEP[stage.kind]}
        style={{ margin: '8px 0 20px' }}
        items={[{ title: t('import.stepFile') }, { title: t('import.stepCheck') }, { title: t('import.stepImport') }]}
      />
      {stage.kind === 'pick' && (
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
            {texts.hint ?? t('import.hint')}
          </Typography.Paragraph>
          <Button icon={<DownloadOutlined />} loading={downloading} onClick={template}>
            {t('import.template')}
          </Button>
          <Upload.Dragger
            accept={accept}
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
            <p className="ant-upload-text">{texts.drop ?? t('import.drop')}</p>
            <p className="ant-upload-hint">{texts.dropHint ?? t('import.dropHint')}</p>
          </Upload.Dragger>
          {extra}
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
              ? t('import.checking', { name: file?.name })
              : t('import.importing', { count: stage.total })}
          </p>
        </div>
      )}
      {stage.kind === 'preview' &&
        (preview ? preview(stage.report) : <Preview meta={meta} report={stage.report} allValid={texts.allValid} />)}
      {stage.kind === 'done' && (
        <Result
          status="success"
          title={texts.done ? texts.done(stage.report) : t('import.done', { count: stage.report.created })}
          subTitle={texts.doneNote?.(stage.report) ?? file?.name}
          style={{ padding: '16px 0' }}
        />
      )}
    </Modal>
  );
}

function Preview<R extends ImportReport>({
  meta,
  report,
  allValid,
}: {
  meta: { title: Title };
  report: R;
  allValid?: (report: R) => string;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  if (report.total === 0) return <Alert type="warning" showIcon title={t('import.noRows')} />;
  const duplicates = report.duplicates?.length ? (
    <Alert
      type="warning"
      showIcon
      title={t('import.duplicates', { count: report.duplicates.length })}
      description={report.duplicates.map((d) => `${t('import.row')} ${d.row}: ${d.stem}`).join(' · ')}
    />
  ) : null;
  if (report.errors.length === 0)
    return (
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        <Alert
          type="success"
          showIcon
          title={allValid ? allValid(report) : t('import.allValid', { count: report.total })}
        />
        {duplicates}
      </Space>
    );
  const badRows = new Set(report.errors.map((e) => e.row)).size;
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      <Alert
        type="error"
        showIcon
        title={t('import.problems', { count: report.errors.length, rows: badRows, total: report.total })}
        description={t('import.nothingWritten')}
      />
      {duplicates}
      <ImportProblems errors={report.errors} title={pickTitle(meta.title, lang)} lang={lang} />
    </Space>
  );
}
