import { contextAs, expect, test } from './fixtures';

// Course orders and tuition (issue 33) in the browser, on the demo's data: the student buys the
// demo's priced "Exam strategy workshop" with the test provider (its page says no money moves) and
// opens the course; the bursar (academic staff) records a cash instalment of `student`'s tuition
// at the desk and prints the numbered receipt.

const COURSE = 'Exam strategy workshop 应试策略工作坊';

test('a student buys a priced course with the test provider and can open it', async ({ browser }) => {
  const page = await (await contextAs(browser, 'student')).newPage();
  await page.goto('/study/course');
  await page.getByRole('button', { name: 'Find a course' }).first().click();
  await page.getByRole('button', { name: `Buy ${COURSE}` }).click();
  const dialog = page.getByRole('dialog', { name: `Buy ${COURSE}` });
  await expect(dialog).toContainText('¥99.00');
  await dialog.getByText('Test payment (no money moves)').click();
  await dialog.getByRole('button', { name: 'Go to payment' }).click();

  await page.waitForURL(/\/pay\/test\//);
  await expect(page.getByText('TEST PAYMENT — NO MONEY MOVES')).toBeVisible();
  await page.getByRole('button', { name: 'Pay (test)' }).click();
  await page.waitForURL(/\/study\/payments/);
  const order = page.locator('.ant-table-row', { hasText: COURSE });
  await expect(order.getByTestId('my-course-order-status')).toHaveText('Paid');

  await page.goto('/study/course');
  await page.getByRole('button', { name: 'Find a course' }).first().click();
  await page.getByRole('button', { name: `Open ${COURSE}` }).click();
  await expect(page.getByText('Reading the paper first 先通读试卷').first()).toBeVisible();
  await page.context().close();
});

test('the bursar records a cash instalment and prints the receipt', async ({ browser }) => {
  const context = await contextAs(browser, 'academic');
  // The receipt's Print button calls the browser's print: recorded instead of opening the dialog.
  await context.addInitScript(() => {
    window.print = () => document.body.setAttribute('data-printed', 'yes');
  });
  const page = await context.newPage();
  await page.goto('/training/payment?tab=invoices');
  await page.getByPlaceholder('Invoice number or student').fill('Sam Student');
  await page.getByRole('button', { name: 'Search' }).click();
  const row = page.locator('.ant-table-row', { hasText: 'Sam Student' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Overdue');
  await row.locator('button[aria-label^="Record a payment"]').click();
  const dialog = page.getByRole('dialog');
  await dialog.locator('#invoice-collect_amount').fill('3180');
  await dialog.getByText('Cash', { exact: true }).click();
  await dialog.getByRole('button', { name: 'Record and make the receipt' }).click();
  await expect(page.getByText(/^Receipt \d{4}-\d{6}$/)).toBeVisible();

  const [receipt] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('button', { name: 'Print the receipt' }).click(),
  ]);
  const sheet = receipt.getByTestId('receipt');
  await expect(sheet).toContainText('Sam Student');
  await expect(sheet).toContainText('¥3,180.00');
  await expect(sheet).toContainText('Cash');
  await receipt.getByRole('button', { name: 'Print' }).click();
  await expect(receipt.locator('body')).toHaveAttribute('data-printed', 'yes');

  await context.close();
});
