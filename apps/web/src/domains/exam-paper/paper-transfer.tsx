import { CopyOutlined, FileExcelOutlined, UploadOutlined } from '@ant-design/icons';
import { type ExamPaper, type Lang, type PaperImportReport, type PaperType, paperTypeLabels } from '@lyceum/contract';
import { api } from '@lyceum/contract/routes';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Tooltip } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useConfirm } from '../../crud/confirm';
import { type ImportApi, ImportDialog } from '../../crud/import-dialog';
import { XLSX_TYPE } from '../../crud/resource-api';
import { useLang } from '../../shell/i18n';
import { usePermission } from '../../shell/permission';
import { call } from '../../shell/request';
import { downloadFrom, uploadTo } from '../../shell/transfer';
import { type BuiltPaperType, paperPaths } from './paper-api';
import { usePaperTransferTexts } from './paper-transfer-i18n';

// Whole papers in and out of Excel, and copies: the list's Import button, the row and builder actions.

const paperImportApi = (paperType: PaperType): ImportApi<PaperImportReport> => ({
  template: (lang) => downloadFrom(api.examPaper.template, { query: { lang, paperType: String(paperType) } }),
  importFile: (file, dryRun, lang, onProgress) =>
    uploadTo(
      api.examPaper.importPaper,
      { query: { dryRun: dryRun ? 'true' : 'false', lang, paperType: String(paperType) as `${BuiltPaperType}` } },
      file,
      { contentType: XLSX_TYPE, onProgress },
    ),
});

export const downloadPaperSheet = (id: number, lang: Lang) =>
  downloadFrom(api.examPaper.exportSheet, { params: { id }, query: { lang } }, { loading: true });

const builderOf = (paper: { id: number; paperType: PaperType }) =>
  `${paperPaths[paper.paperType as BuiltPaperType].builder}?id=${paper.id}`;

// "Import paper" on a paper list: template, file, every problem of every row, then the new paper
// opens in the builder.
export function PaperImportButton({ paperType }: { paperType: PaperType }) {
  const { t } = usePaperTransferTexts();
  const navigate = useNavigate();
  const client = useQueryClient();
  const { message } = App.useApp();
  const canCreate = usePermission(['examPaper:create']);
  const [open, setOpen] = useState(false);
  if (!canCreate) return null;
  return (
    <>
      <Button icon={<UploadOutlined />} onClick={() => setOpen(true)}>
        {t('paperTransfer.import')}
      </Button>
      <ImportDialog<PaperImportReport>
        open={open}
        meta={{ title: paperTypeLabels[paperType] }}
        api={paperImportApi(paperType)}
        onClose={() => setOpen(false)}
        onImported={() => client.invalidateQueries({ queryKey: ['examPaper'] })}
        texts={{
          title: t('paperTransfer.importTitle'),
          hint: t('paperTransfer.importHint'),
          confirm: (r) => t('paperTransfer.importConfirm', { count: r.questions }),
          allValid: (r) =>
            t('paperTransfer.importValid', {
              sections: t('paperTransfer.sections', { count: r.sections }),
              questions: t('paperTransfer.questions', { count: r.questions }),
              newQuestions: r.newQuestions,
            }),
        }}
        onDone={(r) => {
          setOpen(false);
          message.success(t('paperTransfer.importedShort'));
          void client.invalidateQueries({ queryKey: ['examPaper'] });
          if (r.paperId !== null && r.paperType !== null)
            navigate(builderOf({ id: r.paperId, paperType: r.paperType }));
        }}
      />
    </>
  );
}

// Copies a paper the caller reads (any status) and opens the copy, which is theirs, in the builder.
export function useCopyPaper() {
  const { t } = usePaperTransferTexts();
  const lang = useLang();
  const navigate = useNavigate();
  const client = useQueryClient();
  const { message } = App.useApp();
  return async (id: number) => {
    const copy: ExamPaper = await call(api.examPaper.copy, { params: { id }, query: { lang } }, { loading: true });
    message.success(t('paperTransfer.copied', { name: copy.name }));
    await client.invalidateQueries({ queryKey: ['examPaper'] });
    navigate(builderOf(copy));
  };
}

// The builder's Copy: the paper as last saved (unsaved changes stay in the builder, and it says so).
export function CopyPaperButton({ id, dirty }: { id: number | null; dirty: boolean }) {
  const { t } = usePaperTransferTexts();
  const copy = useCopyPaper();
  const confirm = useConfirm();
  const canCreate = usePermission(['examPaper:create']);
  if (id === null || !canCreate) return null;
  const run = () =>
    dirty
      ? confirm({
          title: t('paperTransfer.copyUnsaved'),
          content: t('paperTransfer.copyUnsavedHint'),
          okText: t('paperTransfer.copy'),
          onOk: () => copy(id),
        })
      : copy(id).catch(() => undefined);
  return (
    <Button size="small" icon={<CopyOutlined />} onClick={run}>
      {t('paperTransfer.copy')}
    </Button>
  );
}

// The list's row actions: copy, and the paper as a filled-in template.
export function PaperRowTransfer({ paper }: { paper: ExamPaper }) {
  const { t } = usePaperTransferTexts();
  const lang = useLang();
  const copy = useCopyPaper();
  const canCreate = usePermission(['examPaper:create']);
  const canExport = usePermission(['examPaper:export']);
  return (
    <>
      {canCreate && (
        <Tooltip title={t('paperTransfer.copy')}>
          <Button
            type="link"
            icon={<CopyOutlined />}
            aria-label={t('paperTransfer.copyOf', { name: paper.name })}
            onClick={() => copy(paper.id).catch(() => undefined)}
          />
        </Tooltip>
      )}
      {canExport && (
        <Tooltip title={t('paperTransfer.sheet')}>
          <Button
            type="link"
            icon={<FileExcelOutlined />}
            aria-label={t('paperTransfer.sheetOf', { name: paper.name })}
            onClick={() => downloadPaperSheet(paper.id, lang).catch(() => undefined)}
          />
        </Tooltip>
      )}
    </>
  );
}
