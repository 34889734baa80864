import { CloseOutlined } from '@ant-design/icons';
import { Dropdown, type MenuProps, Tabs } from 'antd';
import { useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { pickTitle, useLang } from '../i18n';
import { useMenu } from '../routes';
import { closeAllTabs, closeOtherTabs, closeTab, refreshTab, useVisitedTabs, type VisitedTab } from './tabs-store';

export function TabsBar({ activePath }: { activePath: string | undefined }) {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const tabs = useVisitedTabs();
  const { pathname } = useLocation();
  const menu = useMenu();
  // An address nothing answers gets a tab of its own while it is shown, so no other tab looks current.
  const notFound = !activePath && menu.loaded && pathname !== '/' && !pathname.startsWith('/redirect/');
  const NOT_FOUND_KEY = '#not-found';

  // antd puts role="tablist" on the element that also holds its overflow ("more") button, shown once
  // the tabs do not fit, and a tab list may hold only tabs (axe aria-required-children, a critical
  // violation; ant-design#49502): the role goes to the element that holds the tabs alone.
  useLayoutEffect(() => {
    const nav = document.querySelector('.tabs-bar > .ant-tabs-nav');
    const list = nav?.querySelector('.ant-tabs-nav-list');
    if (!nav || !list || nav.getAttribute('role') !== 'tablist') return;
    list.setAttribute('role', 'tablist');
    list.setAttribute('aria-orientation', nav.getAttribute('aria-orientation') ?? 'horizontal');
    nav.removeAttribute('role');
    nav.removeAttribute('aria-orientation');
  });

  function close(tab: VisitedTab) {
    const next = closeTab(tab.path);
    if (tab.path === activePath) navigate(next);
  }

  function onMenu(tab: VisitedTab, key: string) {
    if (key === 'refresh') {
      refreshTab(tab.path);
      if (tab.path !== activePath) navigate(tab.fullPath);
    } else if (key === 'close') close(tab);
    else if (key === 'others') {
      closeOtherTabs(tab.path);
      if (tab.path !== activePath) navigate(tab.fullPath);
    } else if (key === 'all') navigate(closeAllTabs());
  }

  function menuOf(tab: VisitedTab): MenuProps {
    return {
      items: [
        { key: 'refresh', label: t('tabs.refresh') },
        { key: 'close', label: t('tabs.close'), disabled: tab.meta.affix },
        { key: 'others', label: t('tabs.closeOthers') },
        { key: 'all', label: t('tabs.closeAll') },
      ],
      onClick: ({ key, domEvent }) => {
        domEvent.stopPropagation();
        onMenu(tab, key);
      },
    };
  }

  return (
    <Tabs
      className="tabs-bar"
      type="editable-card"
      size="small"
      hideAdd
      activeKey={notFound ? NOT_FOUND_KEY : (activePath ?? '')}
      onChange={(key) => {
        const tab = tabs.find((x) => x.path === key);
        if (tab) navigate(tab.fullPath);
      }}
      onEdit={(key, action) => {
        const tab = tabs.find((x) => x.path === key);
        if (action === 'remove' && tab) close(tab);
      }}
      items={[
        ...tabs.map((tab) => ({
          key: tab.path,
          closable: !tab.meta.affix,
          label: (
            <>
              <Dropdown trigger={['contextMenu']} menu={menuOf(tab)}>
                <span data-testid={`tab-${tab.path}`}>{pickTitle(tab.meta.title, lang)}</span>
              </Dropdown>
              {/* A tab list may hold only tabs, so antd's close button (a sibling of the tab) is hidden in
                styles.css and this mark, inside the tab, closes it for the mouse; it is hidden from
                assistive technology, which closes the focused tab with Delete or its context menu. */}
              {!tab.meta.affix && (
                <CloseOutlined
                  aria-hidden
                  className="tabs-bar-close"
                  onClick={(e) => {
                    e.stopPropagation();
                    close(tab);
                  }}
                />
              )}
            </>
          ),
        })),
        ...(notFound ? [{ key: NOT_FOUND_KEY, closable: false, label: t('status.notFoundCrumb') }] : []),
      ]}
    />
  );
}
