import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Card, Typography } from 'antd';
import type { ReactNode } from 'react';
import { LanguageSwitch } from '../../shell/language-switch';
import { usePageTitle } from '../../shell/page-title';
import './apply.css';

// The public pages' frame: the school's name, the page's title, a language switch; no menu, no login.
export function ApplyFrame({ org, title, children }: { org?: string; title: string; children: ReactNode }) {
  usePageTitle(title);
  return (
    <div className="apply-page">
      <header className="apply-header">
        <div>
          <Typography.Text type="secondary">{org ?? ''}</Typography.Text>
          <h1 className="apply-title">{title}</h1>
        </div>
        <LanguageSwitch />
      </header>
      <main>
        <Card>{children}</Card>
      </main>
    </div>
  );
}

// The public pages live outside the shell, which owns the query client of the logged-in screens.
const publicQueries = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });
export function PublicQueries({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={publicQueries}>{children}</QueryClientProvider>;
}
