import { type ExamPaper, type Question, ResultCode } from '@lyceum/contract';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parabolaPng } from '../src/seed/png';
import { logins } from './exam-fixture';
import { createTestApp, ok, type TestApp } from './harness';

// The Word export of a paper: the .docx is opened (a zip) and its text read from word/document.xml;
// the key and the analysis only when asked; the paper's read scope; never a student.

let t: TestApp;
let teacher: string;
let other: string;
let academic: string;
let admin: string;
let student: string;
let paper: ExamPaper;
let imageId: number;

const opts = ['A', 'B', 'C', 'D'].map((label) => ({ label, content: `<p>Choice ${label} text</p>` }));

async function question(token: string, body: Record<string, unknown>) {
  return ok(await t.call<Question>('POST', '/api/question/create', { token, body })).id;
}

beforeAll(async () => {
  t = await createTestApp({ students: 0 });
  ({
    teacher,
    'wang.fang': other,
    academic,
    student,
    admin,
  } = await logins(t, ['teacher', 'wang.fang', 'academic', 'student', 'admin']));
  const upload = await t.app.inject({
    method: 'POST',
    url: '/api/file/upload?purpose=image',
    headers: { token: teacher, 'content-type': 'image/png', 'x-file-name': 'parabola.png' },
    payload: parabolaPng(),
  });
  imageId = upload.json().response.id;
  const single = await question(teacher, {
    type: 1,
    stem: '<p>Which is the derivative of <span class="formula" data-latex="x^2"></span>?</p>',
    options: opts,
    answer: 'B',
    score: 2,
    analysis: '<p>Power rule analysis here.</p>',
  });
  const gap = await question(teacher, {
    type: 4,
    stem: '<p>The capital of France is {{blank}} and of Italy {{blank}}.</p>',
    answer: {
      blanks: [
        { answers: ['Paris'], score: 1 },
        { answers: ['Rome'], score: 1 },
      ],
      rules: {},
    },
    score: 2,
  });
  const short = await question(teacher, {
    type: 5,
    stem: `<p><img src="/api/file/${imageId}" alt="graph of a parabola" /></p><p>Describe the parabola shown.</p>`,
    answer: { reference: '<p>It opens upwards, minimum at the origin.</p>', keywords: [{ word: 'origin', points: 5 }] },
    score: 5,
  });
  paper = ok(
    await t.call<ExamPaper>('POST', '/api/examPaper/create', {
      token: teacher,
      body: {
        name: 'Algebra final 代数期末',
        durationMinutes: 100,
        sections: [
          {
            title: 'Part I: choices',
            instructions: 'Choose one answer only.',
            items: [{ questionId: single, score: 3 }],
          },
          {
            title: 'Part II: written',
            items: [
              { questionId: gap, score: 2 },
              { questionId: short, score: 5 },
            ],
          },
        ],
      },
    }),
  );
});
afterAll(() => t.close());

async function word(token: string, id: number, withKey: boolean, lang = 'en') {
  return t.app.inject({
    method: 'POST',
    url: `/api/examPaper/word/${id}?lang=${lang}`,
    headers: { token },
    payload: { withKey },
  });
}

// The document's paragraphs as text, each paragraph's runs joined.
async function docxText(file: Buffer): Promise<{ text: string; media: string[]; xml: string }> {
  const zip = await JSZip.loadAsync(file);
  const xml = (await zip.file('word/document.xml')?.async('string')) ?? '';
  const paragraphs = [...xml.matchAll(/<w:p[ >][\s\S]*?<\/w:p>/g)].map((p) =>
    [...p[0].matchAll(/<[wm]:t(?: [^>]*)?>([^<]*)<\/[wm]:t>/g)].map((m) => m[1]).join(''),
  );
  const media = Object.keys(zip.files).filter((name) => name.startsWith('word/media/'));
  return { text: paragraphs.join('\n').replaceAll('&amp;', '&'), media, xml };
}

describe('Word export of a paper', () => {
  it('writes title, blanks, sections, numbered questions with scores, options, blanks and the image', async () => {
    const res = await word(teacher, paper.id, false);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename*=UTF-8''${encodeURIComponent('Algebra final 代数期末.docx')}`,
    );
    const { text, media, xml } = await docxText(res.rawPayload);
    for (const part of [
      'Algebra final 代数期末',
      'Name: ',
      'Class: ',
      'Student No.: ',
      'Time allowed: 100 minutes',
      'Total: 10 points',
      'Part I: choices',
      '1 question, 3 points',
      'Choose one answer only.',
      'Part II: written',
      '2 questions, 7 points',
      // The formula is a Word equation: x with a superscript 2.
      '1. Which is the derivative of x2?',
      '(3 points)',
      'A. Choice A text',
      'D. Choice D text',
      // The figure opens question 3's stem: the number, then the picture, then the text.
      '\n3. \nDescribe the parabola shown. (5 points)',
    ]) {
      expect(text, part).toContain(part);
    }
    // Blanks are underlined spaces, numbering runs on from section 1.
    expect(text).toMatch(/2\. The capital of France is \u00a0+ and of Italy \u00a0+\./);
    // The school (the organisation's name) heads the paper.
    const config = ok(await t.call<{ name: string }>('POST', '/api/systemConfig/get', { token: admin }));
    expect(text.split('\n')[0]).toBe(config.name);
    expect(xml).toContain('<m:sSup>');
    // The image is embedded, not its alt text.
    expect(media).toHaveLength(1);
    expect(text).not.toContain('graph of a parabola');
    // No key on the students' copy.
    for (const secret of ['Answer:', 'Power rule analysis', 'Paris', 'minimum at the origin', 'Analysis']) {
      expect(text).not.toContain(secret);
    }
  });

  it('adds the answer key and analysis when asked, in the chosen language', async () => {
    const en = (await docxText((await word(teacher, paper.id, true)).rawPayload)).text;
    for (const part of [
      'Answer key and analysis',
      'Answer: B',
      'Analysis: Power rule analysis here.',
      'Answer: Blank 1: Paris; Blank 2: Rome',
      'Reference answer: It opens upwards, minimum at the origin.',
      'Scoring points: origin (+5)',
    ]) {
      expect(en, part).toContain(part);
    }
    const res = await word(teacher, paper.id, true, 'zh');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename*=UTF-8''${encodeURIComponent('Algebra final 代数期末（答案）.docx')}`,
    );
    const zh = (await docxText(res.rawPayload)).text;
    for (const part of [
      '姓名：',
      '班级：',
      '学号：',
      '考试时间：100 分钟',
      '满分：10 分',
      '共 2 题，7 分',
      '答案：B',
      '解析：',
      '第 1 空：Paris',
    ]) {
      expect(zh, part).toContain(part);
    }
  });

  it("refuses another teacher's draft and every student; a published paper is readable by other teachers", async () => {
    const hidden = await word(other, paper.id, false);
    expect(hidden.json()).toMatchObject({ code: ResultCode.Error, message: 'Exam paper not found', response: null });
    const refused = await word(student, paper.id, false);
    expect(refused.json().code).toBe(ResultCode.Forbidden);
    expect((await word(academic, paper.id, true)).statusCode).toBe(200);
    ok(await t.call('POST', `/api/examPaper/publish/${paper.id}`, { token: teacher }));
    const published = await word(other, paper.id, false);
    expect(published.statusCode).toBe(200);
    expect((await docxText(published.rawPayload)).text).toContain('Part II: written');
    expect((await word(student, paper.id, false)).json().code).toBe(ResultCode.Forbidden);
  });

  it('names the bad field: a key switch that is not a boolean, a bad id', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: `/api/examPaper/word/${paper.id}`,
      headers: { token: teacher },
      payload: { withKey: 'yes' },
    });
    expect(bad.json()).toMatchObject({ code: ResultCode.InvalidParams });
    expect(bad.json().message).toMatch(/^withKey: /);
    const badId = await word(teacher, 0, false);
    expect(badId.json().code).toBe(ResultCode.InvalidParams);
  });
});
