import { BankOutlined } from '@ant-design/icons';
import { Avatar, Menu, type MenuProps } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { pickTitle, useLang } from '../i18n';
import { DASHBOARD_PATH, joinPath, resolveRoute, useMenu } from '../routes';
import { hasView } from '../view-registry';
import { menuIcon } from './menu-icons';

// A menu label with the "soon" badge of a page that is not open yet (its page says what it will do).
function SoonLabel({ text, soon, hint }: { text: string; soon: string; hint: string }) {
  return (
    <span className="menu-label">
      <span className="menu-label-text" title={text}>
        {text}
      </span>
      <span className="menu-soon" title={hint}>
        {soon}
      </span>
    </span>
  );
}

interface Props {
  collapsed: boolean;
  orgName: string;
  logo: string | null | undefined;
}

export function Sidebar({ collapsed, orgName, logo }: Props) {
  const { t } = useTranslation();
  const lang = useLang();
  const menu = useMenu();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const route = resolveRoute(pathname, menu);
  const selected = route?.activeMenu ?? route?.path ?? pathname;
  const area = menu.items.find((item) => selected.startsWith(`${item.path}/`))?.path;
  const [openKeys, setOpenKeys] = useState<string[]>(area ? [area] : []);
  const [lastArea, setLastArea] = useState(area);
  if (area !== lastArea) {
    setLastArea(area);
    if (area && !openKeys.includes(area)) setOpenKeys([...openKeys, area]);
  }

  const items = useMemo<MenuProps['items']>(() => {
    const soon = t('shell.soon');
    const hint = t('shell.soonHint');
    const label = (text: string, built: boolean) => (built ? text : <SoonLabel text={text} soon={soon} hint={hint} />);
    return [
      { key: DASHBOARD_PATH, icon: menuIcon('dashboard'), label: t('shell.dashboard') },
      ...menu.items
        .filter((item) => item.children.some((c) => !c.hidden))
        .map((item) => {
          const pages = item.children.filter((c) => !c.hidden);
          return {
            key: item.path,
            icon: menuIcon(item.metaIcon),
            label: pickTitle({ en: item.metaTitle, zh: item.metaTitleZh }, lang),
            children: pages.map((c) => ({
              key: joinPath(item.path, c.path),
              label: label(pickTitle({ en: c.metaTitle, zh: c.metaTitleZh }, lang), hasView(c.component)),
            })),
          };
        }),
    ];
  }, [menu.items, lang, t]);

  return (
    <div className="sidebar">
      <button type="button" className="sidebar-logo" onClick={() => navigate(DASHBOARD_PATH)} title={orgName}>
        {logo ? <Avatar src={logo} size={32} shape="square" alt="" /> : <Avatar icon={<BankOutlined />} size={32} />}
        {!collapsed && <span className="sidebar-org">{orgName}</span>}
      </button>
      <Menu
        theme="dark"
        mode="inline"
        items={items}
        selectedKeys={[selected]}
        openKeys={collapsed ? undefined : openKeys}
        onOpenChange={setOpenKeys}
        onClick={({ key }) => navigate(key)}
        inlineCollapsed={collapsed}
      />
    </div>
  );
}
