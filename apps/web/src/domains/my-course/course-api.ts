import {
  type EndpointOutput,
  type Heartbeat,
  type HeartbeatResult,
  type LearnCourse,
  type MY_COURSE_VIEWS,
  type OnlineProvider,
  ResultCode,
} from '@lyceum/contract';
import { api } from '@lyceum/contract/routes';
import { currentLanguage } from '../../shell/i18n';
import { ApiError, baseHeaders, type Cancel, call, settle } from '../../shell/request';
import { newRequestKey } from '../../ui/payment-words';

export const MY_COURSES_PATH = '/study/course';
export const PLAYER_PATH = '/study/courseLearn';
export const coursePlayerPath = (courseId: number, lessonId?: number | null) =>
  lessonId ? `${PLAYER_PATH}?courseId=${courseId}&lessonId=${lessonId}` : `${PLAYER_PATH}?courseId=${courseId}`;

export const MY_COURSE_KEY = 'myCourse';
export type CourseListView = (typeof MY_COURSE_VIEWS)[number];
// The order of the tabs (the contract's views, which the server understands).
export const COURSE_VIEWS: readonly CourseListView[] = ['required', 'elective', 'completed', 'all'];

export type CatalogPage = EndpointOutput<typeof api.course.catalog>;
export type CatalogCourse = CatalogPage['list'][number];
export type LearnLesson = LearnCourse['chapters'][number]['lessons'][number];
export type LearnChapter = LearnCourse['chapters'][number];

export const fetchMyCourses = (view: CourseListView, { signal }: Cancel) =>
  call(api.course.my, { body: { view } }, { signal, retry: 2 });

export const fetchCatalog = (keyword: string, pageIndex: number, { signal }: Cancel) =>
  call(api.course.catalog, { body: { keyword: keyword || undefined, pageIndex, pageSize: 12 } }, { signal, retry: 2 });

export const enrol = (courseId: number) => call(api.course.enrol, { params: { id: courseId } }, { loading: true });

// Buying a priced course (issue 33): one order of one course; points are taken at once, money is
// then paid at the provider chosen (the same request key answers the same order on a retry).
export const buyCourse = (courseId: number, requestKey: string) =>
  call(api.courseOrder.create, { body: { courseIds: [courseId], requestKey } }, { loading: true });
export const payCourseOrder = (orderId: number, provider: OnlineProvider) =>
  call(
    api.courseOrder.pay,
    { params: { id: orderId }, body: { provider, requestKey: newRequestKey() } },
    { loading: true },
  );

// The server words what a lesson still needs ("watch 35 % more") in the language asked for; these
// endpoints declare no query, so the language rides on the path.
function inLang<R extends { path: string }>(ref: R): R {
  return { ...ref, path: `${ref.path}?lang=${currentLanguage() === 'zh-CN' ? 'zh' : 'en'}` };
}

// The page says itself why a course cannot be opened, so the refusal is not toasted too.
export const fetchLearn = (courseId: number, { signal }: Cancel) =>
  call(inLang(api.course.learn), { params: { id: courseId } }, { signal, retry: 2, silent: true });

export const openLesson = (lessonId: number) =>
  call(inLang(api.course.openLesson), { body: { lessonId } }, { silent: true });

export const markDone = (lessonId: number, done: boolean) =>
  call(inLang(api.course.markDone), { body: { lessonId, done } }, { loading: true });

// A heartbeat never toasts: the player shows what a refusal means. When the page is going away the
// request is sent with keepalive so it outlives the page; it carries the session's token header and
// cookie as every other call does.
export async function sendHeartbeat(body: Heartbeat, keepalive: boolean): Promise<HeartbeatResult> {
  const ep = inLang(api.course.heartbeat);
  if (!keepalive) return call(ep, { body }, { silent: true });
  const res = await fetch(ep.path, {
    method: 'POST',
    keepalive: true,
    credentials: 'include',
    headers: { ...baseHeaders(), 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const env = settle<HeartbeatResult>(await res.json(), { silent: true });
  if (env.code !== ResultCode.Success) throw new ApiError(env.code, env.message, env.error);
  return env.response;
}

// The refusal that means another page opened the lesson since (its nonce is spent).
export const isStaleNonce = (error: unknown) => error instanceof ApiError && error.detail?.key === 'heartbeatNonce';
