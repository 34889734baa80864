// Writes packages/contract/src/routes.generated.ts, the web's schema-free table of endpoints
// (`npm run openapi` runs it after the OpenAPI document).
import { writeFileSync } from 'node:fs';
import { routesText } from '../packages/contract/src/routes-text';

const out = new URL('../packages/contract/src/routes.generated.ts', import.meta.url);
writeFileSync(out, routesText());
console.log(`wrote ${out.pathname}`);
