import type { Page } from '@playwright/test';
import { expect, open, test, useLanguage, withToast } from './fixtures';
import { uniqueName } from './helpers';
import { addTag, editorMain, fillStem, findRow, openEditor, saveAndBack } from './question-helpers';
import { uploadXlsx, xlsx } from './xlsx';

// One question of each type is created and edited through the editor at the spec's path.
async function fillChoice(page: Page, contents: string[], correct: string[]): Promise<void> {
  const main = editorMain(page);
  for (const [i, text] of contents.entries()) {
    await main.getByLabel(`Content of option ${'ABCDEFGHIJ'[i]}`).fill(text);
  }
  for (const label of correct) await main.getByLabel(`Option ${label} is correct`).check();
}

test.use({ role: 'admin' });

test.describe('question editors', () => {
  test('single choice: create with a formula, reorder options, edit', async ({ page }) => {
    const stem = uniqueName('Single');
    await open(page, '/question/single/choice');
    await expect(page.getByRole('heading', { name: 'New question · Single choice' })).toBeVisible();
    // The editor's tab is closable: its close mark sits inside the tab, so the tab list holds tabs only.
    await expect(page.getByRole('tab')).toHaveCount(2);
    await expect(page.locator('.tabs-bar-close')).toHaveCount(1);
    await fillStem(page, `${stem} which is the derivative of x²? `);
    const main = editorMain(page);
    await main.getByRole('button', { name: 'Insert formula' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Formula (LaTeX)' });
    await dialog.getByLabel('Formula (LaTeX)').fill('\\frac{d}{dx}x^2');
    await expect(dialog.locator('.katex')).toBeVisible();
    await dialog.getByRole('button', { name: 'Insert' }).click();
    await expect(page.locator('#q-stem')).toHaveValue(/data-latex="\\frac\{d\}\{dx\}x\^2"/);
    await expect(page.locator('.q-editor-side .katex').first()).toBeVisible();
    await fillChoice(page, ['x', '2x', 'x^2', '2'], ['B']);
    // Moving B up makes it A, and the correct mark moves with it.
    await main.getByRole('button', { name: 'Move up B' }).click();
    await expect(main.getByLabel('Content of option A')).toHaveValue('2x');
    await expect(main.getByLabel('Option A is correct')).toBeChecked();
    await main.getByRole('button', { name: 'Remove option D' }).click();
    await expect(main.getByLabel('Content of option D')).toHaveCount(0);
    // Try an answer with the key: full marks.
    await page.getByRole('button', { name: 'Fill in the key' }).click();
    await expect(page.getByTestId('try-result')).toContainText('2 of 2 points');
    await saveAndBack(page);
    await openEditor(page, stem);
    await expect(page.getByRole('heading', { name: /Question #\d+ · Single choice/ })).toBeVisible();
    await editorMain(page).getByLabel('Score', { exact: true }).fill('3');
    await saveAndBack(page);
    await expect(await findRow(page, stem)).toContainText('3');
  });

  test('multiple choice: validation, partial credit, edit', async ({ page }) => {
    const stem = uniqueName('Multi');
    await open(page, '/question/multiple/choice');
    const main = editorMain(page);
    await main.getByRole('button', { name: 'Save and back' }).click();
    await expect(main.getByText('is required')).toBeVisible();
    await expect(main.getByText('mark at least one correct option')).toBeVisible();
    await fillStem(page, `${stem} which are prime?`);
    await fillChoice(page, ['2', '3', '4', '9'], ['A', 'B']);
    await main.getByRole('radio', { name: 'Part score for a correct subset' }).check();
    await main.getByLabel('Part score', { exact: true }).fill('1');
    const preview = page.locator('.q-editor-side');
    await preview.getByRole('checkbox', { name: 'A. 2' }).check();
    await expect(page.getByTestId('try-result')).toContainText('1 of 2 points');
    await saveAndBack(page);
    await openEditor(page, stem);
    await editorMain(page).getByRole('button', { name: 'Add option' }).click();
    await editorMain(page).getByLabel('Content of option E').fill('5');
    await editorMain(page).getByLabel('Option E is correct').check();
    await saveAndBack(page);
    await page
      .locator('.ant-table-tbody')
      .getByRole('button', { name: new RegExp(stem) })
      .click();
    await expect(page.getByRole('dialog')).toContainText('Answer: A, B, E');
  });

  test('true or false: create and flip the key', async ({ page }) => {
    const stem = uniqueName('TrueFalse');
    await open(page, '/question/true/false');
    await fillStem(page, `${stem} the sum of a triangle's angles is 180°.`);
    await editorMain(page).getByRole('radio', { name: 'True' }).check();
    await saveAndBack(page);
    await openEditor(page, stem);
    await editorMain(page).getByRole('radio', { name: 'False' }).check();
    await saveAndBack(page);
    await page
      .locator('.ant-table-tbody')
      .getByRole('button', { name: new RegExp(stem) })
      .click();
    await expect(page.getByRole('dialog')).toContainText('Answer: False');
  });

  test('gap filling: insert blanks, accepted answers and rules, edit', async ({ page }) => {
    const stem = uniqueName('Gap');
    await open(page, '/question/gap/filling');
    const main = editorMain(page);
    await fillStem(page, `${stem} the capital of France is `);
    await main.getByRole('button', { name: 'Insert blank' }).click();
    await page.locator('#q-stem').press('End');
    await page.locator('#q-stem').pressSequentially(' and of Italy is ');
    await main.getByRole('button', { name: 'Insert blank' }).click();
    await addTag(main.getByLabel('Accepted answers Blank 1'), 'Paris');
    await addTag(main.getByLabel('Accepted answers Blank 2'), 'Rome');
    await main.getByLabel('Score Blank 2').fill('2');
    await expect(main.getByLabel('Score', { exact: true })).toHaveValue(/^3(\.0)?$/);
    await main.getByLabel('Blanks in any order').click();
    const preview = page.locator('.q-editor-side');
    await preview.getByLabel('Blank 1').fill(' paris ');
    await expect(page.getByTestId('try-result')).toContainText('1 of 3 points');
    await saveAndBack(page);
    await openEditor(page, stem);
    await addTag(editorMain(page).getByLabel('Accepted answers Blank 2'), 'Roma');
    await saveAndBack(page);
    await page
      .locator('.ant-table-tbody')
      .getByRole('button', { name: new RegExp(stem) })
      .click();
    const drawer = page.getByRole('dialog');
    await expect(drawer.getByLabel('Blank 2')).toBeVisible();
    await expect(drawer).toContainText('Roma');
  });

  test('short answer: reference and keywords, edit', async ({ page }) => {
    const stem = uniqueName('Short');
    await open(page, '/question/short/answer');
    const main = editorMain(page);
    await fillStem(page, `${stem} explain photosynthesis.`);
    await main.getByLabel('Reference answer').fill('<p>Plants turn light, water and CO<sub>2</sub> into sugar.</p>');
    await main.getByRole('button', { name: 'Add keyword' }).click();
    await main.getByLabel('Keyword 1', { exact: true }).fill('light');
    await main.getByLabel('Points 1', { exact: true }).fill('2');
    await main.getByLabel('Score', { exact: true }).fill('5');
    await saveAndBack(page);
    await openEditor(page, stem);
    await editorMain(page).getByRole('button', { name: 'Add keyword' }).click();
    await editorMain(page).getByLabel('Keyword 2', { exact: true }).fill('chlorophyll');
    await saveAndBack(page);
    await page
      .locator('.ant-table-tbody')
      .getByRole('button', { name: new RegExp(stem) })
      .click();
    await expect(page.getByRole('dialog')).toContainText('chlorophyll +1');
  });

  test('compose: children of several types, edit', async ({ page }) => {
    const stem = uniqueName('Compose');
    await open(page, '/question/compose');
    const main = editorMain(page);
    await fillStem(page, `${stem} read the passage and answer.`);
    await main.getByRole('button', { name: 'Add child question' }).click();
    await page.getByRole('menuitem', { name: 'True or false' }).click();
    await fillStem(page, 'The passage is about cats.', 'children.0.stem');
    await main.getByRole('button', { name: 'Add child question' }).click();
    await page.getByRole('menuitem', { name: 'Single choice' }).click();
    await fillStem(page, 'Who wrote it?', 'children.1.stem');
    await fillChoice(page, ['Ann', 'Bob', 'Cy', 'Di'], ['C']);
    await expect(page.locator('#q-score')).toHaveValue(/^4(\.0)?$/);
    await saveAndBack(page);
    await openEditor(page, stem);
    await editorMain(page).getByRole('button', { name: 'Move up 2' }).click();
    await expect(page.locator('#q-children-0-stem')).toHaveValue('Who wrote it?');
    await saveAndBack(page);
    await page
      .locator('.ant-table-tbody')
      .getByRole('button', { name: new RegExp(stem) })
      .click();
    await expect(page.getByRole('dialog')).toContainText('1. Answer: C');
  });
});

test.describe('question list', () => {
  test('filters by type and keyword, previews with versions, bulk tags and deletes', async ({ page }) => {
    const stem = uniqueName('Listed');
    await open(page, '/question/true/false');
    await fillStem(page, `${stem} water boils at 100 °C at sea level.`);
    await saveAndBack(page);
    const bar = page.locator('form[id="question-filter"]');
    await bar.getByLabel('Type').click();
    await page.locator('.ant-select-item-option', { hasText: 'True or false' }).click();
    const row = await findRow(page, stem);
    await expect(row).toContainText('True or false');
    await row.getByRole('button', { name: /^Preview #/ }).click();
    const drawer = page.getByRole('dialog');
    await expect(drawer.getByRole('radio', { name: 'True' })).toBeVisible();
    await expect(drawer).toContainText('Version history');
    await expect(drawer).toContainText('v1 ·');
    await drawer.getByRole('button', { name: 'Close' }).click();
    await row.getByRole('checkbox').check();
    await page.getByRole('button', { name: /Tag selected/ }).click();
    const modal = page.getByRole('dialog', { name: /Add tags to 1 questions/ });
    await modal.getByLabel('Tags and knowledge points').click();
    await page.locator('.ant-select-tree-node-content-wrapper').filter({ hasText: 'Exam focus' }).first().click();
    await modal.getByLabel('Tags and knowledge points').press('Escape');
    await withToast(page, '1 questions tagged', () => modal.getByRole('button', { name: 'Save' }).click());
    await row.getByRole('button', { name: /^Delete #/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.locator('.ant-table-tbody tr.ant-table-row', { hasText: stem })).toHaveCount(0);
  });

  test('Aiken text import: a bad block is reported first, then the good ones are imported', async ({ page }) => {
    const tag = uniqueName('Aiken');
    await open(page, '/question/list');
    await page.getByRole('button', { name: 'Paste text' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import choice questions from text (Aiken format)' });
    const good = `${tag} which is a mammal?\nA. Shark\nB. Whale\nANSWER: B\n\n${tag} which are primes?\nA. 2\nB. 4\nC. 5\nANSWER: A, C`;
    await dialog.getByLabel('Questions').fill(`${good}\n\n${tag} no answer\nA. x\nB. y`);
    await dialog.getByRole('button', { name: 'Check' }).click();
    await expect(dialog.getByRole('cell', { name: 'missing "ANSWER: X" line' })).toBeVisible();
    await dialog.getByLabel('Questions').fill(good);
    await dialog.getByRole('button', { name: 'Check' }).click();
    await expect(dialog.getByText('2 questions are ready. Nothing has been written yet.')).toBeVisible();
    await withToast(page, '2 questions imported', () =>
      dialog.getByRole('button', { name: 'Import 2 questions' }).click(),
    );
    await page.getByLabel('Keyword in the stem').fill(tag);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.locator('.ant-table-row')).toHaveCount(2);
  });

  test('Excel import: a bad row is listed first, duplicates are flagged, a clean file imports', async ({ page }) => {
    const tag = uniqueName('Xls');
    await open(page, '/question/list');
    const header = ['Group', 'Type', 'Stem', 'Option A', 'Option B', 'Answer', 'Score'];
    const good = ['', 'Single choice', `${tag} 2 + 2 = ?`, '3', '4', 'B', 2];
    const bad = ['', 'Single choice', `${tag} bad`, 'x', 'y', 'E', 1];
    await page.locator('.toolbar').getByRole('button', { name: 'Import' }).click();
    const dialog = page.getByRole('dialog');
    await uploadXlsx(dialog, 'questions-bad.xlsx', await xlsx(header, [good, bad]));
    await dialog.getByRole('button', { name: 'Check the file' }).click();
    await expect(dialog.getByRole('cell', { name: 'option label E is out of range' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Choose another file' }).click();
    await uploadXlsx(dialog, 'questions.xlsx', await xlsx(header, [good]));
    await dialog.getByRole('button', { name: 'Check the file' }).click();
    await dialog.getByRole('button', { name: 'Import 1 question' }).click();
    await expect(dialog).toContainText('1 question imported');
    await dialog.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
    // The same file again: every row repeats a stem already in the bank.
    await page.locator('.toolbar').getByRole('button', { name: 'Import' }).click();
    await uploadXlsx(dialog, 'questions.xlsx', await xlsx(header, [good]));
    await dialog.getByRole('button', { name: 'Check the file' }).click();
    await expect(dialog).toContainText('1 already in the bank');
  });
  test('GIFT import in Chinese: the dry run table, then the questions under their knowledge points', async ({
    page,
  }) => {
    const topic = uniqueName('GIFT');
    const gift = [
      `$CATEGORY: $course$/top/${topic}/地理`,
      `::河流::${topic} 中国最长的河流是？{=长江 ~黄河 ~珠江}`,
      '',
      `::山峰::${topic} 世界最高峰是珠穆朗玛峰。{T}`,
      '',
      `::配对::${topic} 把国家和首都配对。{=中国 -> 北京 =法国 -> 巴黎 =日本 -> 东京}`,
    ].join('\n');
    await open(page, '/question/list');
    await useLanguage(page, 'zh');
    await page.locator('.toolbar').getByRole('button', { name: '导入' }).click();
    const dialog = page.getByRole('dialog', { name: '导入题目' });
    await dialog.locator('input[type=file]').setInputFiles({
      name: 'geography.gift.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from(gift),
    });
    await dialog.getByRole('button', { name: '校验文件' }).click();
    // The dry run: two to import under the new knowledge point, the matching question not supported.
    await expect(dialog).toContainText('格式：GIFT');
    await expect(dialog).toContainText('2 道将导入');
    await expect(dialog).toContainText(`将新建 2 个知识点和标签：${topic}；${topic} / 地理`);
    await expect(dialog.getByRole('row', { name: /河流/ })).toContainText(`${topic} / 地理`);
    await expect(dialog.getByRole('row', { name: /配对/ })).toContainText('不支持');
    await dialog.getByRole('button', { name: '导入 2 道题' }).click();
    await expect(dialog).toContainText('已导入 2 道题');
    await expect(dialog).toContainText('1 道未导入');
    await dialog.locator('.ant-modal-footer').getByRole('button', { name: '关 闭' }).click();
    // Filed under the new knowledge point: the tree filter finds both, and nothing else.
    const point = page.getByRole('combobox', { name: '标签或知识点' });
    await point.click();
    await point.fill('地理');
    await page.locator('.ant-select-tree').getByTitle('地理').click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: /搜\s*索/ }).click();
    await expect(page.locator('.ant-table-row')).toHaveCount(2);
    await expect(page.locator('.ant-table-tbody')).toContainText(`${topic} 中国最长的河流是？`);
    await useLanguage(page, 'en');
  });
});
