import { describe, expect, it } from 'vitest';
import { appTheme, contrastRatio, MIN_TEXT_CONTRAST, readableOn } from './theme';

describe('theme contrast', () => {
  it('measures contrast as WCAG does', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBeCloseTo(1, 5);
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
  });

  it('darkens a colour only as far as 4.5:1 needs, and keeps one that reaches it', () => {
    // antd's blue gives 4.1:1 with white; one step short of the result does not reach 4.5.
    expect(contrastRatio('#1677ff', '#ffffff')).toBeLessThan(MIN_TEXT_CONTRAST);
    expect(readableOn('#1677ff')).toBe('#1570f0');
    expect(contrastRatio('#1570f0', '#ffffff')).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    expect(contrastRatio('#1571f2', '#ffffff')).toBeLessThan(MIN_TEXT_CONTRAST);
    expect(contrastRatio(readableOn('#fadb14'), '#ffffff')).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    expect(contrastRatio(readableOn('#faad14', '#fffbe6'), '#fffbe6')).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    expect(readableOn('#0b3d91')).toBe('#0b3d91');
  });

  it('gives every coloured text of the antd theme 4.5:1 on its background', () => {
    const { token, components } = appTheme('#52c41a');
    // Links and link buttons stand on a hovered table row's #fafafa at the lightest.
    expect(token?.colorPrimary).toBe(readableOn('#52c41a', '#fafafa'));
    for (const colour of [token?.colorPrimary, token?.colorLink]) {
      expect(contrastRatio(String(colour), '#fafafa')).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    }
    expect(contrastRatio(String(token?.colorError), '#ffffff')).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    const tag = components?.Tag;
    expect(contrastRatio(String(tag?.colorSuccess), '#f6ffed')).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    expect(contrastRatio(String(tag?.colorInfo), '#e6f4ff')).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    expect(contrastRatio(String(tag?.colorWarning), '#fffbe6')).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    expect(contrastRatio(String(tag?.colorError), '#fff2f0')).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    const track = components?.Switch?.colorTextQuaternary;
    expect(track).toBe('rgba(0, 0, 0, 0.55)');
    expect(token?.colorTextDescription).toBe('rgba(0, 0, 0, 0.6)');
    expect(components?.Descriptions?.labelColor).toBe('rgba(0, 0, 0, 0.6)');
    expect(token?.colorTextPlaceholder).toBe('rgba(0, 0, 0, 0.55)');
  });
});
