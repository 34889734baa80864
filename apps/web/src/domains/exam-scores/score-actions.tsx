import { BarChartOutlined, CheckCircleOutlined, DownloadOutlined, UnlockOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useConfirm } from '../../crud/confirm';
import { ExportProgress } from '../../crud/export-progress';
import { toastError } from '../../shell/feedback';
import { usePermission } from '../../shell/permission';
import { ApiError } from '../../shell/request';
import { errorSentence } from '../../shell/server-error';
import { reportPath, SCORES_KEY, type ScoresRequest, scoreActions } from './scores-api';
import { useScoresTexts } from './scores-texts';

interface Props {
  examId: number;
  examName: string;
  confirmed: boolean;
  // The table's filter and order: the export writes exactly those rows.
  request: ScoresRequest;
}

// Export (through the export list), confirm (with "confirm anyway" when answers still wait), reopen,
// and the way to the analysis report.
export function ScoreActions({ examId, examName, confirmed, request }: Props) {
  const { t } = useScoresTexts();
  const { message, modal } = App.useApp();
  const confirm = useConfirm();
  const navigate = useNavigate();
  const client = useQueryClient();
  const canExport = usePermission(['examScore:export']);
  const canConfirm = usePermission(['examScore:confirm']);
  const [exportId, setExportId] = useState<number | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: [SCORES_KEY] });

  async function startExport() {
    setExportId((await scoreActions.export(request)).exportId);
  }

  async function confirmScores(force: boolean): Promise<void> {
    try {
      const done = await scoreActions.confirm(examId, force);
      message.success(t('scores.confirmedToast', { count: done.attempts }));
      await refresh();
    } catch (err) {
      if (!(err instanceof ApiError) || err.detail?.key !== 'pendingMarks') {
        // The first try is silent (see scoreActions.confirm): any other refusal is shown here.
        if (err instanceof ApiError && !force) toastError(errorSentence(err.detail, err.message));
        throw err;
      }
      const params: Record<string, string | number> = err.detail.params ?? {};
      const count = Number(params.count ?? 0);
      modal.confirm({
        title: t('scores.pendingTitle'),
        content: t('scores.pendingHint', { count }),
        okText: t('scores.confirmAnyway'),
        okButtonProps: { danger: true },
        onOk: () => confirmScores(true).catch(() => undefined),
      });
    }
  }

  return (
    <>
      {canExport && (
        <Button icon={<DownloadOutlined />} onClick={() => void startExport().catch(() => undefined)}>
          {t('scores.export')}
        </Button>
      )}
      {canConfirm &&
        (confirmed ? (
          <Button
            icon={<UnlockOutlined />}
            onClick={() =>
              confirm({
                title: t('scores.reopenTitle', { name: examName }),
                content: t('scores.reopenHint'),
                okText: t('scores.reopen'),
                danger: true,
                onOk: async () => {
                  await scoreActions.unconfirm(examId);
                  message.success(t('scores.reopenedToast'));
                  await refresh();
                },
              })
            }
          >
            {t('scores.reopen')}
          </Button>
        ) : (
          <Button
            type="primary"
            icon={<CheckCircleOutlined />}
            onClick={() =>
              confirm({
                title: t('scores.confirmTitle', { name: examName }),
                content: t('scores.confirmHint'),
                okText: t('scores.confirm'),
                onOk: () => confirmScores(false),
              })
            }
          >
            {t('scores.confirm')}
          </Button>
        ))}
      <Button icon={<BarChartOutlined />} onClick={() => navigate(reportPath(examId, request.teamId))}>
        {t('scores.report')}
      </Button>
      {exportId !== null && (
        <ExportProgress
          exportId={exportId}
          title={{ en: 'Exam scores', zh: '考试成绩' }}
          onClose={() => setExportId(null)}
        />
      )}
    </>
  );
}
