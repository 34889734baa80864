import { fileURLToPath } from 'node:url';
import type { Locator, Page } from '@playwright/test';
import { textPdf } from '../../apps/server/src/seed/pdf';
import { expectNoSeriousA11yViolations } from './a11y';
import { expect, open, pageAs, test, withToast } from './fixtures';
import { chooseOption, pickOption, uniqueName } from './helpers';

// Courses (issue 30) in the browser, one flow in two parts. The teacher builds a course on the
// staff screens as a person would (details, a chapter, a video uploaded with a share to watch, a PDF
// handout, an article to mark as done, a quiz on the demo's published paper), assigns it to the
// demo class and publishes it after the preview. The student then finds it in My courses, watches
// part of the video and leaves, opens the course in a new browser and resumes at the same second,
// watches to the end, opens the handout, marks the article done, takes the quiz on the exam page and
// sees the course at 100 %.

test.describe.configure({ mode: 'serial', timeout: 120_000 });

// The demo's lesson video (eight seconds, scripts/make-demo-video.mjs).
const VIDEO = fileURLToPath(new URL('../../apps/server/src/seed/assets/demo-lesson.webm', import.meta.url));
const WATCHED_PERCENT = 60;
// The demo's published paper (seed/papers.ts): its first question is single choice, the key is A,
// worth 2 points; the student answers only that one (blank answers score 0 and need no marking).
const PAPER = 'Calculus I — final practice';
const QUIZ_POINTS = 2;
const CLASS = 'Class 2024-1';

interface BuiltCourse {
  courseId: number;
  title: string;
  video: string;
  handout: string;
  article: string;
  quiz: string;
}

// What the teacher built, for the student's part (serial: it runs only after the teacher's passed).
let built: BuiltCourse | null = null;

// The editor on screen (the course list stays mounted, hidden, in its own tab).
const editorOf = (page: Page) => page.locator('.course-editor:visible');

// A lesson added to the chapter, of a type, with a title: the new lesson is selected and its form shown.
async function addLesson(page: Page, chapter: string, type: string, title: string): Promise<Locator> {
  const editor = editorOf(page);
  await editor.getByRole('button', { name: `Add a lesson to Chapter 1 ${chapter}` }).click();
  const form = editor.locator('.course-lesson-editor');
  if (type !== 'Video') await chooseOption(page, form.getByRole('combobox', { name: 'Type' }), type);
  await form.getByRole('textbox', { name: /Lesson title/ }).fill(title);
  return form;
}

// A file chosen through the lesson's upload button, as the file picker would give it; done when the
// lesson shows the uploaded file.
async function upload(page: Page, form: Locator, file: string | { name: string; mimeType: string; buffer: Buffer }) {
  const chooser = page.waitForEvent('filechooser');
  await form.getByRole('button', { name: /^Upload a file/ }).click();
  await (await chooser).setFiles(file);
  const name = typeof file === 'string' ? (file.split('/').pop() ?? file) : file.name;
  await expect(form.getByRole('link', { name })).toBeVisible({ timeout: 30_000 });
}

test.describe('the teacher', () => {
  test.use({ role: 'teacher' });

  test('builds a course of every lesson type, assigns it to a class and publishes it', async ({ page }) => {
    const title = uniqueName('Photosynthesis ');
    const chapter = 'Light and leaves';
    const names = {
      video: 'Watch: light and leaves',
      handout: 'Handout: the leaf in one page',
      article: 'Read: what chlorophyll does',
      quiz: 'Quiz: derivatives',
    };

    await open(page, '/baseData/courseLearning');
    await page.getByRole('button', { name: 'New course' }).click();
    await expect(page).toHaveURL(/\/baseData\/courseEdit$/);
    const editor = editorOf(page);
    await editor.getByRole('textbox', { name: /\bCode\b/ }).fill(uniqueName('BIO-'));
    await editor.getByRole('textbox', { name: /^\W*Title$/ }).fill(title);
    await chooseOption(page, editor.getByRole('combobox', { name: /^Required or elective/ }), 'Required');

    // The outline: a chapter, then its four lessons (live classes come with their own feature).
    await editor.getByRole('tab', { name: /^Outline/ }).click();
    await editor.getByRole('button', { name: 'Add a chapter' }).click();
    await editor.getByRole('textbox', { name: /Chapter title/ }).fill(chapter);

    const video = await addLesson(page, chapter, 'Video', names.video);
    await upload(page, video, VIDEO);
    await video.getByRole('spinbutton', { name: /Share watched/ }).fill(String(WATCHED_PERCENT));

    const handout = await addLesson(page, chapter, 'Document', names.handout);
    await upload(page, handout, {
      name: 'leaf-handout.pdf',
      mimeType: 'application/pdf',
      buffer: textPdf('The leaf', ['Leaves hold chlorophyll in their chloroplasts.']),
    });

    const article = await addLesson(page, chapter, 'Article', names.article);
    await article.getByRole('textbox', { name: 'Article' }).fill('<p>Leaves hold <b>chlorophyll</b>.</p>');
    await chooseOption(page, article.getByRole('combobox', { name: 'Complete when' }), 'Marked done by the student');

    const quiz = await addLesson(page, chapter, 'Quiz', names.quiz);
    const paper = quiz.getByRole('combobox', { name: /Quiz paper/ });
    await paper.click();
    await paper.fill('Calculus I');
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: PAPER }).first().click();
    const needed = quiz.getByRole('spinbutton', { name: /Score needed/ });
    // Picking the paper proposes 60 % of its total; the teacher asks for one question's worth.
    await expect(needed).not.toHaveValue('');
    await needed.fill(String(QUIZ_POINTS));
    await expect(editor.getByRole('list', { name: 'Outline' }).locator('.course-lesson')).toHaveCount(4);
    await expectNoSeriousA11yViolations(page, 'the course editor');

    await withToast(page, 'Course saved', () => editor.getByRole('button', { name: 'Save' }).click());
    await expect(page).toHaveURL(/\/baseData\/courseEdit\?id=\d+$/);
    const courseId = Number(new URL(page.url()).searchParams.get('id'));

    // Who takes it: the demo teacher's class, required, due in two weeks.
    await editor.getByRole('tab', { name: 'Who takes it' }).click();
    await editor.getByRole('button', { name: /\bAssign$/ }).click();
    const assign = page.getByRole('dialog', { name: 'Assign the course' });
    await pickOption(page, assign, assign.getByRole('combobox', { name: 'Classes' }), CLASS);
    // A multiple select stays open after a pick: a click on the dialog's title closes it, as a person would.
    await assign.locator('.ant-modal-title').click();
    await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
    const due = new Date(Date.now() + 14 * 86_400_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    const dueText = `${due.getFullYear()}-${pad(due.getMonth() + 1)}-${pad(due.getDate())} 18:00`;
    const dueInput = assign.getByRole('textbox', { name: 'Due' });
    await dueInput.click();
    await dueInput.fill(dueText);
    await dueInput.press('Enter');
    await expect(dueInput).toHaveValue(dueText);
    await withToast(page, /^Assigned/, () => assign.getByRole('button', { name: 'Assign', exact: true }).click());
    await expect(assign).toBeHidden();
    await expect(editor.getByRole('row', { name: new RegExp(CLASS) })).toBeVisible();

    // Publishing shows what it does first; confirmed, version 1 is out.
    await editor.getByRole('button', { name: /\bPublish$/ }).click();
    const publish = page.getByRole('dialog', { name: `Publish "${title}"` });
    await expect(publish.getByTestId('publish-preview')).toContainText('4 new lessons');
    await withToast(page, 'Version 1 published', () =>
      publish.getByRole('button', { name: 'Publish version 1' }).click(),
    );
    await expect(publish).toBeHidden();
    await expect(editor.locator('.course-editor-title')).toContainText('Published');
    built = { courseId, title, ...names };
  });
});

const mediaTime = (video: Locator) => video.evaluate((v: HTMLVideoElement) => v.currentTime);
const lessonIn = (page: Page, title: string) => page.getByTestId('outline-lesson').filter({ hasText: title });

test.describe('the student', () => {
  test.use({ role: 'student' });

  test('resumes a video in another browser at the same second, completes every lesson and sees 100 %', async ({
    page,
    browser,
  }) => {
    const f = built;
    if (!f) throw new Error('the teacher’s course was not built');

    // My courses lists it, required and not started; Start opens the player at its first lesson.
    await open(page, '/study/course');
    const card = page.getByTestId('my-course').filter({ hasText: f.title });
    await expect(card.getByTestId('my-course-status')).toHaveText('Not started');
    await expect(card.getByTestId('my-course-due')).toContainText('Due');
    await expectNoSeriousA11yViolations(page, 'My courses');
    await card.getByRole('button', { name: `Start ${f.title}` }).click();
    await expect(page).toHaveURL(new RegExp(`/study/courseLearn\\?courseId=${f.courseId}&lessonId=\\d+$`));
    await expect(page.getByRole('heading', { name: f.video })).toBeVisible();
    await expect(lessonIn(page, f.quiz)).toBeVisible();

    // Play three seconds, then leave for My courses: the hidden player pauses and reports the range.
    const video = page.getByTestId('lesson-video');
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThan(0);
    await video.evaluate((v: HTMLVideoElement) => v.play());
    await expect.poll(() => mediaTime(video), { timeout: 15_000 }).toBeGreaterThan(3);
    const reported = page.waitForRequest((r) => r.url().includes('/api/course/heartbeat'));
    await page.getByRole('button', { name: 'My courses' }).first().click();
    await expect(page).toHaveURL(/\/study\/course$/);
    const report = (await reported).postDataJSON() as { from: number; to: number; position?: number };
    const left = report.position ?? report.to;
    expect(left).toBeGreaterThan(3);
    expect((await (await reported).response())?.ok()).toBe(true);

    // A new browser: the course opens where it was left, the video at the same second.
    const second = await pageAs(browser, 'student', `/study/courseLearn?courseId=${f.courseId}`);
    try {
      await expect(second.getByRole('heading', { name: f.video })).toBeVisible();
      const again = second.getByTestId('lesson-video');
      await expect(second.getByTestId('lesson-resumed')).toBeVisible();
      await expect.poll(async () => Math.abs((await mediaTime(again)) - left)).toBeLessThanOrEqual(1);

      // Watched to the end: the lesson is complete.
      await again.evaluate((v: HTMLVideoElement) => v.play());
      await expect(second.getByTestId('lesson-watched')).toContainText(/Watched (9\d|100) %/, { timeout: 20_000 });
      await expect(lessonIn(second, f.video).getByText(/^Completed/)).toBeVisible();

      // The handout shows in the page and counts once opened.
      await lessonIn(second, f.handout).click();
      await expect(second.getByTestId('lesson-document')).toBeVisible();
      await expect(second.getByTestId('lesson-status')).toHaveText('Completed');

      // The article, marked done.
      await lessonIn(second, f.article).click();
      await expect(second.getByTestId('lesson-article')).toContainText('Leaves hold chlorophyll.');
      await second.getByTestId('mark-done').click();
      await expect(second.getByTestId('lesson-status')).toHaveText('Completed');
      // Scanned without the pointer resting on the button just clicked (antd's hover shade is paler).
      await second.mouse.move(0, 0);
      await expectNoSeriousA11yViolations(second, 'the course player');

      // The quiz on the exam page, in a tab of its own; back here, the best score and 100 %.
      await lessonIn(second, f.quiz).click();
      const quiz = second.getByTestId('lesson-quiz');
      await expect(quiz).toContainText('You have not taken this quiz yet.');
      const popup = second.waitForEvent('popup');
      await quiz.getByRole('link', { name: 'Take the quiz' }).click();
      const exam = await popup;
      await exam.getByTestId('question-1').getByRole('radio').first().check();
      await expect(exam.getByTestId('question-1').getByTestId('save-state')).toHaveText(/^Saved/);
      await exam.getByTestId('hand-in').click();
      await exam.getByTestId('submit-dialog').getByRole('button', { name: 'Hand in now' }).click();
      await expect(exam.getByText(new RegExp(`^Your score: ${QUIZ_POINTS} / \\d+$`))).toBeVisible();
      await exam.close();
      await quiz.getByRole('button', { name: 'Show my latest score' }).click();
      await expect(quiz.getByTestId('quiz-best')).toHaveText(String(QUIZ_POINTS));
      await expect(second.getByTestId('course-progress')).toContainText('100 %');
      await expect(second.getByTestId('course-status')).toHaveText('Completed');
    } finally {
      await second.context().close();
    }

    // My courses (the first browser) shows it completed.
    await page.locator('.ant-segmented').getByText('Completed', { exact: true }).click();
    await expect(page.getByTestId('my-course').filter({ hasText: f.title }).getByTestId('my-course-status')).toHaveText(
      'Completed',
    );
    await expectNoSeriousA11yViolations(page, 'My courses, completed');
  });
});
