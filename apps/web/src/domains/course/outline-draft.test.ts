import { CompletionRule, LessonType, zCourseCreate, zNodeKey } from '@lyceum/contract';
import { describe, expect, it } from 'vitest';
import {
  addChapter,
  addLesson,
  canStep,
  DEFAULT_WATCHED,
  dropOn,
  emptyChapter,
  emptyLesson,
  moveStep,
  newNodeKey,
  type Outline,
  outlinePayload,
  placeOf,
  prerequisiteChoices,
  problemTarget,
  removeNode,
  withRule,
  withType,
} from './outline-draft';

// Two chapters: A with lessons a1, a2; B with b1.
function outline(): Outline {
  const lesson = (key: string) => ({ ...emptyLesson(key), key });
  return [
    { ...emptyChapter('A'), key: 'chapA', lessons: [lesson('a1__'), lesson('a2__')] },
    { ...emptyChapter('B'), key: 'chapB', lessons: [lesson('b1__')] },
  ];
}
const keys = (o: Outline) => o.map((c) => `${c.key}:${c.lessons.map((l) => l.key).join(',')}`);

describe('course outline draft', () => {
  it('makes keys the contract takes, and different each time', () => {
    const made = new Set(Array.from({ length: 200 }, newNodeKey));
    expect(made.size).toBe(200);
    for (const k of made) expect(zNodeKey.safeParse(k).success).toBe(true);
  });

  it('adds chapters and lessons where asked', () => {
    const c = emptyChapter('C');
    const next = addLesson(addChapter(outline(), c), c.key, { ...emptyLesson('x'), key: 'c1__' });
    expect(keys(next)).toEqual(['chapA:a1__,a2__', 'chapB:b1__', `${c.key}:c1__`]);
  });

  it('moves lessons a step, across chapter edges, and stops at the ends', () => {
    const o = outline();
    expect(keys(moveStep(o, 'a1__', 1))).toEqual(['chapA:a2__,a1__', 'chapB:b1__']);
    expect(keys(moveStep(o, 'a2__', 1))).toEqual(['chapA:a1__', 'chapB:a2__,b1__']);
    expect(keys(moveStep(o, 'b1__', -1))).toEqual(['chapA:a1__,a2__,b1__', 'chapB:']);
    expect(moveStep(o, 'a1__', -1)).toBe(o);
    expect(canStep(o, 'b1__', 1)).toBe(false);
    expect(keys(moveStep(o, 'chapB', -1))).toEqual(['chapB:b1__', 'chapA:a1__,a2__']);
    expect(canStep(o, 'chapA', -1)).toBe(false);
  });

  it('drops a lesson on a lesson, on another chapter, and a chapter on a chapter', () => {
    const o = outline();
    expect(keys(dropOn(o, 'a2__', 'a1__'))).toEqual(['chapA:a2__,a1__', 'chapB:b1__']);
    expect(keys(dropOn(o, 'a1__', 'b1__'))).toEqual(['chapA:a2__', 'chapB:a1__,b1__']);
    expect(keys(dropOn(o, 'b1__', 'chapA'))).toEqual(['chapA:a1__,a2__,b1__', 'chapB:']);
    expect(keys(dropOn(o, 'chapA', 'chapB'))).toEqual(['chapB:b1__', 'chapA:a1__,a2__']);
    // A chapter dropped on a lesson of another chapter takes that chapter's place.
    expect(keys(dropOn(o, 'chapB', 'a2__'))).toEqual(['chapB:b1__', 'chapA:a1__,a2__']);
    expect(dropOn(o, 'a1__', 'a1__')).toBe(o);
    expect(dropOn(o, 'a1__', 'nowhere')).toBe(o);
  });

  it('removes a chapter with its lessons and every prerequisite naming them', () => {
    let o = outline();
    o = [{ ...o[0] }, { ...o[1], requires: ['chapA', 'a2__'] }];
    o[1].lessons = [{ ...o[1].lessons[0], requires: ['a1__', 'chapA'] }];
    const next = removeNode(o, 'chapA');
    expect(keys(next)).toEqual(['chapB:b1__']);
    expect(next[0].requires).toEqual([]);
    expect(next[0].lessons[0].requires).toEqual([]);
    const lessonGone = removeNode(o, 'a2__');
    expect(lessonGone[1].requires).toEqual(['chapA']);
  });

  it('keeps a rule the new type takes, else takes the type’s first, with its threshold', () => {
    const video = emptyLesson('v', LessonType.Video);
    expect(video.completionRule).toBe(CompletionRule.Watched);
    expect(video.threshold).toBe(DEFAULT_WATCHED);
    const quiz = withType({ ...video, fileUrl: '/api/file/3' }, LessonType.Quiz);
    expect(quiz.completionRule).toBe(CompletionRule.QuizScore);
    expect(quiz.threshold).toBeNull();
    expect(quiz.fileUrl).toBe('');
    const marked = withType(withRule(video, CompletionRule.MarkedDone), LessonType.Article);
    expect(marked.completionRule).toBe(CompletionRule.MarkedDone);
    expect(withRule(video, CompletionRule.Viewed).threshold).toBeNull();
  });

  it('sends what the contract takes, only the fields of each type', () => {
    const o = outline();
    o[0].lessons[0] = { ...o[0].lessons[0], fileUrl: '/api/file/1', body: '<p>stale</p>' };
    o[0].lessons[1] = { ...withType(o[0].lessons[1], LessonType.Article), body: '<p>Hi</p>' };
    o[1].lessons[0] = { ...withType(o[1].lessons[0], LessonType.Quiz), paperId: 4, threshold: 6 };
    o[1].requires = ['chapA'];
    const chapters = outlinePayload(o);
    expect(chapters[0].lessons?.[0]).toMatchObject({ fileUrl: '/api/file/1', body: '' });
    const parsed = zCourseCreate.safeParse({ code: 'C1', title: 'Course', chapters });
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
  });

  it('finds the node and field a problem path names', () => {
    const o = outline();
    expect(problemTarget(o, 'chapters.0.lessons.1.completionRule')).toEqual({ key: 'a2__', field: 'completionRule' });
    expect(problemTarget(o, 'chapters.1.requires.0')).toEqual({ key: 'chapB', field: 'requires' });
    expect(problemTarget(o, 'chapters.1.lessons')).toEqual({ key: 'chapB', field: '' });
    expect(problemTarget(o, 'chapters.5.title')).toBeNull();
    expect(problemTarget(o, 'title')).toBeNull();
  });

  it('offers as prerequisites neither the node itself nor what would wait on itself', () => {
    const o = outline();
    const forLesson = prerequisiteChoices(o, 'a1__').map((c) => c.key);
    expect(forLesson).toEqual(['a2__', 'chapB', 'b1__']);
    const forChapter = prerequisiteChoices(o, 'chapB').map((c) => c.key);
    expect(forChapter).toEqual(['chapA', 'a1__', 'a2__']);
    expect(placeOf(o, 'b1__')).toEqual({ chapter: 1, lesson: 0 });
  });
});
