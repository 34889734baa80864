import type { EnumLabel } from '../labels';

export const Difficulty = { VeryEasy: 1, Easy: 2, Medium: 3, Hard: 4, VeryHard: 5 } as const;
export type Difficulty = (typeof Difficulty)[keyof typeof Difficulty];
export const difficultyLabels = {
  1: { en: 'Very easy', zh: '很容易', color: 'success' },
  2: { en: 'Easy', zh: '容易', color: 'success' },
  3: { en: 'Medium', zh: '中等', color: 'processing' },
  4: { en: 'Hard', zh: '困难', color: 'warning' },
  5: { en: 'Very hard', zh: '很难', color: 'error' },
} satisfies Record<Difficulty, EnumLabel>;
