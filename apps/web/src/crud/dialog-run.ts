import { App, type FormInstance } from 'antd';
import { useState } from 'react';
import { ApiError } from '../shell/request';
import { showServerFieldError } from './server-field-error';

// Runs the action of a dialog with a form (cancel an exam, extend, return work): a refusal (toasted by
// the request client) leaves the dialog open, and one naming a field of its form goes under that
// field too; success says so and closes it through onDone.
export function useDialogRun(onDone: () => void) {
  const { message } = App.useApp();
  const [running, setRunning] = useState(false);
  return {
    running,
    run: async <T>(action: () => Promise<T>, success: string | ((result: T) => string), form?: FormInstance) => {
      setRunning(true);
      try {
        const result = await action();
        message.success(typeof success === 'function' ? success(result) : success);
        onDone();
      } catch (err) {
        if (!(err instanceof ApiError)) message.error(err instanceof Error ? err.message : String(err));
        else if (form) showServerFieldError(form, err);
      } finally {
        setRunning(false);
      }
    },
  };
}
