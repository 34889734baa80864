import type { APIRequestContext } from '@playwright/test';
import { expect, open, test, withToast } from './fixtures';
import { api, apiLogin, chooseOption, uniqueName } from './helpers';

// Rule-based papers in the builder (issue 11): rules with the bank's live count, draw once and swap,
// and a paper drawn per student whose totals follow from its rules.

// Each test saves, draws and publishes through the server several times.
test.describe.configure({ timeout: 120_000 });
test.use({ role: 'teacher' });

test('a teacher builds a paper by rules, draws it once, swaps a question and publishes it', async ({ page }) => {
  const name = uniqueName('E2E rule paper ');
  await open(page, '/exam/paperEdit');
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.locator('.ant-radio-button-wrapper', { hasText: 'Rules, drawn once' }).click();
  await page.getByRole('button', { name: 'Add rule' }).click();
  const rule = page.getByRole('region', { name: 'Rule 1 of section 1' });
  await chooseOption(page, rule.getByLabel('Question type'), 'Single choice');
  // The bank's count is asked for live; a count above it is flagged before anything is saved.
  const matching = rule.getByTestId(/-matching$/);
  await expect(matching).toContainText(/\d+ match/);
  const found = Number((await matching.locator('.ant-tag').textContent())?.match(/\d+/)?.[0]);
  expect(found).toBeGreaterThanOrEqual(3);
  // (Other tests add questions to the bank meanwhile: the count asked for, the field's highest, is far above.)
  await rule.getByLabel('Count').fill('999');
  await rule.getByLabel('Count').press('Tab');
  const asked = await rule.getByLabel('Count').inputValue();
  await matching.locator('.ant-tag').hover();
  const now = Number((await matching.locator('.ant-tag').textContent())?.match(/\d+/)?.[0]);
  await expect(page.getByRole('tooltip')).toContainText(`Only ${now} questions match; the rule asks for ${asked}.`);
  await page.mouse.move(0, 0);
  await rule.getByLabel('Count').fill('3');
  await rule.getByLabel('Points each').fill('4');
  await rule.getByLabel('Points each').press('Tab');
  await expect(matching).toContainText('3 questions, 12 points');

  await page.getByRole('button', { name: 'Draw questions' }).click();
  await withToast(page, '3 questions drawn', () =>
    page.locator('.ant-modal-confirm').getByRole('button', { name: 'Draw questions' }).click(),
  );
  await expect(page).toHaveURL(/\/exam\/paperEdit\?id=\d+$/);
  const items = page.locator('.paper-section .ant-table-tbody tr.ant-table-row');
  await expect(items).toHaveCount(3);
  await expect(items.filter({ hasText: 'Drawn' })).toHaveCount(3);
  await expect(page.getByTestId('paper-total')).toHaveText('12');

  // Swapping replaces the question, not its place or its points.
  const before = await items.nth(0).locator('td').nth(1).textContent();
  await withToast(page, 'Question 1 swapped for another that matches its rule', () =>
    page.getByRole('button', { name: 'Swap question 1' }).click(),
  );
  await expect(items.nth(0).locator('td').nth(1)).not.toHaveText(before ?? '');
  await expect(items).toHaveCount(3);
  await expect(page.getByTestId('paper-total')).toHaveText('12');

  await page.getByRole('button', { name: 'Publish' }).click();
  await page.locator('.ant-modal-confirm').getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('This paper is published')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add rule' })).toHaveCount(0);
});

// A tag of the test's own on two true-or-false questions of its own: the rule's count is theirs alone,
// whatever other tests add to the bank meanwhile.
async function taggedQuestions(page: APIRequestContext, teacher: APIRequestContext): Promise<string> {
  const tag = uniqueName('E2E rule tag ');
  const created = await api<{ id: number }>(page, 'POST', '/api/tag/create', { name: tag, type: 1 });
  expect(created.code, created.message).toBe(1);
  for (const stem of ['The sun is a star.', 'Water boils at 50 °C at sea level.']) {
    const q = await api(teacher, 'POST', '/api/question/create', {
      type: 3,
      stem: `<p>${tag}: ${stem}</p>`,
      answer: true,
      score: 1,
      tagIds: [created.response.id],
    });
    expect(q.code, q.message).toBe(1);
  }
  return tag;
}

test('a paper drawn per student totals its rules and keeps them across a reload', async ({ page, request }) => {
  await apiLogin(request, 'admin');
  const tag = await taggedQuestions(request, page.request);
  await open(page, '/exam/paperEdit');
  await page.getByLabel('Name', { exact: true }).fill(uniqueName('E2E per-student '));
  await page.locator('.ant-radio-button-wrapper', { hasText: 'Rules, drawn per student' }).click();
  await page.getByRole('button', { name: 'Add rule' }).click();
  const rule = page.getByRole('region', { name: 'Rule 1 of section 1' });
  await chooseOption(page, rule.getByLabel('Question type'), 'True or false');
  await chooseOption(page, rule.getByLabel('How many'), 'All objective questions');
  await rule.getByLabel('Tags').click();
  await page.keyboard.type(tag);
  await page.locator('.ant-select-dropdown:visible .ant-select-tree-node-content-wrapper', { hasText: tag }).click();
  await page.keyboard.press('Escape');
  const matching = rule.getByTestId(/-matching$/);
  await expect(matching).toContainText('2 match');
  const found = 2;
  // "All objective questions": the count is the bank's, not typed.
  await expect(rule.getByLabel('Count')).toBeDisabled();
  await expect(rule.getByLabel('Count')).toHaveValue(String(found));
  await page.getByRole('checkbox', { name: 'Shuffle the options of choice questions, per student' }).check();

  await withToast(page, 'Paper saved', () => page.getByRole('button', { name: 'save Save' }).click());
  await expect(page).toHaveURL(/\/exam\/paperEdit\?id=\d+$/);
  await expect(page.getByTestId('paper-total')).toHaveText(String(found * 2));
  await expect(page.getByText(`Plus ${found} questions drawn for each student`)).toBeVisible();

  await page.reload();
  const again = page.getByRole('region', { name: 'Rule 1 of section 1' });
  await expect(again.getByLabel('How many')).toBeVisible();
  await expect(again).toContainText('All objective questions');
  await expect(
    page.getByRole('checkbox', { name: 'Shuffle the options of choice questions, per student' }),
  ).toBeChecked();
  await expect(page.getByTestId('paper-total')).toHaveText(String(found * 2));
});
