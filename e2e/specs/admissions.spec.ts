import jsQR from 'jsqr';
import { expectNoSeriousA11yViolations } from './a11y';
import { contextAs, expect, test } from './fixtures';
import { loginAs, uniqueName } from './helpers';

// Issue 34 in the browser, on the demo's data: an applicant fills the public form in Chinese, leaves,
// comes back with the tracking code and submits; the office accepts and enrols them; the new student
// logs in with the password shown once. Then a certificate's QR code, decoded from the printed sheet,
// opens its public verification page.

test('an applicant applies in Chinese, resumes by tracking code, is accepted and logs in', async ({ browser }) => {
  const name = uniqueName('申请人');
  const applicant = await browser.newContext({ locale: 'zh-CN' });
  let form = await applicant.newPage();
  await form.goto('/apply/demo');
  await expect(form.getByRole('heading', { name: '报名申请' })).toBeVisible();
  await expectNoSeriousA11yViolations(form, 'the public application form (zh-CN)');
  await form.getByLabel('姓名', { exact: true }).first().fill(name);
  await form.getByLabel('出生日期').fill('2011-03-04');
  await form.getByLabel('出生日期').press('Enter');
  await form.getByRole('button', { name: '保存，稍后继续' }).click();
  const code = /[0-9A-HJKMNP-TV-Z]{20}/.exec(await form.locator('.apply-code').innerText())?.[0] ?? '';
  expect(code).toHaveLength(20);
  await form.close();

  // Another visit: the code brings the draft back, and it is finished and submitted.
  form = await applicant.newPage();
  await form.goto('/apply/demo');
  await form.getByLabel('查询码').fill(code);
  await form.getByRole('button', { name: '继 续' }).click();
  await expect(form.getByLabel('姓名', { exact: true }).first()).toHaveValue(name);
  await form.getByRole('button', { name: '添加监护人' }).click();
  const guardian = form.locator('.apply-guardian').first();
  await guardian.getByLabel('姓名').fill('王芳');
  await guardian.getByLabel('电话').fill('13900001234');
  await guardian.getByLabel('关系').fill('母亲');
  await form.getByLabel('意向方向').click();
  await form.getByTitle('Science / 理科').click();
  await form.getByRole('button', { name: '提交申请' }).click();
  await form.waitForURL(/\/apply\/demo\/status/);
  await expect(form.getByText('已提交').first()).toBeVisible();
  await applicant.close();

  // The office reviews, accepts and enrols: the account is made without retyping anything.
  const office = await (await contextAs(browser, 'academic')).newPage();
  await office.goto('/training/application');
  await office.getByRole('button', { name: `Open ${name}` }).click();
  const drawer = office.locator('.ant-drawer');
  await drawer.getByRole('button', { name: 'Start review' }).click();
  await expect(drawer.getByText('Under review').first()).toBeVisible();
  await drawer.getByRole('button', { name: 'Accept' }).click();
  await drawer.getByRole('button', { name: 'Enrol' }).click();
  const enrol = office.getByRole('dialog', { name: `Enrol ${name}` });
  await enrol.getByRole('button', { name: 'Enrol' }).click();
  const done = await enrol.getByText(/user name \S+, student number/).innerText();
  const userName = /user name (\S+),/.exec(done)?.[1] ?? '';
  const password = /shown once, give it to the student\): (\S+)/.exec(await enrol.innerText())?.[1] ?? '';
  expect(userName).not.toBe('');
  expect(password.length).toBeGreaterThanOrEqual(10);
  await office.context().close();

  // The new student logs in with what the office was shown.
  const student = await browser.newContext();
  const page = await student.newPage();
  await loginAs(page, userName, password);
  await expect(page.getByText(name).first()).toBeVisible();
  await student.close();
});

test("a certificate's QR code opens its verification page", async ({ browser }) => {
  const context = await contextAs(browser, 'student');
  const page = await context.newPage();
  await page.goto('/study/record?tab=certificates');
  const card = page.locator('.ant-list-item', { hasText: 'First aid level 1' });
  const [sheet] = await Promise.all([
    page.waitForEvent('popup'),
    card.getByRole('link', { name: 'Print / PDF' }).click(),
  ]);
  await expect(sheet.getByTestId('certificate-code')).toBeVisible();
  // The QR code as drawn (SVG) onto a canvas in the page; its pixels read by a QR decoder here: what a
  // phone's camera reads.
  const pixels = await sheet.evaluate(async () => {
    const svg = document.querySelector('.cert-verify svg');
    if (!svg) return null;
    const image = new Image();
    image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(new XMLSerializer().serializeToString(svg))}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = 400;
    canvas.height = 400;
    const g = canvas.getContext('2d');
    if (!g) return null;
    g.fillStyle = '#fff';
    g.fillRect(0, 0, 400, 400);
    g.drawImage(image, 40, 40, 320, 320);
    return Array.from(g.getImageData(0, 0, 400, 400).data);
  });
  expect(pixels).not.toBeNull();
  const address = jsQR(Uint8ClampedArray.from(pixels ?? []), 400, 400)?.data ?? null;
  expect(address).toMatch(/\/verify\/[0-9A-HJKMNP-TV-Z]{24}$/);
  const verify = await browser.newPage();
  await verify.goto(address ?? '');
  await expect(verify.getByText('First aid level 1').first()).toBeVisible();
  await expect(verify.getByText(/valid/i).first()).toBeVisible();
  await expectNoSeriousA11yViolations(verify, 'the public verification page');
  await verify.close();
  await context.close();
});
