import type { TableColumnsType, TableProps } from 'antd';
import type { ReactNode } from 'react';
import type { AnyRow, ResourceApi } from './resource-api';
import type { Selection } from './resource-list-page';
import type { RowAction } from './row-actions';
import type { ListSource } from './use-paged-list';

export type Filter = Record<string, unknown>;
export type ScreenApi<Row> = ResourceApi<Row, Filter, Filter, object>;

// What the drawer is doing: creating (optionally under a parent node) or editing a row.
export type Editing<Row = AnyRow> = { kind: 'create'; parent?: Row } | { kind: 'edit'; row: Row };

// What a toolbar slot can act on.
export interface ToolbarContext<Row> {
  selection: Selection;
  list: ListSource<Filter>;
  reload: () => void;
  startEditing: (editing: Editing<Row>) => void;
}

// What a custom editor slot receives in place of the meta's form drawer.
export interface EditorContext<Row> {
  editing: Editing<Row> | null;
  close: () => void;
  // Closes the editor and reloads the list.
  saved: () => void;
  // Tree ids an edited node may not take as its parent.
  excluded?: ReadonlySet<number>;
}

// The places a screen built on ResourceScreen can change. Everything is optional: without slots the
// screen is the meta's list (or tree) with its filters, Create, Edit, Delete, import and export.
export interface ScreenSlots<Row extends AnyRow = AnyRow> {
  // The endpoints (default: the generic ones of the meta's resource).
  api?: ScreenApi<Row>;
  // Who may do what (default: the meta's `${permission}:create|update|delete`).
  can?: Partial<Record<'create' | 'update' | 'remove', boolean>>;
  // The columns: extend, reorder or replace the meta's (`reload` for cells that change rows).
  columns?: (base: TableColumnsType<Row>, ctx: { reload: () => void }) => TableColumnsType<Row>;
  // Buttons before Edit and Delete in each row.
  rowActions?: RowAction<Row>[];
  // Why the caller cannot act on this row at all (every action disabled with the reason; not selectable).
  rowLock?: (row: Row) => string | false | undefined;
  // Why this row cannot be edited (a published exam), shown on the disabled Edit button.
  editLock?: (row: Row) => string | false | undefined;
  // Why this row cannot be deleted (built-in roles, one's own account).
  deleteLock?: (row: Row) => string | false | undefined;
  // The deletion dialog's title and text (default: 'Delete "name"?' and "This cannot be undone.").
  deleteConfirm?: (row: Row) => { title: ReactNode; content?: ReactNode };
  // Edit elsewhere (an editor page) instead of the drawer.
  onEdit?: (row: Row) => void;
  // The Create button: a label, a reason it is disabled, or a whole replacement (null hides it).
  createLabel?: string;
  createDisabled?: string | false;
  create?: ReactNode;
  // Items after Create in the toolbar.
  toolbar?: (ctx: ToolbarContext<Row>) => ReactNode;
  // Import and export buttons (default: shown, each behind its own permission); 'export' for a
  // resource the engine exports but does not import (classes: their members are imported on their page).
  transfer?: boolean | 'export';
  // A custom create/edit drawer in place of the meta's form.
  editor?: (ctx: EditorContext<Row>) => ReactNode;
  // Rows that may be selected for bulk actions; `selectable` selects without bulk delete too.
  canSelect?: (row: Row) => boolean;
  selectable?: boolean;
  initialFilters?: Filter;
  // Filter items replacing the meta's (given the meta's own, to reuse some), and items added after them.
  filters?: ReactNode | ((meta: { keyword: ReactNode; fields: Record<string, ReactNode> }) => ReactNode);
  extraFilters?: ReactNode;
  toFilter?: (values: Filter) => Filter;
  filterFormName?: string;
  // How a row is named in confirmations and in its buttons' accessible names (default: the meta's labelKey).
  rowName?: (row: Row) => string;
  emptyText?: string;
  scrollX?: number;
  expandable?: TableProps<Row>['expandable'];
}
