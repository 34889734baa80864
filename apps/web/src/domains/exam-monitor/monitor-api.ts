import type {
  EndpointInput,
  EndpointRef,
  MonitorEvents,
  MonitorExam,
  MonitorPage,
  Timeline,
  zMonitorRequest,
} from '@lyceum/contract';
import { api } from '@lyceum/contract/routes';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import type { z } from 'zod';
import { cleanFilter, type Paged } from '../../crud/resource-api';
import { usePush } from '../../shell/push';
import { gather } from '../../shell/push-wire';
import { type Cancel, call } from '../../shell/request';

export const MONITOR_PATH = '/exam/monitor';
export const monitorPath = (examId: number) => `${MONITOR_PATH}?examId=${examId}`;

// The query keys of the monitor (board, timelines, the exam in the header) and of the exams' list;
// every action invalidates both.
export const MONITOR_KEY = 'examLog';
export const EXAMS_KEY = 'examLogExams';
// The board and an open timeline are read again this often while shown and their stream is not
// live (TanStack Query also pauses them while the browser tab is hidden).
export const POLL_MS = 3000;
// While the stream is live, candidates' changes arrive as they happen; what a save moves (answered,
// last seen: saves are not announced) and snapshot counts are read again this often.
export const PROGRESS_MS = 15_000;

export type MonitorFilter = Omit<z.input<typeof zMonitorRequest>, 'examId' | 'pageIndex' | 'pageSize'>;
export type ExamListFilter = { id?: number; keyword?: string; live: boolean };

// A reply with the moment it arrived on this page's monotonic clock (performance.now()): the local
// countdown moves the server's figures by the time elapsed since then, and never reads the device's date.
export interface Stamped<T> {
  data: T;
  receivedAt: number;
}

async function stamped<T>(request: Promise<T>): Promise<Stamped<T>> {
  const data = await request;
  return { data, receivedAt: performance.now() };
}

export const monitorExams = (req: Paged<ExamListFilter>, { signal }: Cancel = {}) =>
  call(api.examLog.exams, { body: cleanFilter(req) as typeof req }, { signal, retry: 2 });

// Polls after the first reply are silent: a dropped connection shows on the board's header (and the
// polling goes on until it is back) rather than as a toast every few seconds.
export interface PollOptions extends Cancel {
  silent?: boolean;
}

export const monitorPage = (
  examId: number,
  req: Paged<MonitorFilter>,
  { signal, silent }: PollOptions = {},
): Promise<Stamped<MonitorPage>> =>
  stamped(
    call(
      api.examLog.page,
      { body: { ...cleanFilter(req), examId } as typeof req & { examId: number } },
      { signal, silent, retry: 1 },
    ),
  );

export const monitorTimeline = (
  examId: number,
  userId: number,
  { signal, silent }: PollOptions = {},
): Promise<Stamped<Timeline>> =>
  stamped(call(api.examLog.timeline, { body: { examId, userId } }, { signal, silent, retry: 1 }));

// The actions: each answers how many candidates it changed.
type Body<E extends EndpointRef> = EndpointInput<E> extends { body: infer B } ? B : never;
export const monitorActions = {
  addTime: (body: Body<typeof api.examLog.addTime>) => call(api.examLog.addTime, { body }, { loading: true }),
  collect: (body: Body<typeof api.examLog.collect>) => call(api.examLog.collect, { body }, { loading: true }),
  reopen: (body: Body<typeof api.examLog.reopen>) => call(api.examLog.reopen, { body }, { loading: true }),
  markAbnormal: (body: Body<typeof api.examLog.markAbnormal>) =>
    call(api.examLog.markAbnormal, { body }, { loading: true }),
  notice: (body: Body<typeof api.examLog.notice>) => call(api.examLog.notice, { body }, { loading: true }),
  review: (body: Body<typeof api.examLog.review>) => call(api.examLog.review, { body }, { loading: true }),
};

// The exam a monitor opened by address (?examId=) shows in its header: asked for by its id (the
// picker puts the row it opened in the cache first, so this runs only after a reload or a link).
export function useMonitorExam(examId: number) {
  return useQuery({
    queryKey: [MONITOR_KEY, 'exam', examId],
    queryFn: async ({ signal }): Promise<MonitorExam | null> => {
      const page = await monitorExams({ id: examId, live: false, pageIndex: 1, pageSize: 1 }, { signal });
      return page.list[0] ?? null;
    },
    staleTime: 60_000,
  });
}

// The board's live updates (GET /api/examLog/stream): a burst of candidates' changes becomes one read
// of the page and of the timelines open on them; everything is read again when the stream opens
// again (what changed meanwhile went unheard) or the server may have missed something.
export function useBoardPush(examId: number, shown: boolean) {
  const client = useQueryClient();
  const batch = useMemo(
    () =>
      gather<number[] | null>((changed) => {
        void client.invalidateQueries({ queryKey: [MONITOR_KEY, 'page', examId] });
        const all = changed.includes(null);
        const users = new Set(changed.flatMap((ids) => ids ?? []));
        void client.invalidateQueries({
          predicate: ({ queryKey: [key, kind, exam, userId] }) =>
            key === MONITOR_KEY && kind === 'timeline' && exam === examId && (all || users.has(userId as number)),
        });
      }),
    [client, examId],
  );
  useEffect(() => () => batch.cancel(), [batch]);
  // The first opening comes with the board's own first read.
  const opened = useRef(false);
  return usePush<MonitorEvents>(
    api.examLog.stream,
    { query: { examId } },
    {
      ready: () => {
        if (opened.current) batch.add(null);
        opened.current = true;
      },
      // Every board hears it at once: spread their reads over a few seconds.
      resync: () => setTimeout(() => batch.add(null), Math.random() * 3_000),
      candidate: (d) => batch.add(d.userIds),
    },
    shown,
  );
}
