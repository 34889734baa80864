import Cookies from 'js-cookie';
import { useCallback, useSyncExternalStore } from 'react';

// Small UI preferences kept in cookies, as the spec asks: sidebar open (1/0, default 1) and UI size.
export type UiSize = 'small' | 'middle' | 'large';
const SIDEBAR_COOKIE = 'sidebarStatus';
const SIZE_COOKIE = 'size';
const listeners = new Set<() => void>();

function subscribe(cb: () => void): () => void {
  listeners.add(cb);
  return () => listeners.delete(cb);
}
function emit(): void {
  for (const l of listeners) l();
}

function readSize(): UiSize {
  const v = Cookies.get(SIZE_COOKIE);
  return v === 'small' || v === 'large' ? v : 'middle';
}

export function useUiSize(): [UiSize, (size: UiSize) => void] {
  const size = useSyncExternalStore(subscribe, readSize);
  const set = useCallback((next: UiSize) => {
    Cookies.set(SIZE_COOKIE, next, { expires: 365, path: '/' });
    emit();
  }, []);
  return [size, set];
}

function readSidebarOpen(): boolean {
  return Cookies.get(SIDEBAR_COOKIE) !== '0';
}

export function useSidebarOpen(): [boolean, (open: boolean) => void] {
  const open = useSyncExternalStore(subscribe, readSidebarOpen);
  const set = useCallback((next: boolean) => {
    Cookies.set(SIDEBAR_COOKIE, next ? '1' : '0', { expires: 365, path: '/' });
    emit();
  }, []);
  return [open, set];
}
