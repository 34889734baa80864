import type { EnumLabel } from '../labels';

export const SemesterTerm = { First: 1, Second: 2 } as const;
export type SemesterTerm = (typeof SemesterTerm)[keyof typeof SemesterTerm];
export const semesterTermLabels = {
  1: { en: 'First term', zh: '第一学期' },
  2: { en: 'Second term', zh: '第二学期' },
} satisfies Record<SemesterTerm, EnumLabel>;
