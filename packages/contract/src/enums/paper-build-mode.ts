import { defineEnum, type EnumValue } from '../labels';

// How a paper gets its questions: picked by hand, drawn once from its sections' rules into fixed
// items (the teacher may then swap single questions), or drawn from the rules for each student when
// the exam starts (deterministic per exam and student).
export const { values: PaperBuildMode, labels: paperBuildModeLabels } = defineEnum({
  Manual: [1, 'Manual', '手动组卷'],
  DrawOnce: [2, 'Rules, drawn once', '规则抽题（固定试卷）'],
  PerStudent: [3, 'Rules, drawn per student', '规则抽题（千人千卷）'],
});
export type PaperBuildMode = EnumValue<typeof PaperBuildMode>;
