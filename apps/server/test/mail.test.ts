import {
  type MailPreferencesRow,
  type MailSettingsRow,
  MailStatus,
  type Message,
  type PermissionNode,
  type ReceiptPage,
  ResultCode,
  type TestMailResult,
} from '@lyceum/contract';
import { and, eq, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { messageMails } from '../src/modules/message/message.table';
import { MAIL_JOB } from '../src/modules/message/message-mail';
import { mailSettings } from '../src/modules/system-config/system-config.table';
import { users } from '../src/modules/user/user.table';
import { jobs } from '../src/platform/jobs.table';
import { examPeople, makeClasses } from './exam-fixture';
import { ajax, createTestApp, ok, refused, type TestApp } from './harness';

// E-mail beside the bell (issue 29, decision 50), against a real SMTP server started here
// (smtp-server on the loopback): the settings kept to those who may change them, the password never
// returned; a message to a class arrives once per recipient, in each one's language, with HTML and
// plain-text parts; an SMTP server that refuses or is not there is tried again and then delivers,
// nothing lost and nobody twice; opting out, missing addresses and withdrawals are skipped and
// counted. Jobs run with the runner's own loop (runUntilIdle); a retry's backoff is "waited" by
// moving the job's run_at.

interface Received {
  to: string[];
  subject: string;
  text: string;
  html: string;
}

// What the test server does with a recipient: accept, or refuse with an SMTP code.
type Verdict = { code: number; text: string } | null;

class LocalSmtp {
  received: Received[] = [];
  verdict: (to: string) => Verdict = () => null;
  private server: SMTPServer | null = null;
  port = 0;

  async start(port = 0): Promise<this> {
    this.server = new SMTPServer({
      disabledCommands: ['STARTTLS'],
      allowInsecureAuth: true,
      onAuth: (auth, _session, done) =>
        auth.username === 'lyceum' && auth.password === 'Smtp pass 1!'
          ? done(null, { user: 'lyceum' })
          : done(Object.assign(new Error('Authentication failed'), { responseCode: 535 })),
      onRcptTo: (address, _session, done) => {
        const v = this.verdict(address.address);
        done(v ? Object.assign(new Error(v.text), { responseCode: v.code }) : undefined);
      },
      onData: (stream, session, done) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          this.received.push({
            ...parseMail(Buffer.concat(chunks).toString('utf8')),
            to: session.envelope.rcptTo.map((a) => a.address),
          });
          done();
        });
      },
    });
    const server = this.server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    this.port = (server.server.address() as { port: number }).port;
    return this;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  // How many e-mails of this title each address got.
  countsFor(title: string): Record<string, number> {
    const out: Record<string, number> = {};
    for (const m of this.received.filter((r) => r.subject === `[Demo Academy] ${title}`))
      for (const to of m.to) out[to] = (out[to] ?? 0) + 1;
    return out;
  }
}

// Just enough MIME for what nodemailer writes here: encoded-word subjects and base64 parts.
function decodeWords(text: string): string {
  return text.replace(/=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_, enc: string, data: string) =>
    enc.toLowerCase() === 'b'
      ? Buffer.from(data, 'base64').toString('utf8')
      : Buffer.from(
          data
            .replace(/_/g, ' ')
            .replace(/=([0-9a-f]{2})/gi, (_m, h: string) => String.fromCharCode(Number.parseInt(h, 16))),
          'latin1',
        ).toString('utf8'),
  );
}
function parseMail(raw: string): Omit<Received, 'to'> {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const subject = decodeWords(/^Subject: (.*)$/m.exec(head)?.[1] ?? '');
  const boundary = /boundary="([^"]+)"/.exec(head)?.[1] ?? '';
  const parts = raw.split(`--${boundary}`).slice(1, -1);
  const part = (type: string) => {
    const p = parts.find((x) => x.includes(`Content-Type: ${type}`)) ?? '';
    const body = p.slice(p.indexOf('\r\n\r\n') + 4).replace(/\s+/g, '');
    return Buffer.from(body, 'base64').toString('utf8');
  };
  return { subject, text: part('text/plain'), html: part('text/html') };
}

let t: TestApp;
let smtp: LocalSmtp;
let admin: string;
let academic: string;
let teacher: string;
let tokens: Record<string, string>;
let ids: Record<string, number>;
let teamId: number;
const CLASS = ['s2026001', 's2026002', 's2026003', 's2026004', 's2026005'];
const address = (userName: string) => `${userName}@demo.example.edu`;
const settings = (over: Record<string, unknown> = {}) => ({
  enabled: true,
  host: '127.0.0.1',
  port: smtp.port,
  security: 1,
  userName: 'lyceum',
  password: '',
  fromAddress: 'office@demo.example.edu',
  fromName: 'Demo Academy Office',
  lang: 'en',
  timeZone: 'Asia/Shanghai',
  ...over,
});

beforeAll(async () => {
  [t, smtp] = await Promise.all([createTestApp(), new LocalSmtp().start()]);
  admin = await t.login('demo', 'admin');
  ({ academic, teacher, tokens, ids } = await examPeople(t, CLASS));
  [teamId] = await makeClasses(t, academic, 2097, [{ name: 'Mail class', members: CLASS.map((s) => ids[s]!) }]);
});
afterAll(async () => {
  await t.close();
  await smtp.stop();
});
beforeEach(() => {
  smtp.verdict = () => null;
});

const saveSettings = (body: Record<string, unknown>, token = admin) =>
  t.call<MailSettingsRow>('POST', '/api/systemConfig/saveMail', { token, body });

async function publish(title: string, over: Record<string, unknown> = {}): Promise<Message> {
  const created = ok(
    await t.call<Message>('POST', '/api/message/create', {
      token: academic,
      body: {
        title,
        body: '<p>Hello <b>class</b></p><script>alert(1)</script>',
        targetType: 3,
        teamIds: [teamId],
        ...over,
      },
    }),
  );
  ok(await t.call('POST', `/api/message/publish/${created.id}`, { token: academic, body: {} }));
  return created;
}
async function receipts(id: number): Promise<ReceiptPage> {
  return ok(
    await t.call<ReceiptPage>('POST', `/api/message/receipts/${id}`, { token: academic, body: { pageSize: 50 } }),
  );
}
async function mailRows(messageId: number) {
  const rows = await t.database.db
    .select({ userId: messageMails.userId, status: messageMails.status, attempts: messageMails.attempts })
    .from(messageMails)
    .where(eq(messageMails.messageId, messageId));
  const byName = Object.fromEntries(Object.entries(ids).map(([name, id]) => [id, name]));
  return Object.fromEntries(
    rows.map((r) => [byName[r.userId] ?? r.userId, { status: r.status, attempts: r.attempts }]),
  );
}
// The backoff has passed: the mail jobs waiting for a retry are due now.
async function backoffPassed() {
  await t.database.db
    .update(jobs)
    .set({ runAt: sql`now()` })
    .where(and(eq(jobs.kind, MAIL_JOB), eq(jobs.status, 'queued')));
}
async function mailJobs() {
  return t.database.db
    .select({ status: jobs.status, attempt: jobs.attempt, error: jobs.error })
    .from(jobs)
    .where(eq(jobs.kind, MAIL_JOB));
}
const everyoneOnce = (subject: string, names: string[]) =>
  expect(smtp.countsFor(subject)).toEqual(Object.fromEntries(names.map((n) => [address(n), 1])));

describe('e-mail settings', () => {
  it('are read and changed only by those who may change the settings, and never give the password back', async () => {
    const fresh = ok(await t.call<MailSettingsRow>('POST', '/api/systemConfig/mail', { token: admin }));
    expect(fresh).toMatchObject({ enabled: false, passwordSet: false, host: null });

    const saved = ok(await saveSettings(settings({ password: 'Smtp pass 1!' })));
    expect(saved).toMatchObject({
      enabled: true,
      host: '127.0.0.1',
      passwordSet: true,
      fromName: 'Demo Academy Office',
    });
    expect(JSON.stringify(saved)).not.toContain('Smtp pass');
    const read = await t.call<MailSettingsRow>('POST', '/api/systemConfig/mail', { token: admin });
    expect(JSON.stringify(read)).not.toContain('Smtp pass');
    const [row] = await t.database.db.select({ password: mailSettings.password }).from(mailSettings);
    expect(row!.password).toMatch(/^v1:/);
    expect(row!.password).not.toContain('Smtp pass');

    // An empty password keeps the stored one; forgetting it removes it.
    ok(await saveSettings(settings({ password: '', fromName: 'Office' })));
    const [kept] = await t.database.db.select({ password: mailSettings.password }).from(mailSettings);
    expect(kept!.password).toBe(row!.password);
    expect(ok(await saveSettings(settings({ forgetPassword: true }))).passwordSet).toBe(false);
    expect(ok(await saveSettings(settings({ password: 'Smtp pass 1!' }))).passwordSet).toBe(true);

    // Bad input: 501 naming the field, nothing changed.
    refused(await saveSettings(settings({ host: null })), 'required', 'host');
    refused(await saveSettings(settings({ fromAddress: '' })), 'required', 'fromAddress');
    refused(await saveSettings(settings({ port: 70_000 })), 'tooBig', 'port');
    refused(await saveSettings(settings({ host: 'smtp server' })), 'invalidFormat', 'host');
    refused(await saveSettings(settings({ timeZone: 'Mars/Olympus' })), 'invalidFormat', 'timeZone');
    refused(await saveSettings(settings({ fromName: 'Office\r\nBcc: all@x.org' })), 'invalidFormat', 'fromName');
    refused(await saveSettings(settings({ security: 9 })), 'notOneOf', 'security');
    expect(ok(await t.call<MailSettingsRow>('POST', '/api/systemConfig/mail', { token: admin })).fromName).toBe(
      'Demo Academy Office',
    );

    // Staff without the settings' save permission: refused, whatever they hold besides.
    for (const token of [academic, teacher, tokens[CLASS[0]!]!]) {
      expect((await t.call('POST', '/api/systemConfig/mail', { token })).code).toBe(ResultCode.Forbidden);
      expect((await saveSettings(settings(), token)).code).toBe(ResultCode.Forbidden);
      const test = await t.call('POST', '/api/systemConfig/testMail', { token, body: { to: 'x@y.org' } });
      expect(test.code).toBe(ResultCode.Forbidden);
    }
    // A role that may see the settings page but not save it reads the rest, not the e-mail settings.
    const tree = ok(await t.call<PermissionNode[]>('GET', '/api/role/permissionTree', { token: admin }));
    const flat = (nodes: PermissionNode[]): PermissionNode[] => nodes.flatMap((n) => [n, ...flat(n.children)]);
    const page = flat(tree).find((n) => n.permission === 'systemConfig:page')!;
    const role = ok(
      await t.call<{ id: number }>('POST', '/api/role/create', { token: admin, body: { name: 'Viewer', kind: 3 } }),
    );
    ok(await t.call('POST', '/api/role/grant', { token: admin, body: { roleId: role.id, permissionIds: [page.id] } }));
    const viewer = {
      userName: 'viewer',
      realName: 'Settings Viewer',
      password: 'Viewer-Lantern-2026',
      roleIds: [role.id],
    };
    ok(await t.call('POST', '/api/user/create', { token: admin, body: viewer }));
    const token = await t.login('demo', 'viewer', viewer.password);
    ok(await t.call('POST', '/api/systemConfig/get', { token }));
    expect((await t.call('POST', '/api/systemConfig/mail', { token })).code).toBe(ResultCode.Forbidden);
    // Another organisation's administrator sees their own (none), not demo's.
    const north = await t.login('north', 'admin');
    expect(ok(await t.call<MailSettingsRow>('POST', '/api/systemConfig/mail', { token: north }))).toMatchObject({
      enabled: false,
      host: null,
    });
  });

  it('sends a test e-mail through the saved settings, or says why it could not', async () => {
    const sent = ok(
      await t.call<TestMailResult>('POST', '/api/systemConfig/testMail', {
        token: admin,
        headers: ajax,
        body: { to: 'principal@demo.example.edu' },
      }),
    );
    expect(sent.response).toMatch(/^250/);
    const mail = smtp.received.at(-1)!;
    expect(mail.to).toEqual(['principal@demo.example.edu']);
    expect(mail.subject).toBe('Test e-mail from Demo Academy');
    smtp.verdict = () => ({ code: 550, text: 'No such user here' });
    const refusedMail = await t.call('POST', '/api/systemConfig/testMail', {
      token: admin,
      body: { to: 'nobody@demo.example.edu' },
    });
    refused(refusedMail, 'mailFailed');
    expect(refusedMail.message).toContain('No such user here');
    refused(
      await t.call('POST', '/api/systemConfig/testMail', { token: admin, body: { to: 'not an address' } }),
      'invalidFormat',
      'to',
    );
  });
});

describe('messages by e-mail', () => {
  it('sends a message to a class once per recipient, in their language; the opted out and those without an address are skipped and counted', async () => {
    const [zh, optedOut, noAddress] = [CLASS[1]!, CLASS[2]!, CLASS[3]!];
    const mine = (name: string) => ({ token: tokens[name]! });
    const prefs = ok(await t.call<MailPreferencesRow>('GET', '/api/message/mailPreferences', mine(zh)));
    expect(prefs).toEqual({ receive: true, lang: null, address: address(zh), schoolSends: true });
    ok(await t.call('POST', '/api/message/saveMailPreferences', { ...mine(zh), body: { receive: true, lang: 'zh' } }));
    ok(await t.call('POST', '/api/message/saveMailPreferences', { ...mine(optedOut), body: { receive: false } }));
    refused(
      await t.call('POST', '/api/message/saveMailPreferences', {
        ...mine(optedOut),
        body: { receive: true, lang: 'fr' },
      }),
      'notOneOf',
      'lang',
    );
    expect(ok(await t.call<MailPreferencesRow>('GET', '/api/message/mailPreferences', mine(optedOut))).receive).toBe(
      false,
    );
    await t.database.db.update(users).set({ email: null }).where(eq(users.id, ids[noAddress]!));

    const m = await publish('Sports day');
    // Queued with the receipts, sent by the job.
    expect(smtp.countsFor('Sports day')).toEqual({});
    await t.app.jobs.runUntilIdle();
    const receivers = CLASS.filter((n) => n !== optedOut && n !== noAddress);
    everyoneOnce('Sports day', receivers);

    const en = smtp.received.find((r) => r.subject === '[Demo Academy] Sports day' && r.to[0] === address(CLASS[0]!))!;
    expect(en.subject).toBe('[Demo Academy] Sports day');
    expect(en.text).toContain('You have a new message from Demo Academy.');
    expect(en.text).toContain('Hello class');
    expect(en.html).toContain('Hello <b>class</b>');
    expect(en.html).not.toContain('<script');
    const cn = smtp.received.find((r) => r.subject === '[Demo Academy] Sports day' && r.to[0] === address(zh))!;
    expect(cn.text).toContain('您收到一条来自Demo Academy的新消息。');
    expect(cn.html).toContain('发件人');

    const page = await receipts(m.id);
    expect(page.counts.mail).toEqual({ sent: 3, failed: 0, skipped: 2 });
    const statusOf = (name: string) => page.list.find((r) => r.userName === name)?.mail?.status;
    expect(statusOf(CLASS[0]!)).toBe(MailStatus.Sent);
    expect(statusOf(optedOut)).toBe(MailStatus.OptedOut);
    expect(statusOf(noAddress)).toBe(MailStatus.NoAddress);
    const skippedOnly = ok(
      await t.call<ReceiptPage>('POST', `/api/message/receipts/${m.id}`, {
        token: academic,
        body: { mailStatus: MailStatus.NoAddress },
      }),
    );
    expect(skippedOnly.list.map((r) => r.userName)).toEqual([noAddress]);

    // The product's notices take the same path: a reminder to those who have not read it, worded
    // for each in their language.
    ok(await t.call('POST', `/api/message/read/${m.id}`, { ...mine(CLASS[4]!), headers: ajax }));
    ok(await t.call('POST', `/api/message/remind/${m.id}`, { token: academic, body: {} }));
    await t.app.jobs.runUntilIdle();
    everyoneOnce('Sports day', receivers);
    expect(smtp.countsFor('Please read: Sports day')).toEqual({ [address(CLASS[0]!)]: 1 });
    expect(smtp.countsFor('请阅读：Sports day')).toEqual({ [address(zh)]: 1 });
    // Running the jobs again sends nothing more.
    const before = smtp.received.length;
    await t.app.jobs.runUntilIdle();
    expect(smtp.received.length).toBe(before);
    await t.database.db
      .update(users)
      .set({ email: address(noAddress) })
      .where(eq(users.id, ids[noAddress]!));
    ok(await t.call('POST', '/api/message/saveMailPreferences', { ...mine(optedOut), body: { receive: true } }));
  });

  it('tries again when the SMTP server refuses or is not there, then delivers: nothing lost, nobody twice', async () => {
    // A temporary refusal for two of the class: the others go, those two wait for the next try.
    const [a, b] = [CLASS[0]!, CLASS[1]!];
    smtp.verdict = (to) => (to === address(a) || to === address(b) ? { code: 451, text: 'Try again later' } : null);
    const m = await publish('Field trip');
    await t.app.jobs.runUntilIdle();
    everyoneOnce('Field trip', CLASS.slice(2));
    expect(await mailRows(m.id)).toMatchObject({ [a]: { status: MailStatus.Failed, attempts: 1 } });
    expect((await receipts(m.id)).counts.mail).toEqual({ sent: 3, failed: 2, skipped: 0 });
    const [waiting] = await mailJobs().then((all) => all.filter((j) => j.status === 'queued'));
    expect(waiting).toMatchObject({ attempt: 1, error: expect.stringContaining('Try again later') });

    // Still refusing at the second try; accepted at the third.
    await backoffPassed();
    await t.app.jobs.runUntilIdle();
    expect(await mailRows(m.id)).toMatchObject({ [b]: { status: MailStatus.Failed, attempts: 2 } });
    smtp.verdict = () => null;
    await backoffPassed();
    await t.app.jobs.runUntilIdle();
    everyoneOnce('Field trip', CLASS);
    expect(await mailRows(m.id)).toMatchObject({
      [a]: { status: MailStatus.Sent, attempts: 3 },
      [CLASS[2]!]: { status: MailStatus.Sent, attempts: 1 },
    });

    // The server gone: every e-mail waits; a server listening there again gets each once.
    const port = smtp.port;
    await smtp.stop();
    const gone = await publish('Exam hall change');
    await t.app.jobs.runUntilIdle();
    expect(Object.values(await mailRows(gone.id)).map((r) => r.status)).toEqual(CLASS.map(() => MailStatus.Failed));
    await smtp.start(port);
    await backoffPassed();
    await t.app.jobs.runUntilIdle();
    everyoneOnce('Exam hall change', CLASS);
    expect((await receipts(gone.id)).counts.mail).toEqual({ sent: 5, failed: 0, skipped: 0 });

    // An address refused for good is recorded and not tried again; the rest go.
    smtp.verdict = (to) => (to === address(a) ? { code: 550, text: 'Mailbox unavailable' } : null);
    const bounce = await publish('Library hours');
    await t.app.jobs.runUntilIdle();
    everyoneOnce('Library hours', CLASS.slice(1));
    expect(await mailRows(bounce.id)).toMatchObject({ [a]: { status: MailStatus.Bounced, attempts: 1 } });
    expect((await mailJobs()).every((j) => j.status === 'done')).toBe(true);
  });

  it('holds back the e-mail of a message withdrawn before it went, sends a later message when it starts showing, and nothing while e-mail is off', async () => {
    const m = await publish('Parents evening');
    ok(await t.call('POST', `/api/message/withdraw/${m.id}`, { token: academic, body: {} }));
    await t.app.jobs.runUntilIdle();
    expect(smtp.countsFor('Parents evening')).toEqual({});
    expect((await receipts(m.id)).counts.mail).toEqual({ sent: 0, failed: 0, skipped: 5 });
    ok(await t.call('POST', `/api/message/publish/${m.id}`, { token: academic, body: {} }));
    await t.app.jobs.runUntilIdle();
    everyoneOnce('Parents evening', CLASS);
    // Withdrawn and published again once it went: nobody gets it twice.
    ok(await t.call('POST', `/api/message/withdraw/${m.id}`, { token: academic, body: {} }));
    ok(await t.call('POST', `/api/message/publish/${m.id}`, { token: academic, body: {} }));
    await t.app.jobs.runUntilIdle();
    everyoneOnce('Parents evening', CLASS);

    // A message that starts showing later is e-mailed then: two months ahead, the job says.
    const start = new Date(Date.now() + 60 * 86_400_000).toISOString();
    await publish('Summer camp', { openStart: start });
    await t.app.jobs.runUntilIdle();
    expect(smtp.countsFor('Summer camp')).toEqual({});
    const [due] = await t.database.db
      .select({ seconds: sql<number>`extract(epoch from ${jobs.runAt} - now())::float8` })
      .from(jobs)
      .where(and(eq(jobs.kind, MAIL_JOB), eq(jobs.status, 'queued')));
    expect(Number(due!.seconds)).toBeGreaterThan(59 * 86_400);
    await backoffPassed();
    await t.app.jobs.runUntilIdle();
    everyoneOnce('Summer camp', CLASS);

    ok(await saveSettings(settings({ enabled: false })));
    const queued = (await mailJobs()).length;
    const off = await publish('Quiet notice');
    await t.app.jobs.runUntilIdle();
    expect((await mailJobs()).length).toBe(queued);
    expect(smtp.countsFor('Quiet notice')).toEqual({});
    expect((await receipts(off.id)).counts.mail).toEqual({ sent: 0, failed: 0, skipped: 0 });
    refused(await t.call('POST', '/api/systemConfig/testMail', { token: admin, body: { to: 'a@b.org' } }), 'mailOff');
    expect(
      ok(await t.call<MailPreferencesRow>('GET', '/api/message/mailPreferences', { token: teacher })).schoolSends,
    ).toBe(false);
  });
});
