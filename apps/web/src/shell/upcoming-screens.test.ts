import { menuCatalogue } from '@lyceum/contract';
import { describe, expect, it } from 'vitest';
import { upcomingScreens } from './upcoming-screens';
import { hasView } from './view-registry';

const catalogued = new Set(menuCatalogue.flatMap((area) => area.pages.map((p) => p.component)));
const han = /\p{Script=Han}/u;

describe('upcoming screens', () => {
  it('say what every catalogued screen without a view will do, in both languages', () => {
    // Since issue 34 every catalogued screen has a view; a screen added to the catalogue before its
    // view is written needs its words here.
    const unbuilt = [...catalogued].filter((c) => !hasView(c));
    expect(unbuilt.filter((c) => !Object.hasOwn(upcomingScreens, c))).toEqual([]);
    for (const [component, text] of Object.entries(upcomingScreens)) {
      expect(text.en.length, component).toBeGreaterThan(20);
      expect(han.test(text.en), component).toBe(false);
      expect(han.test(text.zh), component).toBe(true);
    }
  });

  it('are all catalogued screens not built yet', () => {
    expect(Object.keys(upcomingScreens).filter((c) => !catalogued.has(c) || hasView(c))).toEqual([]);
  });
});
