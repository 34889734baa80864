import { defineEnum, type EnumValue } from '../labels';

export const { values: Difficulty, labels: difficultyLabels } = defineEnum({
  VeryEasy: [1, 'Very easy', '很容易', 'success'],
  Easy: [2, 'Easy', '容易', 'success'],
  Medium: [3, 'Medium', '中等', 'processing'],
  Hard: [4, 'Hard', '困难', 'warning'],
  VeryHard: [5, 'Very hard', '很难', 'error'],
});
export type Difficulty = EnumValue<typeof Difficulty>;
