import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useTabLocation } from '../../shell/layout/tabs-store';

// The screen's state that survives a reload lives in its address: the tab, the semester, whose
// week is shown (?tab=timetable&semester=3&view=team&id=7&week=2026-03-02).

export const TABS = ['timetable', 'assignments', 'lessons', 'term', 'settings'] as const;
export type TabKey = (typeof TABS)[number];
export const SUBJECT_VIEWS = ['team', 'teacher', 'venue'] as const;
export type SubjectView = (typeof SUBJECT_VIEWS)[number];

export interface ScreenQuery {
  tab?: string;
  semester?: string;
  view?: string;
  id?: string;
  week?: string;
}

const isOneOf = <T extends string>(list: readonly T[], v: string | undefined): v is T =>
  v !== undefined && (list as readonly string[]).includes(v);

export function tabOf(q: ScreenQuery): TabKey {
  return isOneOf(TABS, q.tab) ? q.tab : 'timetable';
}

export function viewOf(q: ScreenQuery): SubjectView | null {
  return isOneOf(SUBJECT_VIEWS, q.view) ? q.view : null;
}

export function numberOf(v: string | undefined): number | null {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : null;
}

export function dayOf(v: string | undefined): string | null {
  return v && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : null;
}

// The query of this view's tab, and a setter that merges changes in (undefined removes a key)
// without adding a history entry per click.
export function useScreenQuery(): [
  ScreenQuery,
  (change: Partial<Record<keyof ScreenQuery, string | number | null>>) => void,
] {
  const tab = useTabLocation();
  const navigate = useNavigate();
  const query: ScreenQuery = tab?.query ?? Object.fromEntries(new URLSearchParams(window.location.search));
  const path = tab?.path ?? window.location.pathname;
  const set = useCallback(
    (change: Partial<Record<keyof ScreenQuery, string | number | null>>) => {
      const next = new URLSearchParams(tab?.query ?? window.location.search);
      for (const [k, v] of Object.entries(change)) {
        if (v === null || v === undefined || v === '') next.delete(k);
        else next.set(k, String(v));
      }
      const search = next.toString();
      navigate(search ? `${path}?${search}` : path, { replace: true });
    },
    [navigate, path, tab?.query],
  );
  return [query, set];
}
