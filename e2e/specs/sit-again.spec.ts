import { expect, test } from '@playwright/test';
import { pageAs } from './fixtures';
import { uniqueName } from './helpers';
import { createClassesWithStudents, publishOpenExam, sitExam, withSession } from './score-helpers';

// A practice exam that allows two sittings (issue 36): after the first, My exams says which sitting
// it was and how they count, and "Sit again" opens a fresh paper on the exam page. The counting and
// the kept sittings are proved by the API test (repeated-sittings.test.ts).

test('a student sits a practice exam again from My exams', async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  const name = uniqueName('Sit again E2E ');
  const [me] = await withSession(baseURL, 'admin', (request) => createClassesWithStudents(request, [1]));
  const examId = await withSession(baseURL, 'academic', (request) =>
    publishOpenExam(request, name, [me!], { showScore: 2, allowReview: false, attemptsAllowed: 2, scoreCounting: 1 }),
  );
  await sitExam(baseURL, me!, examId, 0);

  const page = await pageAs(browser, me!.userName, '/study/exam');
  await page.getByRole('tab', { name: 'Finished' }).click();
  const row = page.getByTestId('my-exam-finished').filter({ hasText: name });
  await expect(row.getByTestId('my-exam-sittings')).toHaveText('Sitting 1 of 2 · Best counts');
  await row.getByRole('button', { name: `Sit ${name} again` }).click();
  const dialog = page.getByRole('dialog', { name: `Sit ${name} again?` });
  await expect(dialog).toContainText('A fresh paper opens, timed from now.');
  await dialog.getByRole('button', { name: 'Sit again' }).click();
  await expect(page).toHaveURL(new RegExp(`/take/${examId}$`));
  // The exam page opens the new sitting: answering, nothing answered yet.
  await expect(page.getByRole('button', { name: /hand in/i }).first()).toBeVisible({ timeout: 30_000 });
  await page.context().close();
});
