import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { arbQuestion } from './arbitrary';
import { readMoodleXmlInRuns } from './moodle-chunks';
import { readMoodleXml } from './moodle-xml-read';
import { writeMoodleXml } from './moodle-xml-write';

// Reading in runs gives exactly what reading whole gives: the same items, categories, lines and
// ordinals, and the same refusals.
describe('reading Moodle XML in runs', () => {
  it('gives what one read gives, across run boundaries and category changes', async () => {
    const inputs = fc.sample(arbQuestion({ types: [1, 2, 3, 4, 5] }), { numRuns: 120, seed: 35 });
    const questions = Array.from({ length: 700 }, (_, i) => ({
      id: i + 1,
      input: inputs[i % inputs.length],
      // A new category every 90 questions, so runs of 250 start inside a category.
      category: [`Unit ${Math.floor(i / 90)}`, 'Part'],
      tags: [],
    }));
    const { text } = await writeMoodleXml(questions, async () => null);
    const whole = readMoodleXml(text);
    const runs = await readMoodleXmlInRuns(text);
    expect(runs.length).toBe(700);
    expect(runs).toEqual(whole);
  });

  it('reads a cut file whole, so its refusal names the line', async () => {
    const one =
      '<question type="truefalse"><name><text>T</text></name><questiontext format="html"><text>Yes?</text></questiontext><answer fraction="100"><text>true</text></answer><answer fraction="0"><text>false</text></answer></question>\n';
    const text = `<?xml version="1.0"?>\n<quiz>\n${one.repeat(300)}<question type="truefalse"><name><text>cut`;
    await expect(readMoodleXmlInRuns(text)).rejects.toMatchObject({ detail: { key: 'interopNotWellFormed' } });
  });
});
