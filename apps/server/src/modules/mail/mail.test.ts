import { describe, expect, it } from 'vitest';
import { htmlToText, mailHtml, mailTime, renderMessageMail } from './mail-render';
import { openSecret, sealSecret } from './mail-secret';
import { failureOf } from './mail-transport';

describe('e-mail wording', () => {
  it('writes the plain-text part from the rich text: line breaks, list dashes, links with their address', () => {
    const html =
      '<p>Hello <b>all</b> &amp; welcome</p><ul><li>One</li><li>Two</li></ul><p><a href="https://x.edu/a">the plan</a><br>&#20320;&#x597D;</p>';
    expect(htmlToText(html)).toBe('Hello all & welcome\n\n- One\n- Two\nthe plan (https://x.edu/a)\n你好');
  });

  it('cleans the HTML again and names our own uploads, which a mail reader cannot fetch', () => {
    const html = mailHtml('<p onclick="x()">Hi<script>alert(1)</script><img src="/api/file/12" alt="chart"></p>', 'en');
    expect(html).toBe('<p>Hi[image: sign in to see it]</p>');
    expect(mailHtml('<img src="/api/file/3">', 'zh')).toBe('[图片：请登录系统查看]');
  });

  it('wraps a message in the recipient language, with the time in the school zone and a one-line subject', () => {
    const mail = renderMessageMail({
      to: 'a@b.edu',
      lang: 'zh',
      school: 'Demo <Academy>',
      title: 'Sports\nday',
      body: '<p>Bring shoes</p>',
      sender: 'Ms Li',
      sentAt: new Date('2034-03-01T08:00:00Z'),
      timeZone: 'Asia/Shanghai',
      needRead: true,
      attachments: 2,
    });
    expect(mail.subject).toBe('[Demo <Academy>] Sports day');
    expect(mail.text).toContain('您收到一条来自Demo <Academy>的新消息。');
    expect(mail.text).toContain(mailTime('2034-03-01T08:00:00Z', 'zh', 'Asia/Shanghai'));
    expect(mail.text).toContain('16:00');
    expect(mail.text).toContain('此消息有 2 个附件');
    expect(mail.html).toContain('Demo &#60;Academy&#62;');
    expect(mail.html).not.toContain('<Academy>');
  });
});

describe('SMTP password at rest', () => {
  it('seals and opens under the same secret, and cannot be opened under another', () => {
    const env = { LYCEUM_SECRET: 'one' };
    const sealed = sealSecret('Smtp pass 1!', env);
    expect(sealed).not.toContain('Smtp');
    expect(sealed).not.toBe(sealSecret('Smtp pass 1!', env));
    expect(openSecret(sealed, env)).toBe('Smtp pass 1!');
    expect(openSecret(sealed, { LYCEUM_SECRET: 'two' })).toBeNull();
    expect(openSecret('garbage', env)).toBeNull();
  });
});

describe('SMTP failures', () => {
  it('tells a refusal for good (5xx to the address) from one worth trying again and from an unreachable server', () => {
    const rcpt = (responseCode: number) => ({ code: 'EENVELOPE', command: 'RCPT TO', responseCode, message: 'no' });
    expect(failureOf(rcpt(550))).toMatchObject({ permanent: true, connection: false });
    expect(failureOf(rcpt(451))).toMatchObject({ permanent: false, connection: false });
    expect(failureOf({ code: 'ESOCKET', message: 'connect ECONNREFUSED 127.0.0.1:25' })).toMatchObject({
      permanent: false,
      connection: true,
      text: 'connect ECONNREFUSED 127.0.0.1:25',
    });
    expect(failureOf({ code: 'EAUTH', responseCode: 535, command: 'AUTH PLAIN', message: 'bad' }).permanent).toBe(
      false,
    );
  });
});
