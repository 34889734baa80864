import { BankOutlined } from '@ant-design/icons';
import { Avatar, Card, Typography } from 'antd';
import type { ReactNode } from 'react';
import { LanguageSwitch } from '../shell/language-switch';

interface Props {
  orgName?: string;
  logo?: string | null;
  subtitle?: string;
  children: ReactNode;
}

export function LoginLayout({ orgName, logo, subtitle, children }: Props) {
  return (
    <div className="login-page">
      <div className="login-lang">
        <LanguageSwitch light />
      </div>
      <Card className="login-card" variant="borderless">
        <div className="login-header">
          {logo ? (
            <Avatar src={logo} size={56} shape="square" alt="" />
          ) : (
            <Avatar icon={<BankOutlined />} size={56} shape="square" className="login-logo" />
          )}
          <Typography.Title level={3} style={{ margin: '12px 0 4px' }}>
            {orgName ?? 'Lyceum'}
          </Typography.Title>
          {subtitle && <Typography.Text type="secondary">{subtitle}</Typography.Text>}
        </div>
        {children}
      </Card>
    </div>
  );
}
