import { expect, type Page } from '@playwright/test';
import axe from 'axe-core';

// The WCAG 2.1 success criteria at levels A and AA, as axe tags its rules.
const WCAG21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING: ReadonlySet<string> = new Set(['critical', 'serious']);

type AxeWindow = Window & { axe?: typeof axe };

// Runs axe-core in the page (injected through the DevTools protocol, so the page's CSP does not
// stop it) and returns one line per critical or serious violation with the selectors it hit.
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  // Colours are read as they are drawn: let opening drawers and fading menus finish first.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Number.POSITIVE_INFINITY),
  );
  if (!(await page.evaluate(() => Boolean((window as AxeWindow).axe)))) await page.evaluate(axe.source);
  const results = await page.evaluate(
    (tags) =>
      (window as AxeWindow).axe?.run(document, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
      }),
    WCAG21_AA,
  );
  if (!results) throw new Error('axe-core did not load in the page');
  return results.violations
    .filter((v) => v.impact && BLOCKING.has(v.impact))
    .flatMap((v) =>
      v.nodes.map(
        (node) => `${v.impact} ${v.id}: ${node.target.map(String).join(' >> ')} (${node.failureSummary ?? v.help})`,
      ),
    );
}

// Fails with every critical and serious WCAG 2.1 A/AA violation on the page as it is now, one a line.
export async function expectNoSeriousA11yViolations(page: Page, where: string): Promise<void> {
  const found = await seriousA11yViolations(page);
  expect(found, `accessibility violations on ${where}:\n${found.join('\n')}`).toEqual([]);
}
