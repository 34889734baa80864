import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, open, test, withToast } from './fixtures';
import { api, apiLogin, chooseOption, pickOption, uniqueName } from './helpers';

// Exam management and scheduling (issue 12): an exam set at the time and in the venue of a published
// one is refused on publish with the conflict shown; moved to a free time it publishes, and the
// scheduling calendar shows it.

// Set-up through the API, then many round trips through the editor, the dialogs and the calendar.
test.describe.configure({ timeout: 180_000 });
test.use({ role: 'academic' });

const pad = (n: number) => String(n).padStart(2, '0');
// A moment of `day` at a local hour, as the editor shows it and as the API takes it.
const typed = (day: Date, hour: number) =>
  `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())} ${pad(hour)}:00`;
const iso = (day: Date, hour: number) => new Date(day.getFullYear(), day.getMonth(), day.getDate(), hour).toISOString();
const monday = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate() - ((d.getDay() + 6) % 7));

// A weekday two to eight weeks ahead with no exam at all (so a retry, or a run before, meets none).
async function freeDay(request: APIRequestContext): Promise<Date> {
  for (let tries = 0; tries < 40; tries++) {
    const d = new Date();
    d.setDate(d.getDate() + 14 + Math.floor(Math.random() * 42));
    if (d.getDay() === 0 || d.getDay() === 6) continue;
    const day = await api<{ entries: unknown[] }>(request, 'POST', '/api/exam/calendar', {
      from: iso(d, 0),
      to: iso(d, 24),
      includeCancelled: true,
    });
    if (day.response.entries.length === 0) return d;
  }
  throw new Error('no free weekday found');
}

interface Setup {
  paper: { id: number; name: string };
  venue: { id: number; name: string };
  className: string;
  teamId: number;
}

async function setUp(request: APIRequestContext): Promise<Setup> {
  await apiLogin(request, 'academic');
  const papers = await api<{ list: { id: number; name: string }[] }>(request, 'POST', '/api/examPaper/page', {
    status: 2,
    paperType: 3,
    pageIndex: 1,
    pageSize: 10,
  });
  const paper = papers.response.list.find((p) => p.name.startsWith('Calculus I'));
  expect(paper, 'the demo has a published calculus paper').toBeTruthy();
  // A hall of its own: the demo's rooms hold the demo timetable's lessons on weekdays (issue 31), and
  // a room is in one place at a time.
  const hall = await api<{ id: number }>(request, 'POST', '/api/teachVenue/create', {
    name: uniqueName('Exam hall '),
    capacity: 80,
  });
  expect(hall.code, hall.message).toBe(1);
  const venues = await api<{ id: number; name: string }[]>(request, 'POST', '/api/teachVenue/list');
  const venue = venues.response.find((v) => v.id === hall.response.id);
  // Demo students only: students other tests create at the same moment stay in their own classes.
  const listed = await api<{ id: number; userName: string }[]>(request, 'POST', '/api/user/studentList', {
    limit: 50,
  });
  const students = { response: listed.response.filter((s) => !s.userName.startsWith('e2e')).slice(0, 3) };
  expect(students.response.length).toBeGreaterThan(0);
  const className = uniqueName('E2E class ');
  const team = await api<{ id: number }>(request, 'POST', '/api/team/create', {
    id: null,
    name: className,
    gradeYear: 2025,
    members: students.response.map((s) => ({ userId: s.id })),
  });
  expect(team.code, team.message).toBe(1);
  return {
    paper: paper as Setup['paper'],
    venue: venue as Setup['venue'],
    className,
    teamId: team.response.id,
  };
}

async function fillMoment(input: Locator, text: string): Promise<void> {
  await input.click();
  await input.fill(text);
  await input.press('Enter');
  await expect(input).toHaveValue(text);
}

async function openPublish(page: Page, name: string): Promise<Locator> {
  const row = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: name });
  await row.getByRole('button', { name: `Publish ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Publish "${name}"` });
  await expect(dialog.getByText('Checking the venue')).toBeHidden();
  return dialog;
}

test('academic staff see a venue conflict refuse the publish, move the exam and find it on the calendar', async ({
  page,
  request,
}) => {
  const setup = await setUp(request);
  const day = await freeDay(request);

  // The exam already there: the same venue and class, 09:00-11:00, published.
  const otherName = uniqueName('E2E first sitting ');
  const other = await api<{ id: number }>(request, 'POST', '/api/exam/create', {
    id: null,
    name: otherName,
    paperId: setup.paper.id,
    windowStart: iso(day, 9),
    windowEnd: iso(day, 11),
    durationMinutes: 90,
    venueId: setup.venue.id,
    teamIds: [setup.teamId],
  });
  expect(other.code, other.message).toBe(1);
  const published = await api(request, 'POST', `/api/exam/publish/${other.response.id}`, { acceptWarnings: true });
  expect(published.code, published.message).toBe(1);

  // A new exam at the same time in the same venue, through the editor.
  await open(page, '/exam/management');
  await page.getByRole('button', { name: 'New exam' }).click();
  const editor = page.getByRole('dialog', { name: 'New exam' });
  const name = uniqueName('E2E calculus final ');
  await editor.getByLabel('Exam name').fill(name);
  await chooseOption(page, editor.getByLabel('Exam paper'), setup.paper.name);
  // The paper's suggested duration comes with it.
  await expect(editor.getByLabel('Duration')).toHaveValue('90');
  await fillMoment(editor.getByLabel('Opens'), typed(day, 9));
  await fillMoment(editor.getByLabel('Closes'), typed(day, 11));
  await pickOption(page, editor, editor.getByLabel('Classes'), setup.className);
  await chooseOption(page, editor.getByLabel('Venue', { exact: true }), setup.venue.name);
  await withToast(page, 'Saved as a draft', () => editor.getByRole('button', { name: 'Save' }).click());
  await expect(editor).toBeHidden();
  const row = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: name });
  await expect(row).toContainText('Draft');

  // Publishing: the conflict is shown and the publish refused.
  let dialog = await openPublish(page, name);
  await expect(dialog).toContainText('Venue double-booked');
  await expect(dialog).toContainText(`With "${otherName}"`);
  await expect(dialog).toContainText('must be solved before the exam can be published');
  await expect(dialog.getByRole('button', { name: 'Publish', exact: true })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  // The server refuses it too, whatever the screen offers.
  const id = (
    await api<{ list: { id: number }[] }>(request, 'POST', '/api/exam/page', {
      keyword: name,
      pageIndex: 1,
      pageSize: 5,
    })
  ).response.list[0].id;
  const refused = await api(request, 'POST', `/api/exam/publish/${id}`, { acceptWarnings: true });
  expect(refused.code).not.toBe(1);
  await expect(row).toContainText('Draft');

  // Moved to the afternoon (the end follows the start), it publishes.
  await row.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('dialog', { name: `Edit "${name}"` });
  await fillMoment(edit.getByLabel('Opens'), typed(day, 14));
  await expect(edit.getByLabel('Closes')).toHaveValue(typed(day, 16));
  // Ctrl+Enter saves from any field.
  await edit.getByLabel('Exam name').press('Control+Enter');
  await expect(edit).toBeHidden();
  dialog = await openPublish(page, name);
  await expect(dialog).toContainText('No conflicts');
  await withToast(page, `"${name}" is published`, () =>
    dialog.getByRole('button', { name: 'Publish', exact: true }).click(),
  );
  await expect(row).toContainText('Published');

  // The scheduling calendar, by venue: both sittings in the exam's week, neither in conflict now.
  await page.getByRole('button', { name: 'Calendar' }).click();
  await expect(page).toHaveURL(/\/exam\/scheduling$/);
  await chooseOption(page, page.getByRole('combobox', { name: 'Venue' }), setup.venue.name);
  const weeks = Math.round((monday(day).getTime() - monday(new Date()).getTime()) / (7 * 86_400_000));
  for (let i = 0; i < weeks; i++) await page.getByRole('button', { name: 'Next week' }).click();
  const block = page.getByRole('button', { name: new RegExp(`^${name}\\W+14:00–16:00`) });
  await expect(block).toBeVisible();
  await expect(page.getByRole('button', { name: new RegExp(`^${otherName}\\W+09:00–11:00`) })).toBeVisible();
  await block.click();
  const details = page.getByRole('dialog', { name });
  await expect(details).toContainText('Published');
  await expect(details).toContainText('No conflicts with other exams');
  // The month shows it too.
  await details.getByRole('button', { name: 'Close' }).click();
  await page.getByText('Month', { exact: true }).click();
  await expect(page.getByRole('button', { name: new RegExp(`^\\d\\d:\\d\\d ${name}\\W`) })).toBeVisible();
});

// Issue 36, item 1: the demo class, with its month-long practice window and homework open, gets a new exam
// through the editor and publishes it (it once could not until the practice closed).
test('a new exam for the demo class is built in the editor and published, whatever practice and homework it has open', async ({
  page,
  request,
}) => {
  const setup = await setUp(request);
  const day = await freeDay(request);
  await open(page, '/exam/management');
  await page.getByRole('button', { name: 'New exam' }).click();
  const editor = page.getByRole('dialog', { name: 'New exam' });
  const name = uniqueName('E2E demo class quiz ');
  await editor.getByLabel('Exam name').fill(name);
  await chooseOption(page, editor.getByLabel('Exam paper'), setup.paper.name);
  await fillMoment(editor.getByLabel('Opens'), typed(day, 9));
  await fillMoment(editor.getByLabel('Closes'), typed(day, 11));
  await pickOption(page, editor, editor.getByLabel('Classes'), 'Class 2024-1 Computer Science');
  await withToast(page, 'Saved as a draft', () => editor.getByLabel('Exam name').press('Control+Enter'));
  await expect(editor).toBeHidden();

  const dialog = await openPublish(page, name);
  await expect(dialog).not.toContainText('must be solved before the exam can be published');
  // Another run's sitting of the same students at that hour would be a warning to accept, not a stop.
  const anyway = dialog.getByRole('button', { name: 'Publish anyway' });
  const publish = (await anyway.count()) ? anyway : dialog.getByRole('button', { name: 'Publish', exact: true });
  await withToast(page, `"${name}" is published`, () => publish.click());
  await expect(page.locator('.ant-table-tbody tr.ant-table-row', { hasText: name })).toContainText('Published');
});
