import {
  ApartmentOutlined,
  AppstoreOutlined,
  BarChartOutlined,
  BookOutlined,
  DashboardOutlined,
  FileDoneOutlined,
  FilePdfOutlined,
  FileTextOutlined,
  FolderOutlined,
  FundOutlined,
  LockOutlined,
  MailOutlined,
  ProfileOutlined,
  QuestionCircleOutlined,
  ReadOutlined,
  ShopOutlined,
  TagsOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';

// The server names icons by the spec's keywords; each maps to one antd icon.
const icons: Record<string, ReactNode> = {
  dashboard: <DashboardOutlined />,
  exam: <FileDoneOutlined />,
  paper: <FileTextOutlined />,
  question: <QuestionCircleOutlined />,
  user: <UserOutlined />,
  people: <TeamOutlined />,
  group: <ApartmentOutlined />,
  log: <ProfileOutlined />,
  tag: <TagsOutlined />,
  category: <AppstoreOutlined />,
  education: <ReadOutlined />,
  analyze: <FundOutlined />,
  chart: <BarChartOutlined />,
  documentation: <BookOutlined />,
  pdf: <FilePdfOutlined />,
  email: <MailOutlined />,
  theme: <ShopOutlined />,
  lock: <LockOutlined />,
};

export function menuIcon(name: string): ReactNode {
  return icons[name] ?? <FolderOutlined />;
}
