import { Button, Typography } from 'antd';
import type { ReactNode } from 'react';
import './link-cell.css';

// A row's name in a table as the link that opens it, wrapping like text.
export function OpenLink({ children, onOpen }: { children: ReactNode; onOpen: () => void }) {
  return (
    <Button type="link" className="link-cell" onClick={onOpen}>
      {children}
    </Button>
  );
}

// The name that opens the row, with a quieter line under it (the paper, the place, the user name).
export function LinkCell({ name, sub, onOpen }: { name: ReactNode; sub: ReactNode; onOpen: () => void }) {
  return (
    <div>
      <OpenLink onOpen={onOpen}>{name}</OpenLink>
      <Typography.Text type="secondary" className="link-cell-sub">
        {sub}
      </Typography.Text>
    </div>
  );
}
