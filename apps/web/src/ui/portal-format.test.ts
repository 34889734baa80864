import { describe, expect, it } from 'vitest';
import { scoreText, timeWindow } from './portal-format';

const t = (key: string, params: Record<string, string>) => `${key} ${params.score}/${params.max}`;

describe('portal formats', () => {
  it('writes a window within one day with its end time only', () => {
    expect(timeWindow('2026-01-12T09:00:00', '2026-01-12T11:30:00')).toBe('2026-01-12 09:00–11:30');
  });

  it('writes a window over several days with both ends in full', () => {
    expect(timeWindow('2026-01-12T09:00:00', '2026-01-14T18:00:00')).toBe('2026-01-12 09:00 – 2026-01-14 18:00');
  });

  it('writes scores without needless decimals', () => {
    expect(scoreText(85, 100, t)).toBe('portal.score 85/100');
    expect(scoreText(7.5, 10, t)).toBe('portal.score 7.5/10');
    expect(scoreText(2 / 3, 1, t)).toBe('portal.score 0.67/1');
  });
});
