import { ResultCode } from '@lyceum/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
let admin: string;
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]);
const PDF = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\n%%EOF\n');

beforeAll(async () => {
  t = await createTestApp({ students: 0 });
  admin = await t.login('demo', 'admin');
});
afterAll(() => t.close());

function upload(token: string | null, purpose: string, name: string, body: Buffer, contentType = 'image/png') {
  return t.app
    .inject({
      method: 'POST',
      url: `/api/file/upload?purpose=${purpose}`,
      headers: { ...(token ? { token } : {}), 'content-type': contentType, 'x-file-name': encodeURIComponent(name) },
      payload: body,
    })
    .then((r) => r.json());
}

describe('files', () => {
  it('uploads and downloads the same bytes, typed from the content, for the same organisation only', async () => {
    const res = await upload(admin, 'image', '../../etc/passwd/校徽.png', PNG, 'text/html');
    expect(res.code).toBe(ResultCode.Success);
    expect(res.response).toMatchObject({ name: '校徽.png', size: PNG.length, contentType: 'image/png' });
    const dl = await t.app.inject({ method: 'GET', url: res.response.url, headers: { token: admin } });
    expect(dl.statusCode).toBe(200);
    expect(dl.rawPayload.equals(PNG)).toBe(true);
    expect(dl.headers['content-type']).toBe('image/png');
    expect(dl.headers['content-disposition']).toContain("inline; filename*=UTF-8''%E6%A0%A1%E5%BE%BD.png");
    expect(dl.headers['x-content-type-options']).toBe('nosniff');
    const north = await t.login('north', 'admin');
    const other = await t.call('GET', res.response.url, { token: north });
    expect(other).toMatchObject({ code: ResultCode.Error, message: 'File not found' });
    expect((await t.call('GET', res.response.url)).code).toBe(ResultCode.NotLoggedIn);
    expect((await t.call('GET', `/api/file/public/${res.response.id}`)).code).toBe(ResultCode.Error);
  });

  it('refuses content that is not what the purpose allows, whatever the browser claims', async () => {
    const html = await upload(admin, 'image', 'cat.png', Buffer.from('<html><script>alert(1)</script></html>'));
    expect(html).toMatchObject({
      code: ResultCode.InvalidParams,
      message: 'file: must be a PNG, JPEG, GIF or WebP image',
    });
    const svg = await upload(admin, 'document', 'x.txt', Buffer.from('<svg onload="alert(1)"></svg>'), 'text/plain');
    expect(svg.code).toBe(ResultCode.InvalidParams);
    const pdfAsAvatar = await upload(admin, 'avatar', 'me.png', PDF);
    expect(pdfAsAvatar.code).toBe(ResultCode.InvalidParams);
    const empty = await upload(admin, 'document', 'empty.pdf', Buffer.alloc(0), 'application/pdf');
    expect(empty.code).toBe(ResultCode.InvalidParams);
    const pdf = await upload(admin, 'document', 'rules.pdf', PDF, 'application/pdf');
    expect(pdf.response.contentType).toBe('application/pdf');
    const text = await upload(admin, 'document', 'notes.txt', Buffer.from('Bring a pencil. 带铅笔。'), 'text/plain');
    expect(text.response.contentType).toBe('text/plain');
  });

  it('enforces size limits and who may upload what', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024 + 1)]);
    expect((await upload(admin, 'logo', 'big.png', big)).message).toBe('file: at most 2 MB');
    const student = await t.login('demo', 'student');
    expect((await upload(student, 'avatar', 'me.png', PNG)).code).toBe(ResultCode.Success);
    expect((await upload(student, 'document', 'x.pdf', PDF, 'application/pdf')).code).toBe(ResultCode.Forbidden);
    const teacher = await t.login('demo', 'teacher');
    expect((await upload(teacher, 'logo', 'logo.png', PNG)).code).toBe(ResultCode.Forbidden);
    expect((await upload(null, 'avatar', 'me.png', PNG)).code).toBe(ResultCode.NotLoggedIn);
    expect((await upload(admin, 'virus', 'me.png', PNG)).message).toMatch(/^purpose: /);
  });

  it('serves logos publicly, for login pages', async () => {
    const logo = await upload(admin, 'logo', 'logo.png', PNG);
    expect(logo.response.url).toBe(`/api/file/public/${logo.response.id}`);
    const res = await t.app.inject({ method: 'GET', url: logo.response.url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toContain('sandbox');
  });
});

// Files are read with the rights of what uses them; documents are read for their audience.
describe('who reads which file', () => {
  const status = async (url: string, token: string) => {
    const res = await t.app.inject({ method: 'GET', url, headers: { token } });
    return res.statusCode === 200 && !String(res.headers['content-type']).includes('json') ? 'read' : 'refused';
  };
  const documentWith = async (fileUrl: string, audience: number) =>
    (
      await t.call<{ id: number }>('POST', '/api/document/create', {
        token: admin,
        body: { title: `Doc for ${audience} ${fileUrl}`, fileUrl, audience },
      })
    ).response.id;

  it("a document's file follows the document's audience; deleting the document leaves it to staff", async () => {
    const staffFile = (await upload(admin, 'document', 'marking.pdf', PDF, 'application/pdf')).response.url;
    const pupilFile = (await upload(admin, 'document', 'handbook.pdf', PDF, 'application/pdf')).response.url;
    const staffDoc = await documentWith(staffFile, 2);
    await documentWith(pupilFile, 3);
    const student = await t.login('demo', 'student');
    const teacher = await t.login('demo', 'teacher');
    expect(await status(staffFile, student)).toBe('refused');
    expect(await status(pupilFile, student)).toBe('read');
    expect(await status(staffFile, teacher)).toBe('read');
    // Students list only the documents meant for them.
    const list = await t.call<{ title: string; audience: number }[]>('POST', '/api/document/list', {
      token: student,
      body: {},
    });
    expect(list.code).toBe(ResultCode.Success);
    expect(list.response.length).toBeGreaterThan(0);
    expect(list.response.every((d) => d.audience !== 2)).toBe(true);
    const hidden = await t.call('POST', `/api/document/select/${staffDoc}`, { token: student });
    expect(hidden.message).toMatch(/not found/);
    // Unused again: only staff and the uploader.
    await t.call('POST', `/api/document/delete/${staffDoc}`, { token: admin });
    expect(await status(staffFile, student)).toBe('refused');
    expect(await status(staffFile, teacher)).toBe('read');
  });

  it('question images follow the question; avatars their owner and staff', async () => {
    const image = (await upload(admin, 'image', 'graph.png', PNG)).response.url;
    const q = await t.call<{ id: number }>('POST', '/api/question/create', {
      token: admin,
      body: {
        type: 3,
        stem: `<p>Is this a parabola? <img src="${image}" alt="graph" /></p>`,
        answer: true,
        score: 1,
      },
    });
    expect(q.code, q.message).toBe(ResultCode.Success);
    const student = await t.login('demo', 'student');
    const teacher = await t.login('demo', 'teacher');
    expect(await status(image, student)).toBe('refused');
    expect(await status(image, teacher)).toBe('read');
    const avatar = (await upload(student, 'avatar', 'me.png', PNG)).response.url;
    await t.call('POST', '/api/user/updateProfile', { token: student, body: { realName: 'Sam', avatar } });
    expect(await status(avatar, student)).toBe('read');
    expect(await status(avatar, teacher)).toBe('read');
    // Another student gets nothing; there are no other students in this file's demo, so make one.
    await t.call('POST', '/api/user/create', {
      token: admin,
      body: {
        userName: 'other.pupil',
        realName: 'Other',
        password: 'Tr0mb0ne-Lantern-88',
        roleIds: [t.ids.demo.roleIds.student],
      },
    });
    const other = await t.login('demo', 'other.pupil', 'Tr0mb0ne-Lantern-88');
    expect(await status(avatar, other)).toBe('refused');
  });
});
