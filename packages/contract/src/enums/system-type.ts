import type { EnumLabel } from '../labels';

// The system type a type enum stands for: how a programme is studied. Other areas store the number.
export const SystemType = { FullTime: 1, PartTime: 2, WorkStudy: 3, Online: 4, Classroom: 5 } as const;
export type SystemType = (typeof SystemType)[keyof typeof SystemType];
export const systemTypeLabels = {
  1: { en: 'Full-time', zh: '全日制' },
  2: { en: 'Part-time', zh: '非全日制' },
  3: { en: 'Work-study', zh: '工学结合' },
  4: { en: 'Online', zh: '线上' },
  5: { en: 'Classroom', zh: '线下面授' },
} satisfies Record<SystemType, EnumLabel>;
