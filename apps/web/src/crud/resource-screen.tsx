import {
  DeleteOutlined,
  EditOutlined,
  NodeCollapseOutlined,
  NodeExpandOutlined,
  PlusOutlined,
  SubnodeOutlined,
} from '@ant-design/icons';
import { App, Button, Form, Input, type TableColumnsType } from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { pickTitle, useLang } from '../shell/i18n';
import { usePermission } from '../shell/permission';
import { useConfirm } from './confirm';
import { useKitTexts } from './i18n';
import { metaColumns } from './meta-columns';
import { MetaFormDrawer } from './meta-form-drawer';
import { filterItem } from './meta-inputs';
import { useRefChoices } from './ref-options';
import { type AnyRow, resourceApi, type TreeNode } from './resource-api';
import { ResourceListPage, useSelection } from './resource-list-page';
import { filterFields, rowName as metaRowName, type ResourceView } from './resource-view';
import { Explained, type RowAction, RowActionButtons, visibleActions } from './row-actions';
import type { Editing, Filter, ScreenApi, ScreenSlots } from './screen-slots';
import { TransferButtons } from './transfer-buttons';
import { type ListSource, usePagedList, useTreeList } from './use-paged-list';

function descendantIds(node: TreeNode, into = new Set<number>()): Set<number> {
  into.add(node.id);
  for (const child of node.children ?? []) descendantIds(child, into);
  return into;
}

// Leaves get no `children` key, so the table shows no expand arrow on them.
function pruneLeaves(nodes: TreeNode[]): TreeNode[] {
  return nodes.map(({ children, ...rest }) =>
    children?.length ? { ...rest, children: pruneLeaves(children) } : (rest as TreeNode),
  );
}

function parentIds(nodes: TreeNode[], into: number[] = []): number[] {
  for (const n of nodes)
    if (n.children?.length) {
      into.push(n.id);
      parentIds(n.children, into);
    }
  return into;
}

// Everything both variants share: filters, toolbar, action column, the editor and deletion.
function useScreenParts<Row extends AnyRow>(
  view: ResourceView,
  slots: ScreenSlots<Row>,
  api: ScreenApi<Row>,
  list: ListSource<Filter>,
  // Actions of the variant (a tree's "add child"), given the way to open the editor.
  variantActions?: (startEditing: (editing: Editing<Row>) => void) => RowAction<Row>[],
) {
  const { t } = useKitTexts();
  const lang = useLang();
  const { message } = App.useApp();
  const confirm = useConfirm();
  const { meta } = view;
  const refs = useRefChoices(meta.fields);
  const selection = useSelection();
  const [editing, setEditing] = useState<Editing<Row> | null>(null);
  const held = {
    create: usePermission([`${meta.permission}:create`]),
    update: usePermission([`${meta.permission}:update`]),
    remove: usePermission([`${meta.permission}:delete`]),
  };
  const can = { ...held, ...slots.can };
  const ctx = { lang, t, refs };
  const nameOf = slots.rowName ?? ((row: Row) => metaRowName(meta, row));
  const reload = () => void list.reload();

  function confirmDelete(row: Row) {
    const text = slots.deleteConfirm?.(row) ?? { title: t('common.confirmDelete', { name: nameOf(row) }) };
    confirm({
      ...text,
      danger: true,
      onOk: async () => {
        await api.remove(row.id);
        message.success(t('common.deleted'));
        selection.setSelected(selection.selected.filter((id) => id !== row.id));
        await list.reload();
      },
    });
  }

  // Every action of a row is off, with the reason, on rows the caller may not touch.
  const locked = (action: RowAction<Row>): RowAction<Row> =>
    slots.rowLock ? { ...action, disabled: (row) => slots.rowLock?.(row) || action.disabled?.(row) } : action;
  const builtIn: RowAction<Row>[] = [
    ...(variantActions?.(setEditing) ?? []),
    ...(slots.rowActions ?? []),
    {
      key: 'edit',
      label: t('common.edit'),
      icon: <EditOutlined />,
      allowed: can.update,
      disabled: slots.editLock,
      onClick: (row) => (slots.onEdit ? slots.onEdit(row) : setEditing({ kind: 'edit', row })),
    },
    {
      key: 'delete',
      label: t('common.delete'),
      icon: <DeleteOutlined />,
      danger: true,
      allowed: can.remove,
      disabled: slots.deleteLock,
      onClick: confirmDelete,
    },
  ];
  const rowActions = visibleActions(builtIn.map(locked));
  const actionColumn: TableColumnsType<Row> = rowActions.length
    ? [
        {
          title: t('common.actions'),
          key: 'actions',
          fixed: 'right',
          width: 36 * rowActions.length + 16,
          render: (_, row) => <RowActionButtons actions={rowActions} row={row} name={nameOf(row)} />,
        },
      ]
    : [];
  const base = metaColumns(meta, ctx) as TableColumnsType<Row>;
  const columns = [...(slots.columns ? slots.columns(base, { reload }) : base), ...actionColumn];

  const metaItems = {
    keyword: meta.keyword && (
      <Form.Item name="keyword" label={t('crud.keyword')}>
        <Input allowClear placeholder={t('user.keywordPlaceholder')} style={{ width: 180 }} />
      </Form.Item>
    ),
    fields: Object.fromEntries(filterFields(meta).map((f) => [f.key, filterItem(f, ctx)])),
  };
  const chosenFilters =
    typeof slots.filters === 'function'
      ? slots.filters(metaItems)
      : (slots.filters ?? (
          <>
            {metaItems.keyword}
            {Object.values(metaItems.fields)}
          </>
        ));
  const hasFilters = slots.filters || slots.extraFilters || meta.keyword || filterFields(meta).length > 0;
  const filters = hasFilters ? (
    <>
      {chosenFilters}
      {slots.extraFilters}
    </>
  ) : undefined;

  const createButton = (
    <Button
      type="primary"
      icon={<PlusOutlined />}
      disabled={!!slots.createDisabled}
      style={slots.createDisabled ? { pointerEvents: 'none' } : undefined}
      onClick={() => setEditing({ kind: 'create' })}
    >
      {slots.createLabel ?? t('common.create')}
    </Button>
  );
  const toolbar = (
    <>
      {slots.create !== undefined
        ? slots.create
        : can.create &&
          (slots.createDisabled ? <Explained why={slots.createDisabled}>{createButton}</Explained> : createButton)}
      {slots.toolbar?.({ selection, list, reload, startEditing: setEditing })}
      {slots.transfer !== false && (
        <TransferButtons
          meta={meta}
          api={api}
          filter={list.filters}
          onImported={reload}
          imports={slots.transfer !== 'export'}
        />
      )}
    </>
  );

  const editor = (excluded?: ReadonlySet<number>) => {
    const close = () => setEditing(null);
    const saved = () => {
      setEditing(null);
      reload();
    };
    if (slots.editor) return slots.editor({ editing, close, saved, excluded });
    return (
      <MetaFormDrawer
        view={view}
        api={api as ScreenApi<AnyRow>}
        editing={editing as Editing | null}
        refs={refs}
        excluded={excluded}
        onClose={close}
        onSaved={saved}
      />
    );
  };

  return {
    t,
    can,
    columns,
    filters,
    toolbar,
    editor,
    editing,
    setEditing,
    selection,
    nameOf,
    frame: {
      filterFields: filters,
      toolbar,
      emptyText: slots.emptyText ?? t('crud.empty', { title: pickTitle(meta.title, lang) }),
      onDeleteMany: can.remove ? api.removeMany : undefined,
      canSelect: (row: Row) => !slots.rowLock?.(row) && !slots.deleteLock?.(row) && (slots.canSelect?.(row) ?? true),
      selectable: slots.selectable,
      selection,
      toFilter: slots.toFilter,
      filterFormName: slots.filterFormName,
      scrollX: slots.scrollX,
    },
  };
}

interface ScreenProps<Row extends AnyRow> {
  view: ResourceView;
  slots: ScreenSlots<Row>;
}

function useApi<Row extends AnyRow>(view: ResourceView, slots: ScreenSlots<Row>): ScreenApi<Row> {
  const name = view.meta.name;
  const custom = slots.api;
  return useMemo(() => custom ?? resourceApi<Row, Filter, Filter, object>(name), [custom, name]);
}

function ListScreen<Row extends AnyRow>({ view, slots }: ScreenProps<Row>) {
  const api = useApi(view, slots);
  const list = usePagedList<Row, Filter>(view.meta.name, api.page, slots.initialFilters ?? {});
  const parts = useScreenParts(view, slots, api, list);
  return (
    <>
      <ResourceListPage<Row, Filter>
        list={list}
        columns={parts.columns}
        expandable={slots.expandable}
        {...parts.frame}
      />
      {parts.editor()}
    </>
  );
}

function TreeScreen<Row extends AnyRow>({ view, slots }: ScreenProps<Row>) {
  const api = useApi(view, slots);
  const list = useTreeList<Row, Filter>(
    view.meta.name,
    async (f) => pruneLeaves(await api.tree(f)) as unknown as Row[],
    slots.initialFilters ?? {},
  );
  const allParents = useMemo(() => parentIds((list.data ?? []) as TreeNode[]), [list.data]);
  const [collapsed, setCollapsed] = useState<ReadonlySet<number>>(new Set());
  const held = usePermission([`${view.meta.permission}:create`]);
  const { t } = useKitTexts();
  const parts = useScreenParts(view, slots, api, list, (startEditing) => [
    {
      key: 'addChild',
      label: t('crud.addChild'),
      icon: <SubnodeOutlined />,
      allowed: slots.can?.create ?? held,
      onClick: (row) => startEditing({ kind: 'create', parent: row }),
    },
  ]);
  const { editing } = parts;
  const excluded = editing?.kind === 'edit' ? descendantIds(editing.row as TreeNode) : undefined;

  return (
    <>
      <ResourceListPage<Row, Filter>
        list={list}
        columns={parts.columns}
        {...parts.frame}
        toolbar={
          <>
            {parts.toolbar}
            <Button icon={<NodeExpandOutlined />} onClick={() => setCollapsed(new Set())}>
              {t('crud.expandAll')}
            </Button>
            <Button icon={<NodeCollapseOutlined />} onClick={() => setCollapsed(new Set(allParents))}>
              {t('crud.collapseAll')}
            </Button>
          </>
        }
        expandable={{
          expandedRowKeys: allParents.filter((id) => !collapsed.has(id)),
          onExpand: (open, row) => {
            const next = new Set(collapsed);
            if (open) next.delete(row.id);
            else next.add(row.id);
            setCollapsed(next);
          },
        }}
      />
      {parts.editor(excluded)}
    </>
  );
}

interface Props<Row extends AnyRow> extends ResourceView {
  slots?: ScreenSlots<Row>;
  // Dialogs and drawers of the screen's own actions.
  children?: ReactNode;
}

const NO_SLOTS = {};

// The screen of one declared resource: a paged list, or a tree for tree resources, changed through slots.
export function ResourceScreen<Row extends AnyRow = AnyRow>({ meta, schema, upload, slots, children }: Props<Row>) {
  // One stable object, so the drawer does not reset its form whenever the view re-renders.
  const view = useMemo(() => ({ meta, schema, upload }), [meta, schema, upload]);
  const given = (slots ?? NO_SLOTS) as ScreenSlots<Row>;
  return (
    <>
      {view.meta.tree ? <TreeScreen view={view} slots={given} /> : <ListScreen view={view} slots={given} />}
      {children}
    </>
  );
}
