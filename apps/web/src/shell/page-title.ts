import { PLATFORM_TITLE } from '@lyceum/contract';
import { useEffect, useSyncExternalStore } from 'react';
import { type OrganizationConfig, readOrganizationConfig } from './session';

let cached: { raw: string | null; value: OrganizationConfig | null } = { raw: null, value: null };

function snapshot(): OrganizationConfig | null {
  const raw = localStorage.getItem('lyceum.organization');
  if (raw !== cached.raw) cached = { raw, value: readOrganizationConfig() };
  return cached.value;
}

export function useOrganizationConfig(): OrganizationConfig | null {
  return useSyncExternalStore((cb) => {
    window.addEventListener('lyceum:organization', cb);
    window.addEventListener('storage', cb);
    return () => {
      window.removeEventListener('lyceum:organization', cb);
      window.removeEventListener('storage', cb);
    };
  }, snapshot);
}

// '{page title} | {organisation name}'; the platform title stands in for the organisation when none is stored.
export function usePageTitle(title: string | undefined): void {
  const config = useOrganizationConfig();
  const suffix = config?.organization.name || PLATFORM_TITLE;
  useEffect(() => {
    document.title = title ? `${title} | ${suffix}` : suffix;
  }, [title, suffix]);
}
