import type { APIRequestContext, Page } from '@playwright/test';
import { expect, open, pageAs, test, withToast } from './fixtures';
import { api, uniqueName } from './helpers';
import { demoPaperId } from './score-helpers';

// Exam registration (issue 12): staff publish an exam with open registration that needs approval,
// a student registers in My exams and waits, staff approve, number the seats and print the tickets,
// and the student then sees the exam approved, with the ticket and its seat.

test.use({ role: 'academic' });

const HOUR = 3_600_000;
// A student of the demo other than `student`, whose home page other tests expect without exams.
const STUDENT = 's2026012';

interface Row {
  id: number;
  name: string;
  status?: number;
}

// The exam, created and published through the API with the staff member's session.
async function publishExam(request: APIRequestContext, name: string): Promise<number> {
  const paperId = await demoPaperId(request);
  // A room of its own: the demo's rooms hold the demo timetable's lessons on weekdays (issue 31).
  const venue = (
    await api<Row>(request, 'POST', '/api/teachVenue/create', { name: uniqueName('Olympiad room E2E '), capacity: 40 })
  ).response;
  // A window days ahead, on a random hour, so that runs against the same server do not book the venue twice.
  const start = Math.floor(Date.now() / HOUR) + 48 + Math.floor(Math.random() * 24 * 300);
  const at = (hours: number) => new Date((start + hours) * HOUR).toISOString();
  const now = Date.now() / HOUR - start;
  const created = await api<number | { id: number }>(request, 'POST', '/api/exam/create', {
    id: null,
    name,
    paperId,
    windowStart: at(0),
    windowEnd: at(3),
    durationMinutes: 90,
    latestEntryMinutes: 30,
    instructions: 'Bring a pencil and a calculator.',
    venueId: venue?.id ?? null,
    registrationMode: 2,
    registrationStart: at(now - 1),
    registrationEnd: at(now + 24),
    capacity: 30,
    needsApproval: true,
    fullscreen: true,
    switchWarnAfter: 2,
    switchCollectAfter: 5,
    cameraSource: 1,
    showScore: 3,
  });
  expect(created.code, created.message).toBe(1);
  const id = typeof created.response === 'number' ? created.response : created.response.id;
  const published = await api(request, 'POST', `/api/exam/publish/${id}`, { acceptWarnings: true });
  expect(published.code, published.message).toBe(1);
  return id;
}

// Confirms the open dialog and catches the toast that reports the result: the watch starts before the
// click, since on a loaded machine the dialog can take longer to close than the toast stays.
async function confirmDialog(page: Page, ok: string, toast: string | RegExp) {
  const dialog = page.locator('.ant-modal-confirm');
  await withToast(page, toast, () => dialog.getByRole('button', { name: ok }).click());
  await expect(dialog).toHaveCount(0);
}

test('a student registers, staff approve and seat them, and both see the admission ticket', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const name = uniqueName('Registration E2E ');
  const examId = await publishExam(page.request, name);

  // The student registers in My exams and waits for approval.
  const student = await pageAs(browser, STUDENT, '/study/exam');
  await student.getByRole('tab', { name: /Registration/ }).click();
  const offer = student.getByTestId('registrable-exam').filter({ hasText: name });
  await expect(offer).toContainText('Needs approval');
  await expect(offer).toContainText('30 of 30 places left');
  await offer.getByRole('button', { name: `Register ${name}` }).click();
  await confirmDialog(student, 'Register', `Registered for ${name}: awaiting approval.`);
  await expect(offer).toContainText('Awaiting approval');
  await expect(offer.getByRole('button', { name: `Cancel registration ${name}` })).toBeVisible();
  await student.getByRole('tab', { name: /Upcoming/ }).click();
  const pendingCard = student.getByTestId('my-exam').filter({ hasText: name });
  await expect(pendingCard).toContainText('Awaiting approval');
  await expect(pendingCard.getByRole('button', { name: /ticket/i })).toHaveCount(0);

  // Staff find the exam under Exam registration and open its registrants.
  await open(page, '/exam/registration');
  // Earlier runs leave their exams behind: find this one by name.
  await page.getByLabel('Exam', { exact: true }).fill(name);
  await page.getByRole('button', { name: 'Search' }).click();
  const row = page.locator('.ant-table-row').filter({ hasText: name });
  await expect(row).toContainText('Open');
  await expect(row.getByRole('img', { name: '0 approved, 1 awaiting approval, 0 rejected' })).toBeVisible();
  await row.getByRole('button', { name: `Registrants of ${name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/examRegister/registerList\\?examId=${examId}$`));
  await expect(page.getByRole('heading', { name: `Registrants of ${name}` })).toBeVisible();

  const registrant = page.locator('.ant-table-row').filter({ hasText: STUDENT });
  await expect(registrant).toContainText('Awaiting approval');
  await registrant.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Approve (1)' }).click();
  await confirmDialog(page, 'Approve', '1 registration approved');
  await expect(registrant).toContainText('Approved');

  await page.getByRole('button', { name: 'Assign seats' }).click();
  await confirmDialog(page, 'Assign seats', /^1 seat assigned/);
  await expect(registrant.locator('td').nth(7)).toHaveText('1');

  // The tickets of every approved candidate: the student's, with the seat.
  await page.getByRole('button', { name: 'Print tickets' }).click();
  await page.getByRole('menuitem', { name: 'Tickets of every approved candidate' }).click();
  await expect(page).toHaveURL(new RegExp(`/examRegister/ticket\\?examId=${examId}$`));
  const ticket = page.getByTestId('admission-ticket').filter({ hasText: STUDENT });
  await expect(ticket).toContainText('Admission ticket');
  await expect(ticket).toContainText('Demo Academy');
  await expect(ticket).toContainText(name);
  await expect(ticket).toContainText('Olympiad room E2E');
  await expect(ticket).toContainText('The exam runs in full screen.');
  await expect(ticket.getByTestId('ticket-seat')).toContainText('1');
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('.shell-sider')).toBeHidden();
  await expect(page.locator('.ticket-toolbar')).toBeHidden();
  await expect(ticket).toBeVisible();
  await page.emulateMedia({ media: 'screen' });

  // The student sees the exam approved, with the ticket.
  await student.reload();
  await student.getByRole('tab', { name: /Upcoming/ }).click();
  const card = student.getByTestId('my-exam').filter({ hasText: name });
  await expect(card).toContainText('Approved');
  await expect(card.getByTestId('countdown')).toContainText(/Opens in \d+ d \d\d:\d\d:\d\d/);
  await expect(card).toContainText('Seat 1');
  await card.getByRole('button', { name: `Admission ticket for ${name}` }).click();
  await expect(student).toHaveURL(new RegExp(`/study/ticket\\?examId=${examId}$`));
  const own = student.getByTestId('admission-ticket');
  await expect(own).toHaveCount(1);
  await expect(own).toContainText(STUDENT);
  await expect(own.getByTestId('ticket-seat')).toContainText('1');
  await student.context().close();
});
