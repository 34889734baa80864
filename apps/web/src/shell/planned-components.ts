import { menuCatalogue } from '@lyceum/contract';
import { staticRoutes } from './routes';

// Kept apart from routes.ts, which the login page loads: the catalogue's page titles stay out of it.
// Components the product plans: a missing file for one of these is "coming soon", not an error.
export const plannedComponents = new Set<string>([
  ...staticRoutes.map((r) => r.component),
  ...menuCatalogue.flatMap((area) => area.pages.map((p) => p.component)),
]);
