import { Spin } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';

// What every search-as-you-type picker shares (people, classes' teachers and students, large
// references): the text typed, settled after a short pause, searched only while the list is open and
// cleared when it closes, and the Select props that wire it. Each picker keeps its own query.

const SEARCH_DELAY_MS = 300;

function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

export function useTypedSearch() {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const keyword = useSettled(typed.trim(), SEARCH_DELAY_MS);
  const selectProps = {
    showSearch: { filterOption: false, onSearch: setTyped, searchValue: typed },
    onOpenChange: (next: boolean) => {
      setOpen(next);
      if (!next) setTyped('');
    },
  };
  return { open, keyword, selectProps };
}

// A spinner in the list while a search runs, else what the picker says when nothing matches.
export const searchingProps = (fetching: boolean, notFound?: ReactNode) => ({
  loading: fetching,
  notFoundContent: fetching ? <Spin size="small" /> : notFound,
});
