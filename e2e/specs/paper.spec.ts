import type { Page } from '@playwright/test';
import { expect, open, test, withToast } from './fixtures';
import { chooseOption, uniqueName } from './helpers';

// The paper builder (issue 11): a paper built by hand with two sections, its totals, preview and publish.

// The first test picks, saves, publishes and goes back to the list: many server round trips.
test.describe.configure({ timeout: 120_000 });
test.use({ role: 'teacher' });

async function pick(page: Page, section: number, type: string, count: number): Promise<void> {
  await page.locator('.paper-section').nth(section).getByRole('button', { name: 'Add questions' }).click();
  const drawer = page.getByRole('dialog', { name: /^Add questions to/ });
  const bar = drawer.locator('.filter-bar');
  await chooseOption(page, bar.getByLabel('Type'), type);
  await drawer.getByRole('button', { name: 'Search' }).click();
  const rows = drawer.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows.first()).toBeVisible();
  for (let i = 0; i < count; i++) await rows.nth(i).getByRole('checkbox').check();
  await drawer.getByRole('button', { name: count === 1 ? 'Add 1 question' : `Add ${count} questions` }).click();
  await expect(drawer).toBeHidden();
}

test('a teacher builds an exam paper by hand with two sections, previews and publishes it', async ({ page }) => {
  const name = uniqueName('E2E paper ');
  await open(page, '/exam/paper');
  await page.getByRole('button', { name: 'New paper' }).click();
  await expect(page).toHaveURL(/\/exam\/paperEdit$/);
  await page.getByLabel('Name', { exact: true }).fill(name);
  await pick(page, 0, 'Single choice', 2);
  await page.getByRole('button', { name: 'Add section' }).click();
  await page.locator('.paper-section').nth(1).getByLabel('Section title').fill('Part 2: writing');
  await pick(page, 1, 'Short answer', 1);
  // Numbers run on across sections; a score typed in changes the totals at once.
  await expect(page.getByLabel('Score of question 3')).toBeVisible();
  await page.getByLabel('Score of question 3').fill('10');
  await page.getByLabel('Score of question 3').press('Tab');
  const total = page.getByTestId('paper-total');
  const before = Number(await total.textContent());
  expect(before).toBeGreaterThan(10);
  await expect(page.getByRole('img', { name: 'Points by question type and by difficulty' })).toBeVisible();

  await page.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByRole('dialog', { name: 'As students see it' });
  await expect(preview).toContainText(name);
  await expect(preview).toContainText('Part 2: writing');
  await page.keyboard.press('Escape');
  await expect(preview).toBeHidden();

  await withToast(page, 'Paper saved', () => page.getByRole('button', { name: 'save Save' }).click());
  await expect(page).toHaveURL(/\/exam\/paperEdit\?id=\d+$/);
  await page.getByRole('button', { name: 'Publish' }).click();
  await page.locator('.ant-modal-confirm').getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('This paper is published')).toBeVisible();

  await expect(page.getByRole('button', { name: 'save Save' })).toHaveCount(0);

  // The list shows the new paper as published.
  await page.getByRole('button', { name: 'Back to the list' }).click();
  await expect(page).toHaveURL(/\/exam\/paper$/);
  const row = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: name });
  await expect(row).toContainText('Published');
});

test('saving without a name names the field and writes nothing', async ({ page }) => {
  await open(page, '/exam/paperEdit');
  await page.getByRole('button', { name: 'save Save' }).click();
  await expect(page.getByText('Please name the paper')).toBeVisible();
  await expect(page).toHaveURL(/\/exam\/paperEdit$/);
});

test('homework papers use the same builder without exam-only settings', async ({ page }) => {
  // Each list holds its own kind of paper, even after the other list was seen.
  // (Found by name: other tests add papers to both lists meanwhile.)
  await open(page, '/exam/paper');
  await page.locator('.filter-bar').getByLabel('Keyword').fill('Calculus I');
  await page.locator('.filter-bar').getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('Calculus I — final practice')).toBeVisible();
  await open(page, '/task/paper', { keepTabs: true });
  const shown = page.locator('.view-pane:not([hidden])');
  await shown.locator('.filter-bar').getByLabel('Keyword').fill('Week 3');
  await shown.locator('.filter-bar').getByRole('button', { name: 'Search' }).click();
  await expect(shown.getByText('Week 3 homework')).toBeVisible();
  await expect(shown.getByText('Calculus I — final practice')).toHaveCount(0);
  await page.getByRole('button', { name: 'New paper' }).click();
  await expect(page).toHaveURL(/\/task\/paperEdit$/);
  await expect(page.getByRole('heading', { name: 'New homework paper' })).toBeVisible();
  await expect(page.getByLabel('Suggested duration (minutes)')).toHaveCount(0);
});
