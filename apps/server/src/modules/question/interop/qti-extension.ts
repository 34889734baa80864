import {
  type QuestionInput,
  QuestionType,
  zAcceptedAnswer,
  zAnswerUnit,
  zBlankRules,
  zGapRules,
  zKeyword,
} from '@lyceum/contract';
import { z } from 'zod';

// What a Lyceum question has and QTI has no place for, carried beside the item in the manifest's
// resource metadata (`<lyceum:question>` holding JSON, in our own namespace; content packages allow
// any namespaced metadata and other systems skip it). The item itself stays plain QTI: stem,
// choices, keys, per-choice and per-blank marks, case, tolerances, feedback and score are read from
// its standard elements, and this only adds:
// - the type where QTI's shape leaves a choice (a single choice whose options read "true"/"false";
//   a gap at the end of a stem, or a short answer's box),
// - a multiple choice's part-score rule and part score,
// - gap rules (space and width folding, any order, wildcards) and each blank's own rules,
// - a short answer's keywords (and whole-word switch), units, judging, and accepted answers whose
//   tolerance the item could not state (an answer that is not a number).
// Difficulty travels as LOM's educational difficulty, categories as a LOM classification, tags as
// LOM keywords.

export const LYCEUM_NS = 'https://lyceum.school/qti';

export const zQtiExtension = z.object({
  type: z.number().int().min(1).max(5).optional(),
  partialCredit: z.number().int().optional(),
  partScore: z.number().nullable().optional(),
  judgeType: z.number().int().optional(),
  rules: zGapRules.optional(),
  blankRules: z.array(zBlankRules.nullable()).optional(),
  keywords: z.array(zKeyword).optional(),
  wholeWord: z.boolean().optional(),
  units: z.array(zAnswerUnit).optional(),
  accepted: z.array(zAcceptedAnswer).optional(),
});
export type QtiExtension = z.output<typeof zQtiExtension>;

type GapAnswer = { blanks: { rules?: z.input<typeof zBlankRules> }[]; rules: z.output<typeof zGapRules> };
type ShortAnswer = {
  keywords: z.output<typeof zKeyword>[];
  wholeWord: boolean;
  accepted: z.output<typeof zAcceptedAnswer>[];
  units: z.output<typeof zAnswerUnit>[];
};

// `acceptedInItem`: whether the item states the accepted answers fully (the writer decides).
export function extensionOf(q: QuestionInput, acceptedInItem: boolean): QtiExtension {
  const ext: QtiExtension = { type: q.type };
  if (q.type === QuestionType.MultipleChoice) {
    ext.partialCredit = q.partialCredit;
    ext.partScore = q.partScore;
  }
  if (q.type === QuestionType.GapFilling) {
    const a = q.answer as GapAnswer;
    ext.rules = a.rules;
    ext.blankRules = a.blanks.map((b) => b.rules ?? null);
  }
  if (q.type === QuestionType.ShortAnswer) {
    const a = q.answer as ShortAnswer;
    ext.judgeType = q.judgeType;
    if (a.keywords.length) ext.keywords = a.keywords;
    if (a.wholeWord) ext.wholeWord = true;
    if (a.units.length) ext.units = a.units;
    if (!acceptedInItem && a.accepted.length) ext.accepted = a.accepted;
  }
  return ext;
}

export function readExtension(json: string | undefined): QtiExtension | null {
  if (!json) return null;
  try {
    const parsed = zQtiExtension.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

// The question read from the item with what the extension adds. Only fields the item cannot hold
// are taken from it; the bank's own check (zQuestionInput) runs on the result as on any import.
export function applyExtension(input: Record<string, unknown>, ext: QtiExtension | null): Record<string, unknown> {
  if (!ext) return input;
  const out = { ...input };
  if (input.type === QuestionType.MultipleChoice) {
    if (ext.partialCredit !== undefined) out.partialCredit = ext.partialCredit;
    if (ext.partScore !== undefined) out.partScore = ext.partScore;
  }
  const answer = input.answer as Record<string, unknown> | null;
  if (input.type === QuestionType.GapFilling && answer) {
    const blanks = answer.blanks as Record<string, unknown>[];
    const own = ext.blankRules;
    out.answer = {
      ...answer,
      rules: ext.rules ?? answer.rules,
      blanks:
        own && own.length === blanks.length ? blanks.map((b, i) => ({ ...b, rules: own[i] ?? undefined })) : blanks,
    };
  }
  if (input.type === QuestionType.ShortAnswer && answer) {
    const next = { ...answer };
    if (ext.keywords) next.keywords = ext.keywords;
    if (ext.wholeWord !== undefined) next.wholeWord = ext.wholeWord;
    if (ext.units) next.units = ext.units;
    if (ext.accepted) next.accepted = ext.accepted;
    out.answer = next;
    if (ext.judgeType !== undefined) out.judgeType = ext.judgeType;
  }
  return out;
}
