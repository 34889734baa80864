import type { MarkedPaper, MarkItem, MarkQueue } from '@lyceum/contract';
import type { QueryClient } from '@tanstack/react-query';
import { MARK_KEY } from './marking-api';

// A saved mark replaces its answer in the screen's own cache at once (the marker's place in the list
// stays put), and every other marking figure (progress, papers, history) is read again.
export function refreshAfterMark(client: QueryClient, keep: readonly unknown[]): void {
  void client.invalidateQueries({
    queryKey: [MARK_KEY],
    predicate: (q) => JSON.stringify(q.queryKey) !== JSON.stringify(keep),
  });
}

export function withItem(queue: MarkQueue, item: MarkItem): MarkQueue {
  return { ...queue, items: queue.items.map((i) => (i.attemptId === item.attemptId ? item : i)) };
}

export function withMark(paper: MarkedPaper, item: MarkItem, attemptScore: number): MarkedPaper {
  return {
    ...paper,
    score: attemptScore,
    sections: paper.sections.map((s) => {
      const items = s.items.map((x) => (x.question.questionId === item.questionId ? { ...x, mark: item } : x));
      return { ...s, items, got: items.reduce((sum, x) => sum + (x.mark.score ?? 0), 0) };
    }),
  };
}
