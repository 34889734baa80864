import type { Locator, Page } from '@playwright/test';
import { expect, open, test, withToast } from './fixtures';
import { chooseOption, uniqueName } from './helpers';
import { pickFirstOption, uploadXlsx, xlsx } from './xlsx';

// Every base-data screen is the same generic engine: one screen gets the whole create, search, edit
// and delete pass; every other one creates a row through its own form, with only the extra required
// inputs of its resource spelled out (the engine's verbs and rules are proved by the API tests).
interface Screen {
  path: string;
  nameLabel: 'Name' | 'Title';
  tree?: boolean;
  fill?: (drawer: Locator, page: Page) => Promise<void>;
}

const rand = (min: number, max: number) => min + Math.floor(Math.random() * (max - min));

const screens: Screen[] = [
  { path: 'degree', nameLabel: 'Name' },
  {
    path: 'category',
    nameLabel: 'Name',
    fill: (drawer, page) => pickFirstOption(page, drawer.getByLabel('Degree')),
  },
  {
    path: 'typeEnum',
    nameLabel: 'Name',
    fill: async (drawer, page) => {
      await chooseOption(page, drawer.getByLabel('System type'), 'Online');
      await pickFirstOption(page, drawer.getByLabel('Degree'));
      await pickFirstOption(page, drawer.getByLabel('Category'));
    },
  },
  { path: 'userCategory', nameLabel: 'Name' },
  { path: 'courseCategory', nameLabel: 'Name', tree: true },
  { path: 'productCategory', nameLabel: 'Name', tree: true },
  { path: 'tag', nameLabel: 'Name', tree: true },
  {
    path: 'department',
    nameLabel: 'Name',
    tree: true,
    fill: (drawer) => drawer.getByRole('radio', { name: 'Office' }).check(),
  },
  {
    path: 'semester',
    nameLabel: 'Name',
    fill: async (drawer) => {
      const year = rand(2040, 2099);
      await drawer.getByLabel('Year').fill(String(year));
      await drawer.getByRole('radio', { name: 'Second term' }).check();
      for (const [label, date] of [
        ['Starts', `${year}-02-20`],
        ['Ends', `${year}-07-10`],
      ]) {
        await drawer.getByLabel(label).fill(date);
        await drawer.getByLabel(label).press('Tab');
      }
    },
  },
  { path: 'teachVenue', nameLabel: 'Name', fill: (drawer) => drawer.getByLabel('Capacity').fill('40') },
  {
    path: 'document',
    nameLabel: 'Title',
    fill: (drawer) => drawer.getByLabel('File').fill('https://example.org/handbook.pdf'),
  },
  {
    path: 'resource',
    nameLabel: 'Title',
    fill: async (drawer, page) => {
      await pickFirstOption(page, drawer.getByLabel('Kind'));
      await drawer.getByLabel('File or link').fill('https://example.org/lecture');
    },
  },
];

test.use({ role: 'admin' });

async function createThroughForm(page: Page, screen: Screen, name: string): Promise<Locator> {
  await page.locator('.toolbar').getByRole('button', { name: 'Create' }).click();
  const drawer = page.getByRole('dialog');
  await drawer.getByLabel(screen.nameLabel).fill(name);
  await screen.fill?.(drawer, page);
  await withToast(page, 'Saved', () => drawer.getByRole('button', { name: 'Save' }).click());
  await expect(drawer).toBeHidden();
  return drawer;
}

async function search(page: Page, keyword: string): Promise<void> {
  const filters = page.locator('.filter-bar');
  await filters.getByLabel('Keyword').fill(keyword);
  await filters.getByRole('button', { name: 'Search' }).click();
}

test.describe('base data screens', () => {
  test('one screen: create, search, edit and delete', async ({ page }) => {
    const screen = screens[0];
    await open(page, `/baseData/${screen.path}`);
    const name = uniqueName('E2E ');
    const drawer = await createThroughForm(page, screen, name);
    await search(page, name);
    const row = page.getByRole('row', { name: new RegExp(name) });
    await expect(row).toHaveCount(1);

    await row.getByRole('button', { name: `Edit ${name}` }).click();
    await drawer.getByLabel(screen.nameLabel).fill(`${name} edited`);
    // Enter alone moves on and saves nothing; Ctrl+Enter saves.
    await drawer.getByLabel(screen.nameLabel).press('Enter');
    await expect(drawer).toBeVisible();
    await drawer.getByLabel(screen.nameLabel).press('Control+Enter');
    await expect(row).toContainText(`${name} edited`);

    await row.getByRole('button', { name: `Delete ${name} edited` }).click();
    const confirm = page.locator('.ant-modal-confirm');
    await expect(confirm).toContainText(`Delete "${name} edited"?`);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(row).toHaveCount(0);
    await expect(page.locator('.ant-empty')).toBeVisible();
  });

  test('every other screen creates a row through its own form', async ({ page }) => {
    // Eleven screens, each opened, filled, saved and searched.
    test.setTimeout(180_000);
    for (const screen of screens.slice(1)) {
      await open(page, `/baseData/${screen.path}`);
      const name = uniqueName('E2E ');
      await createThroughForm(page, screen, name);
      await search(page, name);
      await expect(page.getByRole('row', { name: new RegExp(name) }), screen.path).toHaveCount(1);
    }
  });

  test('tree screens add a child under a node', async ({ page }) => {
    const uncaught: string[] = [];
    page.on('pageerror', (err) => uncaught.push(err.message));
    await open(page, '/baseData/courseCategory');
    const parent = uniqueName('E2E parent ');
    const child = uniqueName('E2E child ');
    await page.locator('.toolbar').getByRole('button', { name: 'Create' }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByLabel('Name').fill(parent);
    await drawer.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('button', { name: `Add child ${parent}` }).click();
    await expect(drawer).toContainText(`New entry under "${parent}"`);
    await drawer.getByLabel('Name').fill(child);
    await drawer.getByRole('button', { name: 'Save' }).click();
    await expect(drawer).toBeHidden();

    const filters = page.locator('.filter-bar');
    await filters.getByLabel('Keyword').fill(child);
    await filters.getByRole('button', { name: 'Search' }).click();
    // A filtered tree keeps the match and its ancestors.
    await expect(page.getByRole('row', { name: new RegExp(parent) })).toHaveCount(1);
    await expect(page.getByRole('row', { name: new RegExp(child) })).toHaveCount(1);

    // The parent is still used by its child: the server refuses and nothing is removed.
    await page.getByRole('button', { name: `Delete ${parent}` }).click();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: 'Delete' }).click();
    await expect(page.locator('.ant-message')).toContainText(
      'Cannot delete: in use by child entries (1). Nothing was deleted.',
    );
    await expect(page.getByRole('row', { name: new RegExp(parent) })).toHaveCount(1);
    // The refused deletion closes its dialog and leaves no uncaught error behind.
    await expect(page.locator('.ant-modal-confirm')).toBeHidden();
    expect(uncaught).toEqual([]);

    await page.getByRole('button', { name: `Delete ${child}` }).click();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('row', { name: new RegExp(child) })).toHaveCount(0);
    await filters.getByLabel('Keyword').fill(parent);
    await filters.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('button', { name: `Delete ${parent}` }).click();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('row', { name: new RegExp(parent) })).toHaveCount(0);
  });

  test('a child added under a knowledge point is a knowledge point and saves', async ({ page }) => {
    await open(page, '/baseData/tag');
    const point = uniqueName('E2E point ');
    const child = uniqueName('E2E sub-point ');
    await page.locator('.toolbar').getByRole('button', { name: 'Create' }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByLabel('Name').fill(point);
    await drawer.getByRole('radio', { name: 'Knowledge point' }).check();
    await drawer.getByRole('button', { name: 'Save' }).click();
    await expect(drawer).toBeHidden();
    await page.getByRole('button', { name: `Add child ${point}` }).click();
    // The child starts with its parent's type (the server refuses a tag under a knowledge point).
    await expect(drawer.getByRole('radio', { name: 'Knowledge point' })).toBeChecked();
    await drawer.getByLabel('Name').fill(child);
    await drawer.getByRole('button', { name: 'Save' }).click();
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('row', { name: new RegExp(child) })).toContainText('Knowledge point');
  });

  test('an import with one bad row lists it and writes nothing; a clean file imports', async ({ page }) => {
    await open(page, '/baseData/degree');
    const prefix = uniqueName('E2E import ');
    const header = ['Name', 'Code', 'Sort order'];
    const bad = await xlsx(header, [
      [`${prefix} A`, 'IA', 5],
      ['x'.repeat(80), 'IB', 6],
    ]);
    await page.locator('.toolbar').getByRole('button', { name: 'Import' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('button', { name: 'Download the template' })).toBeVisible();
    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Download the template' }).click();
    expect((await download).suggestedFilename()).toMatch(/\.xlsx$/);

    await uploadXlsx(dialog, 'degrees-bad.xlsx', bad);
    await dialog.getByRole('button', { name: 'Check the file' }).click();
    await expect(dialog).toContainText('1 problem in 1 of 2 rows');
    const errorRow = dialog.getByRole('row', { name: /^3 Name/ });
    await expect(errorRow).toHaveCount(1);
    await expect(dialog.getByRole('button', { name: /^Import \d+ rows$/ })).toHaveCount(0);

    await dialog.getByRole('button', { name: 'Choose another file' }).click();
    const good = await xlsx(header, [
      [`${prefix} A`, 'IA', 5],
      [`${prefix} B`, 'IB', 6],
    ]);
    await uploadXlsx(dialog, 'degrees.xlsx', good);
    await dialog.getByRole('button', { name: 'Check the file' }).click();
    await expect(dialog).toContainText('All 2 rows are valid');
    await dialog.getByRole('button', { name: 'Import 2 rows' }).click();
    await expect(dialog).toContainText('2 rows imported');
    await dialog.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();

    const filters = page.locator('.filter-bar');
    await filters.getByLabel('Keyword').fill(prefix);
    await filters.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByRole('row', { name: new RegExp(prefix) })).toHaveCount(2);
    await page.getByRole('checkbox', { name: 'Select all rows of this page' }).check();
    await page.getByRole('button', { name: /Delete selected/ }).click();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('row', { name: new RegExp(prefix) })).toHaveCount(0);
  });
});
