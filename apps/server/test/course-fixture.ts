import { randomBytes } from 'node:crypto';
import type { Course } from '@lyceum/contract';
import { ok, type TestApp } from './harness';

// Courses through the editor's routes, for the course tests: chapters and lessons as the editor
// sends them (with keys), a course created, read, changed and published, uploads, a tiny MP4.

const keyOf = () => `k-${randomBytes(6).toString('hex')}`;

export function chapter(title: string, lessons: object[], extra: { requires?: string[] } = {}) {
  return { key: keyOf(), title, requires: extra.requires ?? [], lessons };
}

export const lesson = {
  video: (title: string, fileUrl: string, threshold = 100, extra: object = {}) => ({
    key: keyOf(),
    title,
    lessonType: 1,
    fileUrl,
    completionRule: 2,
    threshold,
    ...extra,
  }),
  article: (title: string, extra: object = {}) => ({
    key: keyOf(),
    title,
    lessonType: 3,
    body: `<p>${title}</p>`,
    completionRule: 1,
    ...extra,
  }),
  quiz: (title: string, paperId: number, threshold = 1, extra: object = {}) => ({
    key: keyOf(),
    title,
    lessonType: 4,
    paperId,
    completionRule: 3,
    threshold,
    ...extra,
  }),
};

let codes = 0;
export async function createCourse(t: TestApp, token: string, body: object): Promise<Course> {
  const input = { code: `C-${++codes}-${randomBytes(3).toString('hex')}`, title: 'Course', ...body };
  return ok(await t.call<Course>('POST', '/api/course/create', { token, body: input }));
}

export async function readCourse(t: TestApp, token: string, id: number): Promise<Course> {
  return ok(await t.call<Course>('POST', `/api/course/select/${id}`, { token }));
}

export type CourseEdit = Record<string, unknown> & { title?: string; teacherIds?: number[]; chapters?: unknown };

// The course as the editor would send it back, changed by `change`.
export function updateCourse(t: TestApp, token: string, course: Course, change: (input: CourseEdit) => void) {
  const input: CourseEdit = {
    id: course.id,
    code: course.code,
    title: course.title,
    coverUrl: course.coverUrl,
    categoryId: course.categoryId,
    description: course.description,
    required: course.required,
    creditHours: course.creditHours,
    selfEnrol: course.selfEnrol,
    sequential: course.sequential,
    teacherIds: course.teacherIds,
    priceKind: course.priceKind,
    price: course.price,
    chapters: course.chapters ?? [],
  };
  change(input);
  return t.call<Course>('POST', '/api/course/update', { token, body: input });
}

export async function publish(t: TestApp, token: string, id: number): Promise<Course> {
  return ok(await t.call<Course>('POST', `/api/course/publish/${id}`, { token, body: {} }));
}

// Uploads a file; answers its address (/api/file/{id}).
export async function uploadFile(
  t: TestApp,
  token: string,
  body: Buffer,
  name: string,
  purpose = 'resource',
): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/file/upload?purpose=${purpose}`,
    headers: { token, 'content-type': 'application/octet-stream', 'x-file-name': name },
    payload: body,
  });
  return ok(res.json() as { code: number; message: string; response: { url: string } }).url;
}

const box = (type: string, body: Buffer) => {
  const h = Buffer.alloc(8);
  h.writeUInt32BE(8 + body.length);
  h.write(type, 4, 'latin1');
  return Buffer.concat([h, body]);
};

// A tiny MP4 that says it lasts `seconds` (its movie header after the media data, as most files have it).
export function mp4(seconds: number): Buffer {
  const mvhd = Buffer.alloc(100);
  mvhd.writeUInt32BE(1000, 12);
  mvhd.writeUInt32BE(Math.round(seconds * 1000), 16);
  return Buffer.concat([
    box('ftyp', Buffer.from('isom\0\0\0\0isom', 'latin1')),
    box('mdat', Buffer.alloc(4096, 7)),
    box('moov', box('mvhd', mvhd)),
  ]);
}
