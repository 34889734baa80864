import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  type CrudPrefix,
  isPermissionCode,
  menuCatalogue,
  Permission,
  type PermissionCode,
  permissionCodes,
} from './menu-catalogue';

describe('permission codes', () => {
  it('are derived from the catalogue at compile time', () => {
    expectTypeOf<'question:create'>().toExtend<PermissionCode>();
    expectTypeOf<'degree:import'>().toExtend<PermissionCode>();
    expectTypeOf<'myExam:page'>().toExtend<PermissionCode>();
    expectTypeOf<'answer:page'>().toExtend<PermissionCode>();
    expectTypeOf<'question:craete'>().not.toExtend<PermissionCode>();
    expectTypeOf<string>().not.toExtend<PermissionCode>();
    // A misspelt permission does not compile.
    // @ts-expect-error 'question:craete' is not in the catalogue
    const misspelt: PermissionCode = 'question:craete';
    expect(isPermissionCode(misspelt)).toBe(false);
  });

  it('name the resource prefixes that have every CRUD button', () => {
    expectTypeOf<'degree'>().toExtend<CrudPrefix>();
    expectTypeOf<'question'>().toExtend<CrudPrefix>();
    expectTypeOf<'user'>().toExtend<CrudPrefix>();
    // Roles have create, update and delete but no export or import.
    expectTypeOf<'role'>().not.toExtend<CrudPrefix>();
    expectTypeOf<'answer'>().not.toExtend<CrudPrefix>();
  });

  it('are the same set at run time', () => {
    expect(permissionCodes.has('question:create')).toBe(true);
    expect(permissionCodes.has('degree:export')).toBe(true);
    expect(isPermissionCode('role:grant')).toBe(true);
    expect(isPermissionCode('role:export')).toBe(false);
    for (const code of Object.values(Permission)) expect(permissionCodes.has(code), code).toBe(true);
  });
});

describe('menu catalogue', () => {
  const pages = menuCatalogue.flatMap((area) => area.pages.map((p) => ({ area, page: p })));

  it('gives every page and button a unique name and every page a unique path', () => {
    const names = [
      ...menuCatalogue.map((a) => a.name),
      ...pages.flatMap(({ page: p }) => [p.name, ...(p.buttons ?? []).map((b) => b.permission)]),
    ];
    expect(names.length).toBe(new Set(names).size);
    const paths = pages.map(({ area, page: p }) => (p.path.startsWith('/') ? p.path : `${area.path}/${p.path}`));
    expect(paths.length).toBe(new Set(paths).size);
  });

  it('holds the screens opened from other screens as hidden pages with their area’s permission', () => {
    const byPath = new Map(pages.map(({ page: p }) => [p.path, p]));
    for (const [path, permission] of [
      ['/answer/edit', 'answer:page'],
      ['/answer/read', 'answer:page'],
      ['/answer/print', 'answer:page'],
      ['/answer/list', 'answer:page'],
      ['/team/detail', 'team:page'],
      ['/examRegister/registerList', 'examRegister:page'],
      ['/task/taskPaperEdit', 'task:page'],
      ['/user/achiReport', 'examScore:page'],
    ]) {
      expect(byPath.get(path), path).toMatchObject({ permission, hidden: true });
    }
  });

  it('lets every hidden page point at a visible page of the sidebar', () => {
    const visible = new Set(
      pages.filter(({ page: p }) => !p.hidden).map(({ area, page: p }) => `${area.path}/${p.path}`),
    );
    for (const { page: p } of pages.filter(({ page: p }) => p.hidden)) {
      expect(visible.has(p.activeMenu ?? ''), p.path).toBe(true);
    }
  });

  it('never names an entry like its group, in either language (no "考试管理 › 考试管理")', () => {
    for (const area of menuCatalogue) {
      for (const p of area.pages.filter((x) => !x.hidden)) {
        expect(p.title.en, `${area.path}/${p.path}`).not.toBe(area.title.en);
        expect(p.title.zh, `${area.path}/${p.path}`).not.toBe(area.title.zh);
      }
    }
  });
});
