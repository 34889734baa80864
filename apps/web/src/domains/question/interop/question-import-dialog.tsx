import { type QuestionImportReport, questionMeta } from '@lyceum/contract';
import { api } from '@lyceum/contract/routes';
import { InputNumber, Space } from 'antd';
import { useMemo, useState } from 'react';
import { type ImportApi, ImportDialog } from '../../../crud/import-dialog';
import { uploadTo } from '../../../shell/transfer';
import { questionApi } from '../question-api';
import { ImportTable } from './import-table';
import { useInteropTexts } from './interop-texts';

const ACCEPT = '.xml,.txt,.gift,.zip,.xlsx,application/xml,text/xml,text/plain,application/zip';

interface Props {
  open: boolean;
  onClose: () => void;
  // After questions were written (the list reloads).
  onImported: () => void;
}

// The import dialog of every import, taking any question file (Moodle XML, GIFT, Aiken, QTI, Excel):
// its dry run is the table of what each question becomes, under which knowledge point, what is
// refused and why, what kind is not supported; "import what passes" leaves the refused out.
export function QuestionImportDialog({ open, onClose, onImported }: Props) {
  const { t } = useInteropTexts();
  const [score, setScore] = useState(1);

  const importApi = useMemo<ImportApi<QuestionImportReport>>(
    () => ({
      template: (l) => questionApi.template(l),
      importFile: (file, dryRun, l, onProgress, options) =>
        uploadTo(
          api.question.importFile,
          {
            query: {
              dryRun: dryRun ? 'true' : 'false',
              skipRefused: options?.skipRefused ? 'true' : 'false',
              lang: l,
              score,
            },
          },
          file,
          // Whatever the file, its bytes as they are: the server tells the format.
          { contentType: 'application/octet-stream', onProgress },
        ),
    }),
    [score],
  );
  const refused = (r: QuestionImportReport) => r.items.filter((i) => i.status === 'refused').length;

  return (
    <ImportDialog<QuestionImportReport>
      open={open}
      meta={questionMeta}
      api={importApi}
      onClose={onClose}
      onImported={onImported}
      accept={ACCEPT}
      preview={(report) => <ImportTable report={report} />}
      extra={
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
        </Space>
      }
      texts={{
        title: t('questionInterop.title'),
        hint: t('questionInterop.hint'),
        drop: t('questionInterop.drop'),
        dropHint: t('questionInterop.formats'),
        confirm: (r) => t('questionInterop.importAll', { count: r.valid }),
        partial: (r) => t('questionInterop.importSome', { count: r.valid, left: refused(r) }),
        done: (r) => t('questionInterop.done', { count: r.created }),
        doneNote: (r) => (r.skipped > 0 ? t('questionInterop.doneSkipped', { count: r.skipped }) : undefined),
      }}
    />
  );
}
