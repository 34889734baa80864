import type { ThemeConfig } from 'antd';

// WCAG 2.1 AA (1.4.3): normal-size text needs a contrast ratio of at least 4.5:1 with its background.
export const MIN_TEXT_CONTRAST = 4.5;

// Grey text on white, as black with an alpha (antd's way): descriptions (breadcrumb, form hints,
// secondary typography, empty states) at 0.6 and placeholders at 0.55 both stay above 4.5:1 on
// white and on the light greys behind inputs and table headers; antd's defaults (0.45 and 0.25)
// give 3.4:1 and 1.8:1.
const DESCRIPTION_TEXT = 'rgba(0, 0, 0, 0.6)';
const PLACEHOLDER_TEXT = 'rgba(0, 0, 0, 0.55)';

function channels(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function toHex([r, g, b]: [number, number, number]): string {
  return `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}

// Relative luminance of an sRGB colour written #rrggbb, as WCAG defines it.
export function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

// The colour darkened toward black in 1 % steps only as far as it needs to reach 4.5:1 against the
// background (as text on it, or the background of white text); a colour that already does is
// returned as it is, and the hue stays.
export function readableOn(hex: string, background = '#ffffff'): string {
  const rgb = channels(hex);
  for (let keep = 100; keep >= 0; keep -= 1) {
    const candidate = toHex(rgb.map((c) => (c * keep) / 100) as [number, number, number]);
    if (contrastRatio(candidate, background) >= MIN_TEXT_CONTRAST) return candidate;
  }
  return '#000000';
}

// antd's status colours and the pale backgrounds its tags put them on.
const STATUS = {
  colorSuccess: ['#52c41a', '#f6ffed'],
  colorInfo: ['#1677ff', '#e6f4ff'],
  colorWarning: ['#faad14', '#fffbe6'],
  colorError: ['#ff4d4f', '#fff2f0'],
} as const;

type StatusTokens = Record<keyof typeof STATUS, string>;

function tagStatusColours(): StatusTokens {
  const out = {} as StatusTokens;
  for (const [token, [colour, background]] of Object.entries(STATUS) as [
    keyof typeof STATUS,
    readonly [string, string],
  ][]) {
    out[token] = readableOn(colour, background);
  }
  return out;
}

// The organisation's theme colour becomes the primary colour as far as white text on it (primary
// buttons, the selected menu item) and it as text on white (the active tab) stay readable; links and
// error messages (red text on white, white text on danger buttons) get the same treatment, status tags
// (green, blue, amber, red text on their pale backgrounds) their own darker shades.
// With `reducedMotion` (the system's prefers-reduced-motion), antd's transitions are off.
const HOVERED_ROW = '#fafafa';

export function appTheme(themeColor: string, reducedMotion = false): ThemeConfig {
  return {
    token: {
      ...(reducedMotion ? { motion: false } : {}),
      // Against the light grey of a hovered table row (#fafafa), the lightest ground links and
      // link buttons stand on: white would leave a row's link at 4.36:1 under the pointer.
      colorPrimary: readableOn(themeColor, HOVERED_ROW),
      colorLink: readableOn(STATUS.colorInfo[0], HOVERED_ROW),
      colorError: readableOn(STATUS.colorError[0]),
      colorTextDescription: DESCRIPTION_TEXT,
      colorTextPlaceholder: PLACEHOLDER_TEXT,
    },
    components: {
      Tag: tagStatusColours(),
      // An unchecked switch shows white text ("Disabled") on its grey track, darker when hovered.
      Switch: { colorTextQuaternary: 'rgba(0, 0, 0, 0.55)', colorTextTertiary: 'rgba(0, 0, 0, 0.65)' },
      // Description labels (profile, class page) are grey text on white too.
      Descriptions: { labelColor: DESCRIPTION_TEXT },
    },
  };
}
