import type { MessageInstance } from 'antd/es/message/interface';
import { useSyncExternalStore } from 'react';

// The request client lives outside React; the app root hands it antd's context-aware message API
// and the client drives a global loading overlay through this tiny store.
let messageApi: MessageInstance | null = null;
let loadingCount = 0;
const listeners = new Set<() => void>();

export function registerMessageApi(api: MessageInstance): void {
  messageApi = api;
}

export function toastError(text: string): void {
  if (messageApi) messageApi.error(text);
  else console.error(text);
}

export function toastSuccess(text: string): void {
  messageApi?.success(text);
}

function emit(): void {
  for (const l of listeners) l();
}

export function beginLoading(): void {
  loadingCount += 1;
  emit();
}

export function endLoading(): void {
  loadingCount = Math.max(0, loadingCount - 1);
  emit();
}

export function useGlobalLoading(): boolean {
  return useSyncExternalStore(
    (cb) => {
      listeners.add(cb);
      return () => listeners.delete(cb);
    },
    () => loadingCount > 0,
  );
}
