import { expect, open, test } from './fixtures';
import { api, uniqueName } from './helpers';
import { createClassesWithStudents, publishOpenExam, sitExam, waitForScores, withSession } from './score-helpers';

// The score analysis report (issue: scores web): five students in two classes sit an exam with
// different answers, the machine marks them, and the report opened by the academic office draws its
// distribution and class box plot and shows the same summary figures as the API.

interface Summary {
  count: number;
  absent: number;
  mean: number | null;
  median: number | null;
  stdDev: number | null;
  max: number | null;
  min: number | null;
  passRate: number | null;
  excellentRate: number | null;
}
interface Analysis {
  summary: Summary;
  histogram: { count: number }[];
  classes: { className: string; box: number[] | null }[];
}

// The report writes figures to two decimals at most and rates as percentages to one decimal.
const figure = (v: number | null) => (v === null ? '—' : String(Math.round(v * 100) / 100));
const percent = (v: number | null) => (v === null ? '—' : `${(Math.round(v * 1000) / 10).toFixed(1)} %`);

test.use({ role: 'academic' });

test('the analysis report charts real scores and matches the API', async ({ page, baseURL }) => {
  test.setTimeout(240_000);
  const name = uniqueName('Scores E2E ');
  const students = await withSession(baseURL, 'admin', (request) => createClassesWithStudents(request, [3, 2]));
  const examId = await withSession(baseURL, 'academic', (request) =>
    publishOpenExam(request, name, students, { showScore: 3, allowReview: true }),
  );
  for (const [k, student] of students.entries()) await sitExam(baseURL, student, examId, k);

  const rows = await waitForScores(page.request, examId, students.length);
  // Different answers give different scores.
  expect(new Set(rows.map((r) => r.score)).size).toBeGreaterThan(1);
  const analysis = (await api<Analysis>(page.request, 'POST', '/api/examScore/analysis', { examId })).response;
  expect(analysis.summary.count).toBe(students.length);
  expect(analysis.classes.filter((c) => c.box !== null).length).toBe(2);

  await open(page, `/user/achiReport?examId=${examId}`);
  await expect(page.getByRole('heading', { name: new RegExp(name) })).toBeVisible();
  for (const key of ['count', 'absent', 'mean', 'median', 'stdDev', 'max', 'min'] as const) {
    await expect(page.getByTestId(`summary-${key}`)).toHaveText(figure(analysis.summary[key]));
  }
  for (const key of ['passRate', 'excellentRate'] as const) {
    await expect(page.getByTestId(`summary-${key}`)).toHaveText(percent(analysis.summary[key]));
  }

  // Both charts are drawn: a canvas with a size, and pixels on it.
  for (const label of [/^Bar chart of how many candidates/, /^Box plot of each class/]) {
    const chart = page.getByRole('img', { name: label });
    const canvas = chart.locator('canvas').first();
    await expect(canvas).toBeVisible();
    const drawn = await canvas.evaluate((c: HTMLCanvasElement) => {
      const ctx = c.getContext('2d');
      if (!ctx || c.width === 0 || c.height === 0) return 0;
      const data = ctx.getImageData(0, 0, c.width, c.height).data;
      let painted = 0;
      for (let i = 3; i < data.length; i += 4) if (data[i] > 0) painted++;
      return painted;
    });
    expect(drawn, `${label} has pixels`).toBeGreaterThan(500);
  }

  // Each class has its row in the class table, and every question its row in the item table.
  for (const c of analysis.classes) await expect(page.getByRole('cell', { name: c.className })).toBeVisible();

  // The class filter narrows the report to one class.
  await page.getByLabel('Class', { exact: true }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
  await expect(page).toHaveURL(/teamId=\d+/);
  await expect(page.getByTestId('summary-count')).toHaveText(/^[23]$/);

  // The print stylesheet hides the toolbar and keeps the charts.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(page.getByRole('img', { name: /^Bar chart of how many candidates/ }).locator('canvas')).toBeVisible();
  await page.emulateMedia({ media: null });
});
