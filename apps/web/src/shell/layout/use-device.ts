import { MOBILE_BREAKPOINT_PX } from '@lyceum/contract';
import { useSyncExternalStore } from 'react';

const mobileQuery = `(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`;
const reducedMotionQuery = '(prefers-reduced-motion: reduce)';

function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (cb) => {
      const mql = window.matchMedia(query);
      mql.addEventListener('change', cb);
      return () => mql.removeEventListener('change', cb);
    },
    () => window.matchMedia(query).matches,
  );
}

// Desktop or mobile, following window resizes; mobile is anything narrower than 992 px.
export function useIsMobile(): boolean {
  return useMediaQuery(mobileQuery);
}

// The person asked their system for less motion (WCAG 2.3.3): drawers, menus and messages then
// appear without sliding or fading.
export function usePrefersReducedMotion(): boolean {
  return useMediaQuery(reducedMotionQuery);
}
