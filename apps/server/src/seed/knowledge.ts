import { ArticleStatus, DocumentAudience, zKnowledgeCreate } from '@lyceum/contract';
import { and, eq, like } from 'drizzle-orm';
import { courseCategories } from '../modules/catalogue/catalogue.table';
import { knowledgeResource } from '../modules/knowledge/knowledge.resource';
import { readArticle } from '../modules/knowledge/knowledge.service';
import { users } from '../modules/user/user.table';
import type { Db } from '../platform/db';
import { inOrg } from '../platform/tenant-sql';
import { asStudent } from './marked-exams';
import { seedContext } from './seed-context';

// Knowledge-base articles so the staff screen and the students' reading page have something to show:
// a pinned guide for everyone, one for students, one for staff only, and a draft. `student` has read
// the pinned guide, so it shows as read and the others as new.
export async function seedKnowledge(db: Db, orgId: number, teacherId: number) {
  const ctx = seedContext(db, orgId, teacherId, ['knowledge:page', 'knowledge:create', 'knowledge:update']);
  const [category] = await db
    .select({ id: courseCategories.id })
    .from(courseCategories)
    .where(and(eq(courseCategories.organizationId, orgId), like(courseCategories.name, 'Computer Science%')));
  const [student] = await db
    .select({ id: users.id })
    .from(users)
    .where(inOrg(users, orgId, [eq(users.userName, 'student')]));
  const write = async (input: Record<string, unknown>) =>
    Number(
      (await knowledgeResource.create(ctx, zKnowledgeCreate.parse({ categoryId: category?.id ?? null, ...input }))).id,
    );
  const guide = await write({
    title: 'How to study a course online 如何在线学习课程',
    summary: 'Where My courses is, how progress is counted, and what to do when a lesson is locked.',
    body:
      '<h3>My courses 我的课程</h3><p>Open <b>My study › My courses</b>. Required courses come first; ' +
      'each card shows how far you are and where to continue.</p><p>Videos count as watched only while ' +
      'they play in an open tab, at up to double speed. A locked lesson says what to finish first.</p>' +
      '<p>打开“我的学习 › 我的课程”。视频只在页面打开且播放时计入观看进度（最高两倍速）；未解锁的课时会提示需先完成的内容。</p>',
    pinned: true,
    audience: DocumentAudience.Everyone,
    status: ArticleStatus.Published,
  });
  await write({
    title: 'Exam day checklist 考试当天须知',
    summary: 'What to bring, when to log in, and what happens if your connection drops.',
    body:
      '<ol><li>Log in ten minutes early: the waiting room counts down to the start.</li>' +
      '<li>Answers are saved as you type; if the connection drops, keep working — they are sent when it is back.</li>' +
      '<li>Hand in before the timer ends, or your paper is collected automatically.</li></ol>' +
      '<p>提前十分钟登录；答案自动保存，断网后恢复时会自动提交；计时结束前请交卷，否则系统将自动收卷。</p>',
    audience: DocumentAudience.Students,
    status: ArticleStatus.Published,
  });
  await write({
    title: 'Building a course: a checklist for teachers 教师建课清单',
    summary: 'Chapters, lesson types, completion rules and publishing without losing learners’ progress.',
    body:
      '<p>Give every lesson a completion rule that fits it: videos by the share watched, quizzes by score, ' +
      'documents by “marked done”. Before publishing a change, read the preview: it says whose progress moves.</p>' +
      '<p>为每个课时设置合适的完成条件；发布修改前先查看预览，了解哪些学员的进度会变化。</p>',
    audience: DocumentAudience.Staff,
    status: ArticleStatus.Published,
  });
  await write({
    title: 'Library opening hours (draft) 图书馆开放时间（草稿）',
    body: '<p>To be confirmed with the library.</p>',
    audience: DocumentAudience.Everyone,
    status: ArticleStatus.Draft,
  });
  if (student) await readArticle(asStudent(ctx, student.id), guide);
}
