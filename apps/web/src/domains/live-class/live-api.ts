import {
  type Course,
  type Lang,
  LessonType,
  type LiveClassFilter,
  type LiveClassInput,
  type LiveClassRow,
  type LiveProviderInput,
  type LiveProviderRow,
  type zLiveOverride,
  type zRecordingChange,
} from '@lyceum/contract';
import { api } from '@lyceum/contract/routes';
import type { z } from 'zod';
import { cleanFilter, resourceApi, type SaveOf } from '../../crud/resource-api';
import { type Cancel, call } from '../../shell/request';
import { downloadFrom, uploadTo } from '../../shell/transfer';

// Every query of the live-class screens sits under the resource's name, so an action, a save or an
// override refreshes the list, the calendar and an open report together.
export const LIVE_KEY = 'liveClass';
export const PROVIDER_KEY = 'liveProvider';

export type LiveSave = SaveOf<LiveClassInput>;
export type ProviderSave = SaveOf<LiveProviderInput>;
export type LiveFilter = Omit<LiveClassFilter, 'keyword'> & { keyword?: string };

export const liveApi = resourceApi<LiveClassRow, LiveSave, LiveSave & { id: number }, LiveFilter>(LIVE_KEY);
export const providerApi = resourceApi<LiveProviderRow, ProviderSave, ProviderSave & { id: number }, object>(
  PROVIDER_KEY,
);

export interface LiveLessonOption {
  value: number;
  label: string;
}

export const liveCalls = {
  // A calendar's span of days (at most 1000 classes, more than a month holds).
  list: (filter: LiveFilter, { signal }: Cancel = {}) =>
    call(api.liveClass.list, { body: cleanFilter(filter) as LiveFilter }, { signal, retry: 2 }),
  publish: (id: number) => call(api.liveClass.publish, { params: { id }, body: {} }, { loading: true }),
  cancel: (id: number, reason: string) =>
    call(api.liveClass.cancel, { params: { id }, body: { reason: reason.trim() || null } }, { loading: true }),
  end: (id: number) => call(api.liveClass.end, { params: { id }, body: {} }, { loading: true }),
  report: (id: number, { signal }: Cancel = {}) =>
    call(api.liveClass.report, { params: { id } }, { signal, retry: 2, silent: true }),
  override: (id: number, body: z.input<typeof zLiveOverride>) =>
    call(api.liveClass.override, { params: { id }, body }, { loading: true }),
  // Asks the provider now; recordings also arrive by its callback.
  fetchRecordings: (id: number) => call(api.liveClass.recordings, { params: { id } }, { loading: true }),
  changeRecording: (id: number, body: z.input<typeof zRecordingChange>) =>
    call(api.liveClass.changeRecording, { params: { id }, body }, { loading: true }),
  deleteRecording: (id: number) => call(api.liveClass.deleteRecording, { params: { id } }, { loading: true }),
  exportReport: (id: number, lang: Lang) =>
    downloadFrom(api.liveClass.reportExport, { params: { id }, query: { lang } }, { loading: true }),
  importAttendance: (id: number, file: Blob, dryRun: boolean, lang: Lang) =>
    uploadTo(
      api.liveClass.importAttendance,
      { params: { id }, query: { dryRun: dryRun ? 'true' : 'false', lang } },
      file,
      { contentType: 'text/csv' },
    ),
  // The organisation's attendance statuses (a teacher's correction picks one).
  statuses: ({ signal }: Cancel = {}) => call(api.attendanceStatus.list, { body: {} }, { signal, retry: 2 }),
  // The BigBlueButton accounts; only the servers' managers may read them, everyone else gets the
  // organisation's default (so a refusal is quiet and means "no list").
  providers: async ({ signal }: Cancel = {}): Promise<LiveProviderRow[]> => {
    try {
      return await call(api.liveProvider.list, { body: {} }, { signal, silent: true });
    } catch {
      return [];
    }
  },
  testProvider: (id: number) => call(api.liveProvider.test, { params: { id } }, { loading: true }),
  // The live lessons of a course, in outline order (the draft's, which is what the editor links to).
  liveLessons: async (courseId: number, { signal }: Cancel = {}): Promise<LiveLessonOption[]> => {
    const course: Course = await call(api.course.select, { params: { id: courseId } }, { signal, silent: true });
    return (course.chapters ?? []).flatMap((chapter) =>
      chapter.lessons
        .filter((l) => l.lessonType === LessonType.Live)
        .map((l) => ({ value: l.id, label: `${chapter.title} › ${l.title}` })),
    );
  },
};
