import {
  FileTextOutlined,
  FormOutlined,
  PlayCircleOutlined,
  ReadOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';
import { CompletionRule, LessonType } from '@lyceum/contract';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import type { LearnChapter, LearnLesson } from './course-api';

export const LESSON_ICONS: Record<LessonType, ReactNode> = {
  [LessonType.Video]: <PlayCircleOutlined />,
  [LessonType.Document]: <FileTextOutlined />,
  [LessonType.Article]: <ReadOutlined />,
  [LessonType.Quiz]: <FormOutlined />,
  [LessonType.Live]: <VideoCameraOutlined />,
};

const number = (v: number) => String(Math.round(v * 100) / 100);

// How the lesson counts as done, in a sentence.
export function ruleText(lesson: Pick<LearnLesson, 'completionRule' | 'threshold'>, t: TFunction): string {
  switch (lesson.completionRule) {
    case CompletionRule.Viewed:
      return t('myCourse.ruleViewed');
    case CompletionRule.Watched:
      return t('myCourse.ruleWatched', { percent: number(lesson.threshold ?? 100) });
    case CompletionRule.QuizScore:
      return t('myCourse.ruleQuiz', { score: number(lesson.threshold ?? 0) });
    case CompletionRule.MarkedDone:
      return t('myCourse.ruleMarked');
    case CompletionRule.Attended:
      return t('myCourse.ruleAttended');
  }
}

// Seconds as "1:05" or "1:02:03".
export function clockText(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const hh = Math.floor(s / 3600);
  const mm = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return hh > 0 ? `${hh}:${String(mm).padStart(2, '0')}:${ss}` : `${mm}:${ss}`;
}

export const lessonsIn = (chapters: LearnChapter[]): LearnLesson[] => chapters.flatMap((c) => c.lessons);

// Where to start when the address names no lesson: where they left off, else the first open lesson
// not done yet, else the first lesson.
export function startingLesson(
  chapters: LearnChapter[],
  resume: { lessonId: number } | null,
  done: (l: LearnLesson) => boolean,
): LearnLesson | null {
  const all = lessonsIn(chapters);
  return all.find((l) => l.id === resume?.lessonId) ?? all.find((l) => !l.state.locked && !done(l)) ?? all[0] ?? null;
}
