import {
  type Chapter,
  type ChapterInput,
  CompletionRule,
  type LessonInput,
  LessonType,
  RULES_BY_TYPE,
} from '@lyceum/contract';

// A course's outline as the editor holds it: chapters and lessons with their stable keys (made here
// for new nodes, so a prerequisite can name a lesson made in the same save). Pure: every change
// returns a new outline, and the tests run without a browser.

export interface DraftLesson {
  key: string;
  id: number | null;
  title: string;
  lessonType: LessonType;
  fileUrl: string;
  // What the editor knows of the uploaded file (its name, from the upload), for the label.
  fileName: string | null;
  durationSeconds: number | null;
  body: string;
  paperId: number | null;
  completionRule: CompletionRule;
  threshold: number | null;
  requires: string[];
}
export interface DraftChapter {
  key: string;
  id: number | null;
  title: string;
  requires: string[];
  lessons: DraftLesson[];
}
export type Outline = DraftChapter[];

// Per cent watched a new video lesson asks for.
export const DEFAULT_WATCHED = 90;
const KEY_LENGTH = 12;
const KEY_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

// A key of the contract's pattern (letters and digits, 4 to 36). getRandomValues works on plain
// http too, where randomUUID does not.
export function newNodeKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(KEY_LENGTH));
  return Array.from(bytes, (b) => KEY_CHARS[b % KEY_CHARS.length]).join('');
}

export function draftOf(chapters: Chapter[] | undefined): Outline {
  return (chapters ?? []).map((c) => ({
    key: c.key,
    id: c.id,
    title: c.title,
    requires: [...c.requires],
    lessons: c.lessons.map((l) => ({
      key: l.key,
      id: l.id,
      title: l.title,
      lessonType: l.lessonType,
      fileUrl: l.fileUrl ?? '',
      fileName: null,
      durationSeconds: l.durationSeconds,
      body: l.body,
      paperId: l.paperId,
      completionRule: l.completionRule,
      threshold: l.threshold,
      requires: [...l.requires],
    })),
  }));
}

export const emptyChapter = (title: string): DraftChapter => ({
  key: newNodeKey(),
  id: null,
  title,
  requires: [],
  lessons: [],
});

export function emptyLesson(title: string, lessonType: LessonType = LessonType.Video): DraftLesson {
  return withType(
    {
      key: newNodeKey(),
      id: null,
      title,
      lessonType,
      fileUrl: '',
      fileName: null,
      durationSeconds: null,
      body: '',
      paperId: null,
      completionRule: RULES_BY_TYPE[lessonType][0],
      threshold: null,
      requires: [],
    },
    lessonType,
  );
}

// The threshold a rule starts with: a share watched for Watched, none for rules without one (a
// quiz's pass score depends on its paper, so it is asked for).
function thresholdFor(rule: CompletionRule, current: number | null): number | null {
  if (rule === CompletionRule.Watched)
    return current !== null && current >= 1 && current <= 100 ? current : DEFAULT_WATCHED;
  if (rule === CompletionRule.QuizScore) return current;
  return null;
}

export function withRule(lesson: DraftLesson, rule: CompletionRule): DraftLesson {
  return { ...lesson, completionRule: rule, threshold: thresholdFor(rule, lesson.threshold) };
}

// A new type keeps the rule when the type takes it, else the type's first rule.
export function withType(lesson: DraftLesson, lessonType: LessonType): DraftLesson {
  const rules = RULES_BY_TYPE[lessonType];
  const rule = rules.includes(lesson.completionRule) ? lesson.completionRule : rules[0];
  // A video is no document: the file, like the threshold, belongs to the type it was given for.
  const same = lessonType === lesson.lessonType;
  return withRule(
    {
      ...lesson,
      lessonType,
      fileUrl: same ? lesson.fileUrl : '',
      fileName: same ? lesson.fileName : null,
      durationSeconds: same ? lesson.durationSeconds : null,
      paperId: lessonType === LessonType.Quiz ? lesson.paperId : null,
      threshold: same ? lesson.threshold : null,
    },
    rule,
  );
}

export const lessonCount = (outline: Outline) => outline.reduce((n, c) => n + c.lessons.length, 0);

export interface Place {
  chapter: number;
  // -1 for the chapter itself.
  lesson: number;
}

export function placeOf(outline: Outline, key: string): Place | null {
  for (let c = 0; c < outline.length; c++) {
    if (outline[c].key === key) return { chapter: c, lesson: -1 };
    const l = outline[c].lessons.findIndex((x) => x.key === key);
    if (l >= 0) return { chapter: c, lesson: l };
  }
  return null;
}

export const addChapter = (outline: Outline, chapter: DraftChapter): Outline => [...outline, chapter];

export function addLesson(outline: Outline, chapterKey: string, lesson: DraftLesson): Outline {
  return outline.map((c) => (c.key === chapterKey ? { ...c, lessons: [...c.lessons, lesson] } : c));
}

export function patchChapter(outline: Outline, key: string, patch: Partial<Omit<DraftChapter, 'key'>>): Outline {
  return outline.map((c) => (c.key === key ? { ...c, ...patch } : c));
}

export function updateLesson(outline: Outline, key: string, change: (l: DraftLesson) => DraftLesson): Outline {
  return outline.map((c) =>
    c.lessons.some((l) => l.key === key) ? { ...c, lessons: c.lessons.map((l) => (l.key === key ? change(l) : l)) } : c,
  );
}

// Removes a chapter (with its lessons) or a lesson, and every prerequisite naming what went.
export function removeNode(outline: Outline, key: string): Outline {
  const gone = new Set([key]);
  for (const c of outline) if (c.key === key) for (const l of c.lessons) gone.add(l.key);
  const keep = (keys: string[]) => keys.filter((k) => !gone.has(k));
  return outline
    .filter((c) => c.key !== key)
    .map((c) => ({
      ...c,
      requires: keep(c.requires),
      lessons: c.lessons.filter((l) => l.key !== key).map((l) => ({ ...l, requires: keep(l.requires) })),
    }));
}

function moved<T>(list: T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
}

// One step up (-1) or down (+1). A lesson at the edge of its chapter goes to the end of the chapter
// before, or the start of the chapter after, so the buttons alone can put a lesson anywhere.
export function moveStep(outline: Outline, key: string, delta: -1 | 1): Outline {
  const at = placeOf(outline, key);
  if (!at) return outline;
  if (at.lesson < 0) {
    const to = at.chapter + delta;
    return to < 0 || to >= outline.length ? outline : moved(outline, at.chapter, to);
  }
  const chapter = outline[at.chapter];
  const to = at.lesson + delta;
  if (to >= 0 && to < chapter.lessons.length) {
    return outline.map((c, i) => (i === at.chapter ? { ...c, lessons: moved(c.lessons, at.lesson, to) } : c));
  }
  const target = at.chapter + delta;
  if (target < 0 || target >= outline.length) return outline;
  const lesson = chapter.lessons[at.lesson];
  return outline.map((c, i) => {
    if (i === at.chapter) return { ...c, lessons: c.lessons.filter((l) => l.key !== key) };
    if (i === target) return { ...c, lessons: delta < 0 ? [...c.lessons, lesson] : [lesson, ...c.lessons] };
    return c;
  });
}

// Whether a step is possible (the buttons are off at the very ends).
export function canStep(outline: Outline, key: string, delta: -1 | 1): boolean {
  return moveStep(outline, key, delta) !== outline;
}

// A drop (drag and drop): `active` onto `over`. A chapter onto a chapter (or one of its lessons)
// takes that chapter's place; a lesson onto a lesson takes its place, in that lesson's chapter;
// a lesson onto a chapter goes last in it.
export function dropOn(outline: Outline, active: string, over: string): Outline {
  if (active === over) return outline;
  const from = placeOf(outline, active);
  const to = placeOf(outline, over);
  if (!from || !to) return outline;
  if (from.lesson < 0) return from.chapter === to.chapter ? outline : moved(outline, from.chapter, to.chapter);
  const lesson = outline[from.chapter].lessons[from.lesson];
  if (from.chapter === to.chapter && to.lesson >= 0) {
    return outline.map((c, i) =>
      i === from.chapter ? { ...c, lessons: moved(c.lessons, from.lesson, to.lesson) } : c,
    );
  }
  if (from.chapter === to.chapter) return outline;
  return outline.map((c, i) => {
    if (i === from.chapter) return { ...c, lessons: c.lessons.filter((l) => l.key !== active) };
    if (i !== to.chapter) return c;
    const lessons = [...c.lessons];
    lessons.splice(to.lesson < 0 ? lessons.length : to.lesson, 0, lesson);
    return { ...c, lessons };
  });
}

// The outline as the contract takes it (empty texts as the server's "none").
export function outlinePayload(outline: Outline): ChapterInput[] {
  return outline.map((c) => ({
    id: c.id,
    key: c.key,
    title: c.title.trim(),
    requires: c.requires,
    lessons: c.lessons.map(
      (l): LessonInput => ({
        id: l.id,
        key: l.key,
        title: l.title.trim(),
        lessonType: l.lessonType,
        fileUrl: l.lessonType === LessonType.Video || l.lessonType === LessonType.Document ? l.fileUrl.trim() : '',
        body: l.lessonType === LessonType.Article ? l.body : '',
        paperId: l.lessonType === LessonType.Quiz ? l.paperId : null,
        completionRule: l.completionRule,
        threshold: l.threshold,
        requires: l.requires,
      }),
    ),
  }));
}

// Where a problem's path ("chapters.0.lessons.1.completionRule", "chapters.2.requires.0") lands in
// the outline: the node's key and the field ('' for the node itself).
export function problemTarget(outline: Outline, path: string): { key: string; field: string } | null {
  const m = /^chapters\.(\d+)(?:\.lessons\.(\d+))?(?:\.([A-Za-z]+))?/.exec(path);
  if (!m) return null;
  const chapter = outline[Number(m[1])];
  if (!chapter) return null;
  const node = m[2] === undefined ? chapter : chapter.lessons[Number(m[2])];
  if (!node) return null;
  const field = m[3] === 'lessons' ? '' : (m[3] ?? '');
  return { key: node.key, field };
}

// The chapters and lessons a node may require: any other, except its own chapter (a lesson) or its
// own lessons (a chapter), which would wait on itself.
export function prerequisiteChoices(outline: Outline, key: string): { key: string; chapter: number; lesson: number }[] {
  const at = placeOf(outline, key);
  const out: { key: string; chapter: number; lesson: number }[] = [];
  outline.forEach((c, ci) => {
    const own = at !== null && ci === at.chapter;
    if (c.key !== key && !(own && at.lesson >= 0)) out.push({ key: c.key, chapter: ci, lesson: -1 });
    c.lessons.forEach((l, li) => {
      if (l.key !== key && !(own && at.lesson < 0)) out.push({ key: l.key, chapter: ci, lesson: li });
    });
  });
  return out;
}

// The outline again from what the server saved (ids given to new nodes), keeping what only the
// editor knew (uploaded files' names) by key.
export function reseed(before: Outline, chapters: Chapter[] | undefined): Outline {
  const names = new Map(before.flatMap((c) => c.lessons.map((l) => [l.key, l.fileName] as const)));
  return draftOf(chapters).map((c) => ({
    ...c,
    lessons: c.lessons.map((l) => ({ ...l, fileName: names.get(l.key) ?? null })),
  }));
}
