import { contextAs, expect, test } from './fixtures';
import { api, apiLogin, uniqueName } from './helpers';

// The points shop (issue 33) in the browser: the student redeems a product on Points & shop and
// sees the balance drop at once; academic staff ship the order with a tracking number.

const PRODUCT = uniqueName('E2E mug ');
const TRACKING = `EA${Date.now().toString().slice(-9)}CN`;

test.beforeAll(async ({ request }) => {
  await apiLogin(request, 'admin');
  const made = await api(request, 'POST', '/api/product/create', {
    name: PRODUCT,
    pointsPrice: 20,
    stock: 5,
    onShelf: true,
  });
  expect(made.code, made.message).toBe(1);
  const students = await api<{ list: { id: number; userName: string }[] }>(request, 'POST', '/api/user/page', {
    pageIndex: 1,
    pageSize: 10,
    keyword: 'student',
  });
  const student = students.response.list.find((u) => u.userName === 'student');
  const credited = await api(request, 'POST', '/api/point/adjust', {
    userId: student?.id,
    action: 1,
    amount: 100,
    remark: 'Browser test of the shop',
  });
  expect(credited.code, credited.message).toBe(1);
});

test('a student redeems a product and sees the balance drop; staff ship it', async ({ browser }) => {
  const student = await (await contextAs(browser, 'student')).newPage();
  await student.goto('/study/points');
  const balance = student.getByTestId('my-points-balance');
  await expect(student.getByTestId('shop-product').first()).toBeVisible();
  const points = async () => Number(((await balance.textContent()) ?? '').replace(/\D/g, ''));
  await expect.poll(points).toBeGreaterThanOrEqual(100);
  const before = await points();
  await student.getByRole('button', { name: `Redeem ${PRODUCT}` }).click();
  await student
    .getByRole('dialog')
    .getByRole('button', { name: /Redeem for 20 points/ })
    .click();
  await expect(student.locator('.ant-modal-confirm')).toBeVisible();
  await student.locator('.ant-modal-confirm .ant-btn').last().click();
  await expect.poll(points).toBe(before - 20);
  await student.context().close();

  const staff = await (await contextAs(browser, 'academic')).newPage();
  await staff.goto('/mall/orders');
  const row = staff.locator('.ant-table-row', { hasText: PRODUCT }).first();
  await row.getByRole('button', { name: /^Ship / }).click();
  await staff.locator('#order-ship_carrier').fill('EMS');
  await staff.locator('#order-ship_trackingNo').fill(TRACKING);
  await staff.getByRole('dialog').getByRole('button', { name: 'Ship' }).click();
  await expect(row).toContainText(TRACKING);
  await expect(row).toContainText('Shipped');
  await staff.context().close();
});
