import type { EnumLabel } from '../labels';

// How a paper gets its questions: picked by hand, drawn once from its sections' rules into fixed
// items (the teacher may then swap single questions), or drawn from the rules for each student when
// the exam starts (deterministic per exam and student).
export const PaperBuildMode = { Manual: 1, DrawOnce: 2, PerStudent: 3 } as const;
export type PaperBuildMode = (typeof PaperBuildMode)[keyof typeof PaperBuildMode];
export const paperBuildModeLabels = {
  1: { en: 'Manual', zh: '手动组卷' },
  2: { en: 'Rules, drawn once', zh: '规则抽题（固定试卷）' },
  3: { en: 'Rules, drawn per student', zh: '规则抽题（千人千卷）' },
} satisfies Record<PaperBuildMode, EnumLabel>;
