import { type InboxItem, MessageAssociation } from '@lyceum/contract';
import { findMenuPage, useMenu } from '../../shell/routes';

// Where people without a menu page for messages (staff) read theirs: beside their profile.
export const STAFF_INBOX_PATH = '/profile/messages';
export const STAFF_INBOX_COMPONENT = 'message/inbox';
const STUDENT_INBOX_COMPONENT = 'message/myMessage';

// The pages a message's subject opens, the student's first, then the staff's list.
const ABOUT_PAGES: Partial<Record<MessageAssociation, string[]>> = {
  [MessageAssociation.Exam]: ['exam/myExam', 'examManagement/index'],
  [MessageAssociation.Task]: ['task/myTask', 'task/index'],
  [MessageAssociation.Lesson]: ['teachingManagement/myTimetable', 'teachingManagement/index'],
  [MessageAssociation.Leave]: ['attendance/myAttendance', 'attendance/index'],
  // Students join from their home page; staff have the live-class screen.
  [MessageAssociation.LiveClass]: ['liveClass/index', 'dashboard/index'],
};

// The caller's inbox: the student's menu page, or the staff's page beside the profile.
export function useInboxPath(): string {
  const menu = useMenu();
  return findMenuPage(STUDENT_INBOX_COMPONENT, menu)?.path ?? STAFF_INBOX_PATH;
}

// The page of the caller's menu where what a message is about lives, or null when they have none.
export function useAboutPath(about: InboxItem['about']): string | null {
  const menu = useMenu();
  if (!about) return null;
  for (const component of ABOUT_PAGES[about.type] ?? []) {
    const page = findMenuPage(component, menu);
    if (page) return page.path;
  }
  return null;
}

export const readerPath = (inbox: string, id: number) => `${inbox}?id=${id}`;
