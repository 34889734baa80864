import type { Endpoint, EndpointInput, EndpointOutput, EndpointRef } from '@lyceum/contract';
import { App } from 'antd';
import type { ReactNode } from 'react';
import { useCallback } from 'react';
import { call } from '../shell/request';
import { useConfirm } from './confirm';

// How a screen asks for one of an entity's declared actions (api.task.publish, api.message.remind…).
export interface ActionRequest<E extends Endpoint> {
  // The confirmation: what happens and to whom.
  title: ReactNode;
  content?: ReactNode;
  okText: string;
  danger?: boolean;
  input: EndpointInput<E>;
  // The success message, from the action's answer (the row as it now is).
  done: (answer: EndpointOutput<E>) => string;
}

// Confirm, run the action (with the loading bar), say it is done, then `onDone` (refetch, close): the
// one way the screens run an entity's actions. A refusal is shown by the request client and closes
// the dialog; nothing else runs.
export function useAction(onDone: () => void) {
  const confirm = useConfirm();
  const { message } = App.useApp();
  return useCallback(
    <E extends Endpoint>(action: EndpointRef<E>, request: ActionRequest<E>) =>
      confirm({
        title: request.title,
        content: request.content,
        okText: request.okText,
        danger: request.danger,
        onOk: async () => {
          const answer = await call(action, request.input, { loading: true });
          message.success(request.done(answer));
          onDone();
        },
      }),
    [confirm, message, onDone],
  );
}
