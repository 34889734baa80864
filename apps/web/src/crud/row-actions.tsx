import { Button, Space, Tooltip } from 'antd';
import type { ReactNode } from 'react';

// One button in a row's action column. `permission` hides it from people who lack it; `disabled`
// returns why it cannot act on this row (shown as the tooltip), or nothing when it can.
export interface RowAction<Row> {
  key: string;
  label: string;
  icon: ReactNode;
  onClick: (row: Row) => void;
  danger?: boolean;
  // Held permission (already resolved with usePermission); false hides the button.
  allowed?: boolean;
  disabled?: (row: Row) => string | false | undefined;
  hidden?: (row: Row) => boolean;
  // Another action in this button's place on some rows (publish / withdraw), so two actions that
  // never apply together take one place in the column.
  swap?: (row: Row) => RowAction<Row> | undefined;
}

// A disabled control fires no mouse events, so the hint saying why hangs on a wrapper around it.
export function Explained({ why, children }: { why: string; children: ReactNode }) {
  return (
    <Tooltip title={why}>
      <span style={{ display: 'inline-block', cursor: 'not-allowed' }}>{children}</span>
    </Tooltip>
  );
}

// An icon button named "<label> <row name>" for screen readers and tests; disabled ones say why.
export function ActionButton<Row>({ action: given, row, name }: { action: RowAction<Row>; row: Row; name: string }) {
  const action = given.swap?.(row) ?? given;
  const why = action.disabled?.(row);
  const common = {
    type: 'link' as const,
    danger: action.danger,
    icon: action.icon,
    'aria-label': `${action.label} ${name}`,
  };
  if (why)
    return (
      <Explained why={why}>
        <Button {...common} disabled style={{ pointerEvents: 'none' }} />
      </Explained>
    );
  return (
    <Tooltip title={action.label}>
      <Button {...common} onClick={() => action.onClick(row)} />
    </Tooltip>
  );
}

export function visibleActions<Row>(actions: RowAction<Row>[]): RowAction<Row>[] {
  return actions.filter((a) => a.allowed !== false);
}

// The buttons of one row, in order, without the ones hidden for it.
export function RowActionButtons<Row>({ actions, row, name }: { actions: RowAction<Row>[]; row: Row; name: string }) {
  return (
    <Space size={0}>
      {actions
        .filter((a) => !a.hidden?.(row))
        .map((a) => (
          <ActionButton key={a.key} action={a} row={row} name={name} />
        ))}
    </Space>
  );
}
