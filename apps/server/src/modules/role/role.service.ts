import {
  ADMIN_ROLE_CODE,
  type BuiltInRoleCode,
  builtInRoles,
  type MenuItem,
  type MenuResponse,
  menuCatalogue,
  PermissionLevel,
  type PermissionNode,
  RoleKind,
  studentOnlyPermissions,
} from '@lyceum/contract';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { bus } from '../../platform/bus';
import type { RequestContext } from '../../platform/context';
import type { Db, DbOrTx } from '../../platform/db';
import { businessError, forbidden, invalidParams, notFound } from '../../platform/errors';
import { endStreams } from '../../platform/push';
import { inOrg } from '../../platform/tenant-sql';
import { assertCanManageRole, ceilingOf } from './privilege.service';
import { permissions, rolePermissions, roles } from './role.table';

type PermissionRow = typeof permissions.$inferSelect;

interface CatalogueEntry {
  row: Omit<PermissionRow, 'id' | 'parentId'>;
  parentName: string | null;
  grant: readonly RoleKind[];
}

// Flattens the contract's menu catalogue into permission rows, parents first.
function catalogueEntries(): CatalogueEntry[] {
  const out: CatalogueEntry[] = [];
  let sort = 0;
  const base = {
    path: null,
    component: null,
    permission: null,
    metaIcon: null,
    metaNoCache: false,
    metaActiveMenu: null,
    hidden: false,
  };
  for (const area of menuCatalogue) {
    const areaGrant = new Set<RoleKind>();
    const pages: CatalogueEntry[] = [];
    for (const page of area.pages) {
      for (const k of page.grant) areaGrant.add(k);
      pages.push({
        parentName: area.name,
        grant: page.grant,
        row: {
          ...base,
          level: PermissionLevel.SecondLevel,
          name: page.name,
          path: page.path,
          component: page.component,
          permission: page.permission,
          metaTitle: page.title.en,
          metaTitleZh: page.title.zh,
          metaNoCache: page.noCache ?? false,
          metaActiveMenu: page.activeMenu ?? null,
          hidden: page.hidden ?? false,
          sort: sort++,
        },
      });
      for (const button of page.buttons ?? []) {
        pages.push({
          parentName: page.name,
          grant: button.grant ?? [],
          row: {
            ...base,
            level: PermissionLevel.Button,
            name: button.permission,
            permission: button.permission,
            metaTitle: button.title.en,
            metaTitleZh: button.title.zh,
            sort: sort++,
          },
        });
      }
    }
    out.push({
      parentName: null,
      grant: [...areaGrant],
      row: {
        ...base,
        level: PermissionLevel.FirstLevel,
        name: area.name,
        path: area.path,
        metaIcon: area.icon,
        metaTitle: area.title.en,
        metaTitleZh: area.title.zh,
        sort: sort++,
      },
    });
    out.push(...pages);
  }
  return out;
}

// The catalogue as stored, kept in memory: it only changes when the server starts.
let catalogue: PermissionRow[] = [];
let grantByKind = new Map<RoleKind, number[]>();
let studentGrantable = new Set<number>();

// Brings the permissions table in line with the contract's catalogue and grants entries that are
// new to the built-in roles of every organisation. Safe to run at every start, by several servers.
export async function syncPermissionCatalogue(db: Db): Promise<void> {
  const entries = catalogueEntries();
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(7301)`);
    const existing = new Map((await tx.select().from(permissions)).map((p) => [p.name, p]));
    const idByName = new Map<string, number>();
    const added: number[] = [];
    for (const e of entries) {
      const parentId = e.parentName ? (idByName.get(e.parentName) ?? null) : null;
      const current = existing.get(e.row.name);
      if (current) {
        await tx
          .update(permissions)
          .set({ ...e.row, parentId })
          .where(eq(permissions.id, current.id));
        idByName.set(e.row.name, current.id);
        existing.delete(e.row.name);
      } else {
        const [row] = await tx
          .insert(permissions)
          .values({ ...e.row, parentId })
          .returning({ id: permissions.id });
        idByName.set(e.row.name, row.id);
        added.push(row.id);
      }
    }
    const stale = [...existing.values()].map((p) => p.id);
    if (stale.length) await tx.delete(permissions).where(inArray(permissions.id, stale));
    // The grants below need the maps now; loadPermissionCatalogue rebuilds them after the commit.
    buildGrantMaps(entries, idByName);
    if (added.length) {
      const builtIn = await tx
        .select({ organizationId: roles.organizationId, id: roles.id, kind: roles.kind })
        .from(roles)
        .where(sql`${roles.code} is not null`);
      const addedSet = new Set(added);
      const rows = builtIn.flatMap((r) =>
        defaultGrant(r.kind as RoleKind)
          .filter((id) => addedSet.has(id))
          .map((permissionId) => ({ organizationId: r.organizationId, roleId: r.id, permissionId })),
      );
      for (let i = 0; i < rows.length; i += 1000) {
        await tx
          .insert(rolePermissions)
          .values(rows.slice(i, i + 1000))
          .onConflictDoNothing();
      }
    }
  });
  await loadPermissionCatalogue(db);
}

// Reads the stored catalogue into memory without changing it: cluster workers, whose primary synced it.
export async function loadPermissionCatalogue(db: Db): Promise<void> {
  catalogue = await db.select().from(permissions).orderBy(asc(permissions.sort));
  buildGrantMaps(catalogueEntries(), new Map(catalogue.map((p) => [p.name, p.id])));
  dropPermissionCache();
}

function buildGrantMaps(entries: CatalogueEntry[], idByName: Map<string, number>) {
  grantByKind = new Map();
  studentGrantable = new Set();
  for (const kind of [RoleKind.Administrator, RoleKind.AcademicStaff, RoleKind.Teacher, RoleKind.Student]) {
    grantByKind.set(
      kind,
      entries
        .filter((e) => (kind === RoleKind.Administrator ? !studentOnly(e) : e.grant.includes(kind)))
        .map((e) => idByName.get(e.row.name)!),
    );
  }
  for (const id of grantByKind.get(RoleKind.Student) ?? []) studentGrantable.add(id);
}

// Administrators hold every staff entry; the students' own pages ("My exams", ...) are not theirs.
function studentOnly(e: CatalogueEntry): boolean {
  return e.grant.length === 1 && e.grant[0] === RoleKind.Student;
}

export function defaultGrant(kind: RoleKind): number[] {
  return grantByKind.get(kind) ?? [];
}

// Creates the four built-in roles of a new organisation with their default menus.
export async function createBuiltInRoles(db: DbOrTx, orgId: number): Promise<Record<BuiltInRoleCode, number>> {
  const ids = {} as Record<BuiltInRoleCode, number>;
  for (const [sort, r] of builtInRoles.entries()) {
    const [row] = await db
      .insert(roles)
      .values({
        organizationId: orgId,
        name: r.title.en,
        kind: r.kind,
        code: r.code,
        description: r.description.en,
        sort,
      })
      .returning({ id: roles.id });
    ids[r.code] = row.id;
    const grant = defaultGrant(r.kind).map((permissionId) => ({ organizationId: orgId, roleId: row.id, permissionId }));
    if (grant.length) await db.insert(rolePermissions).values(grant);
  }
  return ids;
}

interface EffectivePermissions {
  kind: RoleKind;
  ids: ReadonlySet<number>;
  codes: ReadonlySet<string>;
  expires: number;
}
// Every request needs its role's permissions, so they are cached per process. Changes reach every
// process through the change bus (platform/bus.ts) when they commit; the TTL is only a safety net.
const CACHE_MS = 30_000;
const permissionCache = new Map<string, EffectivePermissions>();
// Bumped by every drop: a read that started before a drop must not store what it read.
let generation = 0;
const PERMISSIONS_TOPIC = 'permissions';

function invalidatePermissions(orgId: number): void {
  generation++;
  // Streams were checked against the old grants: the organisation's reopen, checked again (push.ts).
  endStreams({ orgId, userIds: null, tokenHash: null });
  for (const key of permissionCache.keys()) if (key.startsWith(`${orgId}:`)) permissionCache.delete(key);
}

function dropPermissionCache(): void {
  generation++;
  permissionCache.clear();
}

bus.subscribe(PERMISSIONS_TOPIC, (p) => invalidatePermissions(Number(p.orgId)));
bus.onReset(dropPermissionCache);

// Announces that an organisation's roles or grants changed; pass the transaction that changes them,
// so every process drops its cached permissions when (and only when) it commits.
export function permissionsChanged(tx: DbOrTx, orgId: number): Promise<void> {
  return bus.publish(tx, PERMISSIONS_TOPIC, { orgId });
}

// What a role lets its holders do. A student role never yields staff permissions, whatever it was granted.
export async function effectivePermissions(
  db: DbOrTx,
  orgId: number,
  roleId: number,
): Promise<EffectivePermissions | null> {
  const key = `${orgId}:${roleId}`;
  const trusted = bus.trustCaches();
  const hit = trusted ? permissionCache.get(key) : undefined;
  if (hit && hit.expires > Date.now()) return hit;
  const readAt = generation;
  const [role] = await db
    .select({ kind: roles.kind })
    .from(roles)
    .where(inOrg(roles, orgId, [eq(roles.id, roleId)]));
  if (!role) return null;
  const kind = role.kind as RoleKind;
  const granted = await db
    .select({ id: rolePermissions.permissionId })
    .from(rolePermissions)
    .where(inOrg(rolePermissions, orgId, [eq(rolePermissions.roleId, roleId)]));
  const ids = new Set(granted.map((g) => g.id).filter((id) => kind !== RoleKind.Student || studentGrantable.has(id)));
  const codes = new Set(catalogue.filter((p) => ids.has(p.id) && p.permission).map((p) => p.permission!));
  const value = { kind, ids, codes, expires: Date.now() + CACHE_MS };
  if (trusted && readAt === generation) permissionCache.set(key, value);
  return value;
}

// The menu of the spec: first-level entries that have at least one granted, visible or hidden page.
// A hidden page (a screen opened from another: marking, a class's detail) comes with its permission,
// whichever entry granted it, so a role given "Marking" also reaches the marking screens.
export function buildMenu(granted: ReadonlySet<number>, codes: ReadonlySet<string>): MenuResponse {
  const routerItemVMList: MenuItem[] = [];
  const carried = (p: PermissionRow) =>
    granted.has(p.id) || (p.hidden && p.permission !== null && codes.has(p.permission));
  for (const top of catalogue.filter((p) => p.level === PermissionLevel.FirstLevel)) {
    const children = catalogue
      .filter((p) => p.parentId === top.id && p.level === PermissionLevel.SecondLevel && carried(p))
      .map((p) => ({
        path: p.path ?? '',
        name: p.name,
        component: p.component ?? '',
        metaTitle: p.metaTitle,
        metaTitleZh: p.metaTitleZh,
        metaNoCache: p.metaNoCache,
        metaActiveMenu: p.metaActiveMenu,
        hidden: p.hidden,
      }));
    if (children.length) {
      routerItemVMList.push({
        path: top.path ?? '',
        metaTitle: top.metaTitle,
        metaTitleZh: top.metaTitleZh,
        metaIcon: top.metaIcon ?? '',
        children,
      });
    }
  }
  return { permissionList: [...codes].sort(), routerItemVMList };
}

export function permissionTree(): PermissionNode[] {
  const nodes = new Map<number, PermissionNode>();
  for (const p of catalogue) {
    nodes.set(p.id, {
      id: p.id,
      parentId: p.parentId,
      level: p.level as PermissionNode['level'],
      name: p.name,
      permission: p.permission,
      title: p.metaTitle,
      titleZh: p.metaTitleZh,
      children: [],
    });
  }
  const roots: PermissionNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId ? nodes.get(node.parentId) : undefined;
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

export async function permissionIdsOf(db: DbOrTx, orgId: number, roleIds: number[]): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>(roleIds.map((id) => [id, []]));
  if (!roleIds.length) return out;
  const rows = await db
    .select({ roleId: rolePermissions.roleId, permissionId: rolePermissions.permissionId })
    .from(rolePermissions)
    .where(inOrg(rolePermissions, orgId, [inArray(rolePermissions.roleId, roleIds)]));
  for (const r of rows) out.get(r.roleId)?.push(r.permissionId);
  return out;
}

export async function grantPermissions(ctx: RequestContext, roleId: number, permissionIds: number[]): Promise<void> {
  const [role] = await ctx.db
    .select()
    .from(roles)
    .where(inOrg(roles, ctx.orgId, [eq(roles.id, roleId)]));
  if (!role) throw notFound('Role');
  if (role.code === ADMIN_ROLE_CODE) throw businessError('adminRoleHoldsAll');
  const known = new Set(catalogue.map((p) => p.id));
  const unknown = permissionIds.filter((id) => !known.has(id));
  if (unknown.length)
    throw invalidParams('permissionIds', 'noSuchReference', { entity: 'permission', ids: unknown.join(', ') });
  // The privilege ceiling: a role can only be given what the granter holds (students' own pages aside).
  if (role.kind === RoleKind.Administrator && ctx.roleKind !== RoleKind.Administrator) {
    throw forbidden('adminRoleChange');
  }
  const ceiling = ceilingOf(ctx);
  const wanted = new Set(permissionIds);
  const ungivable = catalogue.filter(
    (p) =>
      wanted.has(p.id) && p.permission && !studentOnlyPermissions.has(p.permission) && !ceiling.codes.has(p.permission),
  );
  if (ungivable.length) {
    throw forbidden('grantBeyondYou', {
      permissions: ungivable
        .slice(0, 5)
        .map((p) => p.metaTitle)
        .join(', '),
    });
  }
  await assertCanManageRole(ctx, roleId);
  if (role.kind === RoleKind.Student) {
    const staffOnly = permissionIds.filter((id) => !studentGrantable.has(id));
    if (staffOnly.length) {
      const names = catalogue.filter((p) => staffOnly.includes(p.id)).map((p) => p.metaTitle);
      throw invalidParams('permissionIds', 'studentRoleStaffEntries', { names: names.slice(0, 5).join(', ') });
    }
  }
  const ids = [...new Set(permissionIds)];
  await ctx.db.transaction(async (tx) => {
    await tx.delete(rolePermissions).where(inOrg(rolePermissions, ctx.orgId, [eq(rolePermissions.roleId, roleId)]));
    if (ids.length) {
      await tx
        .insert(rolePermissions)
        .values(ids.map((permissionId) => ({ organizationId: ctx.orgId, roleId, permissionId })));
    }
    await permissionsChanged(tx, ctx.orgId);
  });
}

export async function rolesOfOrganization(db: DbOrTx, orgId: number) {
  return db
    .select({ id: roles.id, name: roles.name, kind: roles.kind, code: roles.code })
    .from(roles)
    .where(eq(roles.organizationId, orgId))
    .orderBy(asc(roles.sort), asc(roles.id));
}
