import { expect, type Locator, type Page } from '@playwright/test';

// The editor's form column (the student preview beside it has inputs with the same names).
export function editorMain(page: Page): Locator {
  return page.locator('.q-editor-main');
}

export async function fillStem(page: Page, text: string, path = 'stem'): Promise<void> {
  await page.locator(`#q-${path.replace(/\./g, '-')}`).fill(text);
}

export async function addTag(input: Locator, value: string): Promise<void> {
  await input.click();
  await input.pressSequentially(value);
  await input.press('Enter');
}

export async function saveAndBack(page: Page): Promise<void> {
  await editorMain(page).getByRole('button', { name: 'Save and back' }).click();
  await expect(page).toHaveURL(/\/question\/list$/);
}

// Searches the list by a keyword of the stem and returns the matching row.
export async function findRow(page: Page, keyword: string): Promise<Locator> {
  const bar = page.locator('form[id="question-filter"]');
  await bar.getByLabel('Keyword in the stem').fill(keyword);
  await bar.getByRole('button', { name: 'Search' }).click();
  const row = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: keyword });
  await expect(row).toHaveCount(1);
  return row;
}

export async function openEditor(page: Page, keyword: string): Promise<void> {
  const row = await findRow(page, keyword);
  await row.getByRole('button', { name: /^Edit #/ }).click();
  await expect(page.locator('#q-stem')).toHaveValue(new RegExp(keyword));
}
