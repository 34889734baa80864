// B4 (question bank): scoring of 1,000,000 answers by the scoring engine on one core.
import { compileScorer, type ScorableQuestion, type StudentAnswer } from '@lyceum/contract';

const N = Number(process.env.ANSWERS ?? 1_000_000);
const rules = { ignoreCase: true, normalizeSpace: true, fullHalfWidth: true, numericTolerance: 0.01, anyOrder: false };
// A paper's worth of questions in the mix an exam has: mostly objective, some gaps, a few short answers.
const questions: { q: ScorableQuestion; answers: StudentAnswer[] }[] = [
  { q: { score: 2, key: { type: 1, correct: 'C' } }, answers: ['C', 'A', 'B', 'D', null] },
  {
    q: { score: 4, key: { type: 2, correct: ['A', 'C'], partial: 2, partScore: 2 } },
    answers: [['A', 'C'], ['A'], ['A', 'B'], []],
  },
  { q: { score: 1, key: { type: 3, correct: true } }, answers: [true, false, null] },
  {
    q: {
      score: 4,
      key: {
        type: 4,
        blanks: [
          { score: 2, answers: ['Paris'] },
          { score: 2, answers: ['3.14', 'pi'] },
        ],
        rules,
      },
    },
    answers: [
      ['paris', '3.14'],
      [' PARIS ', '3.141'],
      ['London', 'pi'],
      ['', ''],
    ],
  },
  {
    q: {
      score: 6,
      key: {
        type: 4,
        blanks: [
          { score: 2, answers: ['red'] },
          { score: 2, answers: ['green'] },
          { score: 2, answers: ['blue'] },
        ],
        rules: { ...rules, anyOrder: true },
      },
    },
    answers: [
      ['blue', 'red', 'green'],
      ['red', 'red', 'red'],
      ['x', 'y', 'z'],
    ],
  },
  {
    q: {
      score: 5,
      key: {
        type: 5,
        keywords: [
          { word: 'photosynthesis', points: 2 },
          { word: 'chlorophyll', points: 3 },
        ],
        judge: 2,
      },
    },
    answers: ['Photosynthesis needs chlorophyll and light.', 'No idea.'],
  },
];
const compiled = questions.map(({ q, answers }) => ({ score: compileScorer(q), answers }));
let total = 0;
// Warm-up, then the measured run.
for (let i = 0; i < 100_000; i++) {
  const c = compiled[i % compiled.length];
  total += c.score(c.answers[i % c.answers.length]).score;
}
const t0 = performance.now();
for (let i = 0; i < N; i++) {
  const c = compiled[i % compiled.length];
  total += c.score(c.answers[i % c.answers.length]).score;
}
const seconds = (performance.now() - t0) / 1000;
console.log(
  `\nB4 scoring ${N} answers (6 question types mixed, one core): ${seconds.toFixed(2)} s = ${Math.round(N / seconds).toLocaleString('en')} answers/s (target >= 500,000/s); checksum ${total}\n`,
);
