import { createRequire } from 'node:module';
import { errorText } from '@lyceum/contract';
import type { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { invalidParams } from './errors';

// Passwords are judged by zxcvbn (its common-password, word, name and keyboard-pattern lists), not by
// character-class rules: score 3 of 0-4 (about 10^8 guesses) is the least accepted.
const MIN_SCORE = 3;
// The first 64 characters are judged (the cost grows with the square of the length; 128 took
// twice as long): a password weak there is refused, one strong there is strong whatever follows.
const MAX_LENGTH = 64;
// zxcvbn tries up to this many l33t readings of the password (default 100); each one is a full
// dictionary pass, which made a 128-character password of symbols take over a second. Real l33t
// passwords need a few readings: the scores of the tested ones are the same at 12 as at 100.
const L33T_READINGS = 12;

const require = createRequire(import.meta.url);
let estimator: ZxcvbnFactory | null = null;

// Built on first use: the dictionaries take a few hundred milliseconds and tens of megabytes, which
// a process that never sets a password (and every test file) should not pay.
function zxcvbn(): ZxcvbnFactory {
  if (estimator) return estimator;
  const core = require('@zxcvbn-ts/core') as typeof import('@zxcvbn-ts/core');
  const common = require('@zxcvbn-ts/language-common') as typeof import('@zxcvbn-ts/language-common');
  const en = require('@zxcvbn-ts/language-en') as typeof import('@zxcvbn-ts/language-en');
  estimator = new core.ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...en.dictionary },
    graphs: common.adjacencyGraphs,
    translations: {
      ...en.translations,
      warnings: {
        ...en.translations.warnings,
        userInputs: "It contains your name, your user name or the organisation's domain.",
      },
    },
    maxLength: MAX_LENGTH,
    l33tMaxSubstitutions: L33T_READINGS,
  });
  return estimator;
}

// Each hint whole, run together and word by word ("Nora North" -> nora north, noranorth, nora,
// north): zxcvbn matches hints as whole tokens, and "wangfang1990" is one token, not two.
function hintWords(hints: string[]): string[] {
  const words = new Set<string>();
  for (const hint of hints) {
    const whole = hint.trim().toLowerCase();
    if (!whole) continue;
    words.add(whole);
    const parts = whole.split(/[^\p{L}\p{N}]+/u).filter((part) => part.length >= 2);
    words.add(parts.join(''));
    for (const part of parts) words.add(part);
  }
  return [...words];
}

const sentence = (s: string) => s.charAt(0).toLowerCase() + s.slice(1).replace(/\.$/, '');

// Why the password is refused ("is too easy to guess (this is a heavily used password). Add more
// words that are less common."), or null when it is strong enough. Hints: the user's user name and
// real name and the organisation's domain; they can only lower the score.
export function passwordProblem(password: string, hints: string[]): string | null {
  const why = passwordWeakness(password, hints);
  return why && errorText('en', { key: 'weakPassword', params: why });
}

// zxcvbn's English feedback, as the params of the catalogue's weakPassword (the Chinese text gives
// general advice instead); null when the password is strong enough.
function passwordWeakness(password: string, hints: string[]): { why: string; advice: string } | null {
  const result = zxcvbn().check(password, hintWords(hints));
  if (result.score >= MIN_SCORE) return null;
  const { warning, suggestions } = result.feedback;
  const why = warning ? ` (${sentence(warning)})` : '';
  const advice = suggestions.length ? suggestions.join(' ') : 'Use a few uncommon words together.';
  return { why, advice };
}

// 501 naming the field ("newPassword: is too easy to guess ...") when the password is refused.
export function assertPassword(field: string, password: string, hints: string[]): void {
  const why = passwordWeakness(password, hints);
  if (why) throw invalidParams(field, 'weakPassword', why);
}
