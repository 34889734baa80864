import { describe, expect, it } from 'vitest';
import { wrapLabel } from './wrap-label';

describe('wrapLabel', () => {
  it('breaks a long name at spaces, a CJK character counting two columns', () => {
    expect(wrapLabel('Exam focus 考试重点', 14)).toBe('Exam focus\n考试重点');
    expect(wrapLabel('Limits 极限', 14)).toBe('Limits 极限');
    expect(wrapLabel('Derivatives', 4)).toBe('Derivatives');
  });
});
