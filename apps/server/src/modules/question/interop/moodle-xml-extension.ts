import { PartialCredit, type QuestionInput, QuestionType, zBlankRules, zGapRules } from '@lyceum/contract';
import { z } from 'zod';
import type { Blank, BlankRules, GapRules } from './moodle-cloze';
import { moodleFraction } from './moodle-text';

// Lyceum's fields that Moodle XML has no element for travel in one <lyceum>{json}</lyceum> element
// inside <question>; Moodle's importer ignores elements it does not know. Only what the standard
// elements cannot say is written, so a file read without it still has every stem, option, key,
// fraction, tolerance, case rule, feedback and score (the reader then uses its defaults).
// The reader takes the element only when it passes this schema; otherwise it is left out whole.

export const zLyceumExtension = z.object({
  difficulty: z.number().int().min(1).max(5).optional(),
  // Multiple choice: Moodle's fractions say "a share per correct option" (PerOption) only.
  partialCredit: z.literal([1, 2, 3]).optional(),
  partScore: z.number().min(0).max(100).nullable().optional(),
  // Short answer: how it is marked, and what Moodle's essay and short answer have no place for.
  judgeType: z.literal([1, 2]).optional(),
  reference: z.string().max(20_000).optional(),
  keywords: z
    .array(z.object({ word: z.string().max(100), points: z.number().min(0).max(100) }))
    .max(30)
    .optional(),
  wholeWord: z.boolean().optional(),
  // A short answer Moodle cannot hold as one of its types (numbers among texts, units on a text
  // answer, case on numbers, fractions off Moodle's grade list): its whole-answer key as it is.
  accepted: z
    .array(
      z.object({
        answer: z.string().max(200),
        fraction: z.number().min(0).max(1),
        tolerance: z.number().min(0).max(1_000_000).nullable(),
      }),
    )
    .max(30)
    .optional(),
  units: z
    .array(z.object({ unit: z.string().max(20), multiplier: z.number().positive() }))
    .max(10)
    .optional(),
  caseSensitive: z.boolean().optional(),
  // Gap filling: the question's rules, and each blank's own (null: none) where they are not what
  // the subquestion's kind gives.
  gapRules: z
    .object({
      ignoreCase: z.boolean(),
      normalizeSpace: z.boolean(),
      fullHalfWidth: z.boolean(),
      numericTolerance: z.number().min(0).max(1_000_000).nullable(),
      toleranceMode: z.enum(['absolute', 'relative']),
      anyOrder: z.boolean(),
      wildcards: z.boolean(),
    })
    .partial()
    .optional(),
  blankRules: z.array(zBlankRules.nullable()).max(30).optional(),
});
export type LyceumExtension = z.infer<typeof zLyceumExtension>;

// The question rules a cloze question has without the extension.
export const STANDARD_GAP_RULES: GapRules = zGapRules.parse({});

// JSON with keys in order and undefined members left out, for "is this what the reader would give".
function canonical(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );
}
const same = (a: unknown, b: unknown) => canonical(a ?? null) === canonical(b ?? null);

interface ShortAnswerKey {
  reference: string;
  keywords: { word: string; points: number }[];
  wholeWord: boolean;
  accepted: { answer: string; fraction: number; tolerance: number | null }[];
  caseSensitive: boolean;
  units: { unit: string; multiplier: number }[];
}

// The extension's JSON for one question, or null when the standard elements say everything.
// `standardRules`: for gap filling, the rules each blank gets from its subquestion's kind.
export function extensionOf(q: QuestionInput, standardRules: BlankRules[] = []): string | null {
  const ext: LyceumExtension = {};
  if (q.difficulty !== 3) ext.difficulty = q.difficulty;
  if (q.type === QuestionType.MultipleChoice) {
    if (q.partialCredit !== PartialCredit.PerOption) ext.partialCredit = q.partialCredit;
    if (q.partScore !== null) ext.partScore = q.partScore;
  }
  if (q.type === QuestionType.GapFilling) {
    const a = q.answer as { blanks: Blank[]; rules: GapRules };
    if (!same(a.rules, STANDARD_GAP_RULES)) ext.gapRules = a.rules;
    if (a.blanks.some((b, i) => !same(b.rules, standardRules[i])))
      ext.blankRules = a.blanks.map((b) => b.rules ?? null);
  }
  if (q.type === QuestionType.ShortAnswer) {
    const a = q.answer as ShortAnswerKey;
    const byAccepted = a.accepted.length > 0;
    const standardJudge = byAccepted ? 1 : 2;
    if (q.judgeType !== undefined && q.judgeType !== standardJudge) ext.judgeType = q.judgeType;
    if (byAccepted && a.reference !== '') ext.reference = a.reference;
    // The writer makes a numerical question when every answer has a tolerance, else a short answer.
    const numerical = byAccepted && a.accepted.every((x) => x.tolerance !== null);
    // Numbers among texts, or a fraction Moodle's grade list does not have (written as the nearest).
    const mixed = !numerical && a.accepted.some((x) => x.tolerance !== null);
    if (byAccepted && (mixed || a.accepted.some((x) => moodleFraction(x.fraction) !== x.fraction))) {
      ext.accepted = a.accepted;
    }
    if (byAccepted && !numerical && a.units.length) ext.units = a.units;
    if (numerical && a.caseSensitive) ext.caseSensitive = true;
    if (a.keywords.length) ext.keywords = a.keywords;
    if (a.wholeWord) ext.wholeWord = true;
  }
  return Object.keys(ext).length ? JSON.stringify(ext) : null;
}

// A star that is no wildcard was written `\*` (Moodle's short answer reads a bare one as "anything").
const unstar = (s: string) => s.replace(/\\\*/g, '*');

// Puts the extension's fields on a question read from the standard elements.
export function applyExtension(input: Record<string, unknown>, json: string): void {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return;
  }
  const r = zLyceumExtension.safeParse(parsed);
  if (!r.success) return;
  const ext = r.data;
  if (ext.difficulty !== undefined) input.difficulty = ext.difficulty;
  if (input.type === QuestionType.MultipleChoice) {
    if (ext.partialCredit !== undefined) input.partialCredit = ext.partialCredit;
    if (ext.partScore !== undefined) input.partScore = ext.partScore;
  }
  if (input.type === QuestionType.ShortAnswer) {
    const a = input.answer as Record<string, unknown>;
    if (ext.judgeType !== undefined) input.judgeType = ext.judgeType;
    if (ext.reference !== undefined) a.reference = ext.reference;
    if (ext.keywords !== undefined) a.keywords = ext.keywords;
    if (ext.wholeWord !== undefined) a.wholeWord = ext.wholeWord;
    if (ext.accepted !== undefined) a.accepted = ext.accepted;
    if (ext.units !== undefined) a.units = ext.units;
    if (ext.caseSensitive !== undefined) a.caseSensitive = ext.caseSensitive;
  }
  if (input.type === QuestionType.GapFilling) {
    const a = input.answer as { blanks: Blank[]; rules: GapRules };
    if (ext.gapRules) a.rules = { ...a.rules, ...ext.gapRules };
    if (ext.blankRules && ext.blankRules.length === a.blanks.length) {
      a.blanks = a.blanks.map((b, i) => {
        const { rules: _standard, ...rest } = b;
        const own = ext.blankRules?.[i];
        const blank: Blank = own ? { ...rest, rules: own } : rest;
        if ((own?.wildcards ?? a.rules.wildcards) === false) {
          blank.answers = blank.answers.map(unstar);
          blank.partial = blank.partial.map((p) => ({ ...p, answer: unstar(p.answer) }));
        }
        return blank;
      });
    }
  }
}
