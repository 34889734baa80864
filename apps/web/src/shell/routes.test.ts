import { appPathSegments, menuCatalogue, zDomain } from '@lyceum/contract';
import { describe, expect, it } from 'vitest';
import { hasPermission } from './permission';
import { plannedComponents } from './planned-components';
import {
  clearMenu,
  installMenu,
  isLoginPath,
  joinPath,
  menuState,
  normalizePath,
  organisationOfLoginPath,
  resolveRoute,
  staticRoutes,
} from './routes';

const menu = {
  permissionList: ['user:page', 'user:create'],
  routerItemVMList: [
    {
      path: '/user',
      metaTitle: 'Users',
      metaTitleZh: '用户管理',
      metaIcon: 'user',
      children: [
        {
          path: 'index',
          name: 'userIndex',
          component: 'user/index',
          metaTitle: 'Users',
          metaTitleZh: '用户列表',
          metaNoCache: false,
          metaActiveMenu: null,
          hidden: false,
        },
      ],
    },
  ],
};

describe('dynamic routes from the menu', () => {
  it('joins child paths to their parent', () => {
    expect(joinPath('/user', 'index')).toBe('/user/index');
    expect(joinPath('/user/', 'single/choice')).toBe('/user/single/choice');
    expect(joinPath('/user', '/absolute')).toBe('/absolute');
    expect(normalizePath('/user/index/')).toBe('/user/index');
    expect(normalizePath('')).toBe('/');
  });

  it('resolves installed routes and forgets them on clear', () => {
    installMenu(menu);
    const route = resolveRoute('/user/index/');
    expect(route?.component).toBe('user/index');
    expect(route?.area).toEqual({ en: 'Users', zh: '用户管理' });
    expect(resolveRoute('/dashboard')?.affix).toBe(true);
    expect(resolveRoute('/nowhere')).toBeUndefined();
    clearMenu();
    expect(menuState().loaded).toBe(false);
    expect(resolveRoute('/user/index')).toBeUndefined();
  });

  it('has only the pages of every user as static routes; screens opened from others come with the menu', () => {
    expect(staticRoutes.map((r) => r.path)).toEqual([
      '/dashboard',
      '/profile/index',
      '/profile/editPassword',
      '/profile/messages',
    ]);
    expect(resolveRoute('/answer/edit')).toBeUndefined();
    installMenu({
      permissionList: ['answer:page'],
      routerItemVMList: [
        {
          path: '/exam',
          metaTitle: 'Exams',
          metaTitleZh: '考试管理',
          metaIcon: 'exam',
          children: [
            {
              path: '/answer/edit',
              name: 'answerEdit',
              component: 'answer/edit',
              metaTitle: 'Paper marking',
              metaTitleZh: '试卷批阅',
              metaNoCache: false,
              metaActiveMenu: '/exam/answer',
              hidden: true,
            },
          ],
        },
      ],
    });
    expect(resolveRoute('/answer/edit')).toMatchObject({
      component: 'answer/edit',
      hidden: true,
      activeMenu: '/exam/answer',
    });
    expect(resolveRoute('/exam/answer/edit')).toBeUndefined();
    clearMenu();
  });

  it('knows the planned components, so missing ones are "coming soon" rather than errors', () => {
    expect(plannedComponents.has('baseData/degree')).toBe(true);
    expect(plannedComponents.has('profile/editPassword')).toBe(true);
    expect(plannedComponents.has('answer/edit')).toBe(true);
    expect(plannedComponents.has('team/detail')).toBe(true);
    expect(plannedComponents.has('made/up')).toBe(false);
  });
});

describe('organisation login pages never take an app page', () => {
  const catalogued = menuCatalogue.flatMap((area) => area.pages.map((p) => joinPath(area.path, p.path)));
  const fixed = staticRoutes.map((r) => r.path);

  it('sends every catalogue and fixed path to the shell, in any case, with or without a trailing slash', () => {
    expect(catalogued).toContain('/log/login');
    for (const path of [...catalogued, ...fixed]) {
      for (const variant of [path, `${path}/`, path.toUpperCase()]) {
        expect(organisationOfLoginPath(variant), variant).toBeNull();
        expect(isLoginPath(variant), variant).toBe(false);
      }
      // Another page of the same area ending in /login is the app's too.
      const area = `/${path.split('/')[1]}/login`;
      expect(organisationOfLoginPath(area), area).toBeNull();
    }
  });

  it('refuses every first segment of those paths as an organisation domain', () => {
    for (const path of [...catalogued, ...fixed]) {
      const segment = path.split('/')[1];
      expect(appPathSegments.has(segment.toLowerCase()), path).toBe(true);
      expect(zDomain.safeParse(segment).success, segment).toBe(false);
    }
  });

  it('still reads /{domain}/login as that organisation’s login page', () => {
    expect(organisationOfLoginPath('/demo/login')).toBe('demo');
    expect(organisationOfLoginPath('/North-College/login/')).toBe('north-college');
    expect(organisationOfLoginPath('/demo/login/extra')).toBeNull();
    expect(organisationOfLoginPath('/%E0%A4%A/login')).toBeNull();
    expect(isLoginPath('/login')).toBe(true);
    expect(isLoginPath('/demo/login')).toBe(true);
  });
});

describe('permission gate', () => {
  const held = new Set(['user:page', 'user:create']);
  it('passes when any listed permission is held', () => {
    expect(hasPermission(held, ['user:delete', 'user:create'])).toBe(true);
    expect(hasPermission(held, ['role:grant'])).toBe(false);
  });
  it("throws 'need permission' on an empty list", () => {
    expect(() => hasPermission(held, [])).toThrow('need permission');
  });
});
