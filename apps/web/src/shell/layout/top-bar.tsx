import {
  DownOutlined,
  FontSizeOutlined,
  HomeOutlined,
  IdcardOutlined,
  KeyOutlined,
  LogoutOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Avatar, Breadcrumb, Button, Dropdown, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { useConfirm } from '../../crud/confirm';
import { MessageBell } from '../../domains/message/message-bell';
import { logout } from '../auth-api';
import { pickTitle, useLang } from '../i18n';
import { LanguageSwitch } from '../language-switch';
import { type UiSize, useUiSize } from '../preferences';
import { DASHBOARD_PATH, resolveRoute, useMenu } from '../routes';

interface Props {
  open: boolean;
  onToggle: () => void;
  userName: string;
  avatar: string | null | undefined;
  compact: boolean;
}

function TrailBreadcrumb() {
  const { t } = useTranslation();
  const lang = useLang();
  const menu = useMenu();
  const { pathname } = useLocation();
  const route = resolveRoute(pathname, menu);
  const items: { title: React.ReactNode }[] = [{ title: <Link to={DASHBOARD_PATH}>{t('shell.dashboard')}</Link> }];
  if (route && route.path !== DASHBOARD_PATH) {
    if (route.area) items.push({ title: pickTitle(route.area, lang) });
    items.push({ title: pickTitle(route.title, lang) });
  } else if (!route && menu.loaded && !pathname.startsWith('/redirect/') && pathname !== '/') {
    // An address nothing answers: the trail says so rather than pretending to be the dashboard.
    items.push({ title: t('status.notFoundCrumb') });
  }
  return <Breadcrumb items={items} className="topbar-breadcrumb" />;
}

export function TopBar({ open, onToggle, userName, avatar, compact }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const confirm = useConfirm();
  const [size, setSize] = useUiSize();

  function confirmLogout() {
    confirm({ title: t('shell.logoutConfirm'), okText: t('shell.logout'), onOk: () => logout() });
  }

  const sizes: { key: UiSize; label: string }[] = [
    { key: 'large', label: t('shell.sizeLarge') },
    { key: 'middle', label: t('shell.sizeMedium') },
    { key: 'small', label: t('shell.sizeSmall') },
  ];

  return (
    <div className="topbar">
      <Button
        type="text"
        aria-label={t('shell.toggleMenu')}
        icon={open ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
        onClick={onToggle}
      />
      {!compact && <TrailBreadcrumb />}
      <Space className="topbar-right" size={4}>
        <MessageBell />
        <LanguageSwitch />
        <Dropdown
          trigger={['click']}
          menu={{
            selectable: true,
            selectedKeys: [size],
            items: sizes,
            onClick: ({ key }) => setSize(key as UiSize),
          }}
        >
          <Button type="text" icon={<FontSizeOutlined />} aria-label={t('shell.uiSize')} />
        </Dropdown>
        <Dropdown
          trigger={['click']}
          menu={{
            items: [
              { key: DASHBOARD_PATH, icon: <HomeOutlined />, label: t('shell.home') },
              { key: '/profile/index', icon: <IdcardOutlined />, label: t('shell.profile') },
              { key: '/profile/editPassword', icon: <KeyOutlined />, label: t('shell.changePassword') },
              { type: 'divider' },
              { key: 'logout', icon: <LogoutOutlined />, label: t('shell.logout'), danger: true },
            ],
            onClick: ({ key }) => (key === 'logout' ? confirmLogout() : navigate(key)),
          }}
        >
          <Button type="text" className="topbar-user" data-testid="user-menu">
            <Avatar size="small" src={avatar || undefined} icon={<UserOutlined />} />
            {!compact && <span>{userName}</span>}
            <DownOutlined style={{ fontSize: 10 }} />
          </Button>
        </Dropdown>
      </Space>
    </div>
  );
}
