import { useLocation } from 'react-router';
import { useTabLocation } from '../../shell/layout/tabs-store';

// Whether this view's tab is the one shown: the shell keeps recent tabs mounted but hidden, and a
// hidden player must not go on playing (nor counting).
export function useTabActive(): boolean {
  const tab = useTabLocation();
  const { pathname } = useLocation();
  return tab === null || tab.path === pathname;
}

// A number the tab's address names (?courseId=), or null.
export function useTabNumber(name: string): number | null {
  const tab = useTabLocation();
  const raw = tab ? tab.query[name] : new URLSearchParams(window.location.search).get(name);
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 ? n : null;
}
