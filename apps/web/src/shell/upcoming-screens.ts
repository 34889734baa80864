import type { Title } from '@lyceum/contract';

// What each screen of the product will let people do, said to the people who will use it. The page
// shown for a screen that is not built yet (UpcomingView) reads it, so nobody meets a blank or a
// technical placeholder. Keyed by the menu catalogue's component string; upcoming-screens.test.ts
// checks every catalogued screen without a view has an entry here.
// Empty since issue 34: every catalogued screen has its view.
export const upcomingScreens: Readonly<Record<string, Title>> = {};

export function upcomingScreenText(component: string): Title | undefined {
  return Object.hasOwn(upcomingScreens, component) ? upcomingScreens[component] : undefined;
}
