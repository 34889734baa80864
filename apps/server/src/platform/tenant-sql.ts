import { and, type Column, eq, type Placeholder, type SQLWrapper } from 'drizzle-orm';

// Every tenant table carries organization_id, and every query and join keeps to one organization
// (sameOrg / inOrg state it once instead of the same two `eq`s in every builder query).

type Tenanted = { organizationId: Column };
type Condition = SQLWrapper | undefined;

// A join's condition: both sides in the same organization, then the join's own keys.
export const sameOrg = (a: Tenanted, b: Tenanted, keys: Condition[]) =>
  and(eq(a.organizationId, b.organizationId), ...keys);

// A query's condition: the rows of one organization, then its own filters (the organization may be
// a prepared statement's placeholder).
export const inOrg = (table: Tenanted, orgId: number | Placeholder, filters: Condition[] = []) =>
  and(eq(table.organizationId, orgId), ...filters);
