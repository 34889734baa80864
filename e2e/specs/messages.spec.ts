import type { Page } from '@playwright/test';
import { expect, open, pageAs, test, withToast } from './fixtures';
import { uniqueName } from './helpers';

// Messages (issue 16), end to end in the browser: the teacher writes a message that must be read to
// their class in Messages, saves it with Ctrl+Enter and publishes it; the student sees the unread
// badge on the bell and the prompt of messages to confirm, puts it off, opens the message from the
// bell and confirms "I have read it"; the teacher opens who has read it and finds the student's
// read time.

test.describe.configure({ timeout: 240_000 });
test.use({ role: 'teacher' });

const CLASS = 'Class 2024-1 Computer Science';
const STUDENT = 'Sam Student';

async function writeAndPublish(page: Page, title: string) {
  await open(page, '/message/index');
  await page.getByRole('button', { name: 'Write message' }).click();
  const drawer = page.getByRole('dialog');
  await drawer.getByLabel('Title').fill(title);
  await drawer.getByRole('textbox', { name: 'Text' }).fill('<p>Sports day is on Friday. Bring your trainers.</p>');
  // A teacher's class picker offers the classes they teach.
  await drawer.getByLabel('Classes').click();
  await page.keyboard.type('2024-1');
  await page.locator('.ant-select-dropdown:visible').getByText(CLASS).click();
  await page.keyboard.press('Escape');
  await drawer.getByRole('switch', { name: 'Must be read' }).click();
  await withToast(page, 'Draft saved', () => drawer.getByLabel('Title').press('Control+Enter'));

  const row = page.locator('.ant-table-row', { hasText: title });
  await expect(row.getByText('Draft')).toBeVisible();
  await row.getByRole('button', { name: `Publish ${title}` }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm.getByText(`It goes to Classes: ${CLASS}`)).toBeVisible();
  await expect(confirm.getByText('Each recipient is asked to confirm')).toBeVisible();
  await confirm.getByRole('button', { name: 'Publish' }).click();
  await expect(row.getByText('Published')).toBeVisible();
  // Nobody has read it yet: the bar reads 0 of the class.
  await expect(row.getByRole('progressbar', { name: /^0 \/ \d+ read$/ })).toBeVisible();
}

async function readAndConfirm(page: Page, title: string) {
  // The bell counts the unread.
  await expect(page.getByTestId('message-bell')).toHaveAccessibleName(/Messages, \d+ unread/, { timeout: 60_000 });
  // After signing in, the messages to confirm are shown one at a time; "Later" puts them off.
  const prompt = page.getByRole('dialog', { name: /Please read and confirm/ });
  await expect(prompt).toBeVisible();
  await prompt.getByRole('button', { name: 'Later' }).click();
  await expect(prompt).toBeHidden();

  await page.getByTestId('message-bell').click();
  const pop = page.locator('.bell-pop');
  await pop.getByRole('button', { name: new RegExp(title) }).click();
  await expect(page).toHaveURL(/\/study\/message\?id=\d+$/);
  const reader = page.getByRole('dialog').filter({ has: page.getByRole('heading', { name: title }) });
  await expect(reader.getByText('Sports day is on Friday.')).toBeVisible();
  await expect(reader.getByText('Please confirm')).toBeVisible();
  await withToast(page, 'Thank you: your reading is recorded', () =>
    reader.getByRole('button', { name: 'I have read it' }).click(),
  );
  await expect(reader.getByText(/^Read \d{4}-\d\d-\d\d \d\d:\d\d$/)).toBeVisible();
}

async function seeReceipt(page: Page, title: string) {
  await page.reload();
  const row = page.locator('.ant-table-row', { hasText: title });
  await expect(row.getByRole('progressbar', { name: /^1 \/ \d+ read$/ })).toBeVisible();
  await row.getByRole('button', { name: `Who has read it ${title}` }).click();
  const drawer = page.getByRole('dialog').filter({ hasText: `Who has read "${title}"` });
  await drawer.getByLabel('Keyword').fill('student');
  await drawer.getByRole('button', { name: /Search/ }).click();
  const receipt = drawer.locator('.ant-table-row', { hasText: STUDENT });
  await expect(receipt).toBeVisible();
  // Read at: a time, not "Not read".
  await expect(receipt.locator('td').nth(3)).toHaveText(/\d\d-\d\d \d\d:\d\d/);
  await expect(drawer.getByText(/Read: 1/)).toBeVisible();
  await page.keyboard.press('Escape');
}

test('a teacher sends a must-read message to a class; the student confirms it; the teacher sees when', async ({
  page: teacher,
  browser,
}) => {
  const title = uniqueName('Sports day ');
  await writeAndPublish(teacher, title);

  // The student signs in afresh, so the prompt of messages to confirm greets them.
  const student = await pageAs(browser, 'student', '/dashboard', { keepPrompt: true });
  await readAndConfirm(student, title);
  await student.context().close();

  await seeReceipt(teacher, title);
});
