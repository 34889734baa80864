import { CompletionRule, LearnerStatus, type LessonState, type LessonType } from '@lyceum/contract';

// A course's outline as published (course_versions.content) or as the draft stands: what progress
// is measured against. Pure functions, shared by the heartbeat, the publish and its preview, so
// "what publishing does" is computed exactly as publishing then does it.

export interface OutlineLesson {
  id: number;
  key: string;
  title: string;
  lessonType: LessonType;
  fileUrl: string | null;
  durationSeconds: number | null;
  body: string;
  paperId: number | null;
  completionRule: CompletionRule;
  threshold: number | null;
  requires: string[];
}
export interface OutlineChapter {
  id: number;
  key: string;
  title: string;
  requires: string[];
  lessons: OutlineLesson[];
}
export interface Outline {
  chapters: OutlineChapter[];
}

// What a learner did in a lesson (the sums kept in lesson_progress).
export interface LessonFacts {
  lessonId: number;
  watchedSeconds: number;
  viewed: boolean;
  markedDone: boolean;
  quizScore: number | null;
  attended: boolean;
  completedAt: Date | null;
}

export const lessonsOf = (outline: Outline): OutlineLesson[] => outline.chapters.flatMap((c) => c.lessons);

// A small slack so a video watched to its last frame counts as 100 %.
const EPS = 0.0001;

// Whether a lesson's rule is met by what the learner did.
export function lessonComplete(lesson: OutlineLesson, facts: LessonFacts | undefined): boolean {
  if (!facts) return false;
  switch (lesson.completionRule) {
    case CompletionRule.Watched: {
      const duration = lesson.durationSeconds ?? 0;
      if (duration <= 0) return facts.viewed;
      return (facts.watchedSeconds / duration) * 100 + EPS >= (lesson.threshold ?? 100);
    }
    case CompletionRule.Viewed:
      return facts.viewed;
    case CompletionRule.QuizScore:
      return facts.quizScore != null && facts.quizScore + EPS >= (lesson.threshold ?? 0);
    case CompletionRule.MarkedDone:
      return facts.markedDone;
    case CompletionRule.Attended:
      return facts.attended;
    default:
      return false;
  }
}

// The per cent shown beside a lesson: a video's share watched (the rule may need less), otherwise
// 100 once complete and 0 before.
export function lessonPercent(lesson: OutlineLesson, facts: LessonFacts | undefined): number {
  const duration = lesson.durationSeconds ?? 0;
  if (lesson.completionRule === CompletionRule.Watched && duration > 0 && facts) {
    return Math.min(100, Math.floor((facts.watchedSeconds / duration) * 100 + EPS));
  }
  return lessonComplete(lesson, facts) ? 100 : 0;
}

export function lessonStatus(lesson: OutlineLesson, facts: LessonFacts | undefined): LearnerStatus {
  if (lessonComplete(lesson, facts)) return LearnerStatus.Completed;
  const started = facts && (facts.viewed || facts.watchedSeconds > 0 || facts.quizScore != null || facts.markedDone);
  return started ? LearnerStatus.InProgress : LearnerStatus.NotStarted;
}

export interface CourseStanding {
  status: LearnerStatus;
  progress: number;
  lessonsDone: number;
  lessons: number;
  // Lessons of the outline complete now.
  done: Set<number>;
}

// A learner's standing in a course against an outline: the share of its lessons complete.
export function courseStanding(outline: Outline, facts: Map<number, LessonFacts>): CourseStanding {
  const lessons = lessonsOf(outline);
  const done = new Set<number>();
  let started = false;
  for (const l of lessons) {
    const s = lessonStatus(l, facts.get(l.id));
    if (s === LearnerStatus.Completed) done.add(l.id);
    if (s !== LearnerStatus.NotStarted) started = true;
  }
  const total = lessons.length;
  const progress = total ? Math.round((done.size / total) * 1000) / 10 : 0;
  const status =
    total > 0 && done.size === total
      ? LearnerStatus.Completed
      : started || done.size > 0
        ? LearnerStatus.InProgress
        : LearnerStatus.NotStarted;
  return { status, progress, lessonsDone: done.size, lessons: total, done };
}

// Which chapters and lessons must be finished before `lessonId` opens: its own and its chapter's
// prerequisites, and with sequential unlock every lesson before it. Titles of those not complete.
export function lockedBy(outline: Outline, lessonId: number, sequential: boolean, done: Set<number>): string[] {
  const byKey = new Map<string, { title: string; lessons: number[] }>();
  for (const c of outline.chapters) {
    byKey.set(c.key, { title: c.title, lessons: c.lessons.map((l) => l.id) });
    for (const l of c.lessons) byKey.set(l.key, { title: l.title, lessons: [l.id] });
  }
  const missing: string[] = [];
  const need = (key: string) => {
    const node = byKey.get(key);
    if (node?.lessons.some((id) => !done.has(id)) && !missing.includes(node.title)) missing.push(node.title);
  };
  const ordered = lessonsOf(outline);
  for (const c of outline.chapters) {
    const lesson = c.lessons.find((l) => l.id === lessonId);
    if (!lesson) continue;
    for (const k of c.requires) need(k);
    for (const k of lesson.requires) need(k);
    if (sequential) {
      for (const before of ordered) {
        if (before.id === lessonId) break;
        if (!done.has(before.id) && !missing.includes(before.title)) missing.push(before.title);
      }
    }
  }
  return missing;
}

// Where a learner stands in each lesson of an outline, in course order, with what is still missing
// in the caller's language (the student's "why isn't this complete?" and the teacher's view).
export interface LessonFactsAt extends LessonFacts {
  position: number;
}
export function lessonStates(
  outline: Outline,
  facts: Map<number, LessonFactsAt>,
  sequential: boolean,
  lang: 'en' | 'zh',
): LessonState[] {
  const { done } = courseStanding(outline, facts);
  return lessonsOf(outline).map((l) => {
    const f = facts.get(l.id);
    const percent = lessonPercent(l, f);
    const blockers = lockedBy(outline, l.id, sequential, done);
    return {
      lessonId: l.id,
      status: lessonStatus(l, f),
      percent,
      missing: lessonComplete(l, f) ? null : missingText(l, f, lang),
      locked: blockers.length > 0 && !done.has(l.id),
      lockedBy: blockers,
      completedAt: f?.completedAt ? f.completedAt.toISOString() : null,
      position: f?.position ?? 0,
      quizScore: f?.quizScore ?? null,
    };
  });
}

// What a lesson still needs, in words.
export function missingText(lesson: OutlineLesson, f: LessonFacts | undefined, lang: 'en' | 'zh'): string {
  const zh = lang === 'zh';
  switch (lesson.completionRule) {
    case CompletionRule.Watched: {
      const duration = lesson.durationSeconds ?? 0;
      const share = duration > 0 ? Math.floor(((f?.watchedSeconds ?? 0) / duration) * 100) : 0;
      const needed = lesson.threshold ?? 100;
      return zh ? `已观看 ${share}%，需达到 ${needed}%` : `watched ${share} %, ${needed} % needed`;
    }
    case CompletionRule.Viewed:
      return zh ? '尚未打开' : 'not opened yet';
    case CompletionRule.QuizScore:
      return f?.quizScore != null
        ? zh
          ? `测验得分 ${f.quizScore}，需达到 ${lesson.threshold}`
          : `quiz score ${f.quizScore}, ${lesson.threshold} needed`
        : zh
          ? `尚未完成测验（需达到 ${lesson.threshold} 分）`
          : `quiz not taken yet (${lesson.threshold} needed)`;
    case CompletionRule.MarkedDone:
      return zh ? '尚未标记完成' : 'not marked done yet';
    case CompletionRule.Attended:
      return zh ? '尚未出席' : 'not attended yet';
    default:
      return '';
  }
}
