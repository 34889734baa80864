import { App } from 'antd';
import type { ReactNode } from 'react';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../shell/request';

export interface ConfirmOptions {
  title: ReactNode;
  content?: ReactNode;
  // A destructive action: a red OK button labelled "Delete" unless `okText` says otherwise.
  danger?: boolean;
  okText?: string;
  // The action; the dialog shows a spinner on OK while it runs.
  onOk: () => Promise<unknown> | unknown;
}

// Runs a confirmed action so that a refusal never strands the dialog nor leaks an uncaught rejection:
// the request client has already shown a server refusal as a toast, so an ApiError closes the dialog
// quietly; anything else is shown as an error message and closes it too.
export async function settleAction(run: () => Promise<unknown> | unknown, onUnexpected: (err: unknown) => void) {
  try {
    await run();
  } catch (err) {
    if (!(err instanceof ApiError)) onUnexpected(err);
  }
}

// The one confirmation dialog of the app (deletes, disables, copies, logout).
export function useConfirm(): (options: ConfirmOptions) => void {
  const { modal, message } = App.useApp();
  const { t } = useTranslation();
  return useCallback(
    ({ title, content, danger = false, okText, onOk }: ConfirmOptions) => {
      modal.confirm({
        title,
        // A danger dialog says it cannot be undone unless told otherwise (`content: null` for none).
        content: content === undefined && danger ? t('common.irreversible') : content,
        okText: okText ?? (danger ? t('common.delete') : t('common.ok')),
        okButtonProps: { danger },
        cancelText: t('common.cancel'),
        onOk: () =>
          settleAction(onOk, (err) => {
            console.error(err);
            message.error(err instanceof Error ? err.message : String(err));
          }),
      });
    },
    [modal, message, t],
  );
}
