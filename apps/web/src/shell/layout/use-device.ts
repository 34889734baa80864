import { MOBILE_BREAKPOINT_PX } from '@lyceum/contract';
import { useSyncExternalStore } from 'react';

const query = `(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`;

// Desktop or mobile, following window resizes; mobile is anything narrower than 992 px.
export function useIsMobile(): boolean {
  return useSyncExternalStore(
    (cb) => {
      const mql = window.matchMedia(query);
      mql.addEventListener('change', cb);
      return () => mql.removeEventListener('change', cb);
    },
    () => window.matchMedia(query).matches,
  );
}
