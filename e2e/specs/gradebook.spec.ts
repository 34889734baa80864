import { clickMenu, expect, open, test, withToast } from './fixtures';

// The gradebook (issue 36): a teacher's class for the term, its weights set up in the drawer, and a
// student's own grades. The figures themselves are proved by the API test (gradebook.test.ts).

test.describe('gradebook', () => {
  test.use({ role: 'teacher' });

  test("a teacher reads their class's gradebook and sets its weights", async ({ page }) => {
    await open(page, '/dashboard');
    await clickMenu(page, 'Exams', 'Gradebook');
    await expect(page).toHaveURL(/\/exam\/gradebook$/);
    // The current term is chosen; other tests may have made the teacher lead other classes, so the demo
    // class is picked. Its confirmed mid-term counts, the quiz waits.
    await page.locator('.gradebook-bar .ant-select').first().click();
    await page.keyboard.type('Class 2024-1');
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Class 2024-1' }).click();
    await expect(page.locator('.gradebook-bar')).toContainText('Class 2024-1');
    await expect(page.locator('.gradebook-bar')).toContainText('2026–2027 First term');
    const head = page.locator('.ant-table-thead');
    await expect(head).toContainText('Calculus mid-term (marked)');
    await expect(head.locator('.gradebook-item', { hasText: 'Calculus quiz 3' })).toContainText('Scores not confirmed');
    await expect(head).toContainText('Exams · 70 %');
    const sam = page.locator('.ant-table-tbody tr', { hasText: 'Sam Student' }).first();
    await expect(sam.locator('.gradebook-total')).toHaveText(/^\d+\.\d %$/);
    await expect(page.locator('.gradebook-legend')).toContainText('Default categories');

    await page.getByRole('button', { name: 'Categories and weights' }).click();
    const drawer = page.getByRole('dialog', { name: /Categories and weights/ });
    const weights = drawer.getByLabel('Weight (%)');
    await weights.nth(0).fill('60');
    await expect(drawer.getByText('Weights add up to 90 % of 100 %')).toBeVisible();
    await drawer.getByRole('button', { name: 'Save' }).click();
    await expect(drawer.getByText('The weights must add up to 100 % (now 90 %)')).toBeVisible();
    await weights.nth(1).fill('40');
    await withToast(page, 'Gradebook saved', () => drawer.getByRole('button', { name: 'Save' }).click());
    await expect(head).toContainText('Exams · 60 %');
    await expect(page.locator('.gradebook-legend')).not.toContainText('Default categories');
  });
});

test.describe('my grades', () => {
  test.use({ role: 'student' });

  test('a student reads their own grades of the term', async ({ page }) => {
    await open(page, '/dashboard');
    await clickMenu(page, 'My study', 'My grades');
    await expect(page).toHaveURL(/\/study\/grades$/);
    const card = page.locator('.ant-card', { hasText: 'Class 2024-1' }).last();
    await expect(card).toContainText('Weighted total');
    const mid = card.locator('tr', { hasText: 'Calculus mid-term (marked)' });
    await expect(mid).toContainText(/\d+(\.\d+)? \/ 26/);
    await expect(card.locator('tr', { hasText: 'Week 1 homework' })).toContainText('/ 10');
    await expect(card.locator('tr', { hasText: 'Calculus quiz 3' })).toContainText('Scores not confirmed');
  });
});
