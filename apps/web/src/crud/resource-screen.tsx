import {
  DeleteOutlined,
  EditOutlined,
  NodeCollapseOutlined,
  NodeExpandOutlined,
  PlusOutlined,
  SubnodeOutlined,
} from '@ant-design/icons';
import { App, Button, Form, Input, Space, type TableColumnsType, Tooltip } from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pickTitle, useLang } from '../shell/i18n';
import { usePermission } from '../shell/permission';
import { metaColumns } from './meta-columns';
import { type Editing, MetaFormDrawer } from './meta-form-drawer';
import { filterItem } from './meta-inputs';
import { useRefChoices } from './ref-options';
import { type AnyRow, resourceApi, type TreeNode } from './resource-api';
import { ResourceListPage } from './resource-list-page';
import { filterFields, type ResourceView, rowName } from './resource-view';
import { TransferButtons } from './transfer-buttons';
import { type ListSource, usePagedList, useTreeList } from './use-paged-list';

type Filter = Record<string, unknown>;
type Api = ReturnType<typeof resourceApi<AnyRow, Filter, Filter, object>>;

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

// Everything both variants share: filters, toolbar, action column, the drawer and deletion.
function useScreenParts(view: ResourceView, api: Api, list: ListSource<Filter>) {
  const { t } = useTranslation();
  const lang = useLang();
  const { modal, message } = App.useApp();
  const { meta } = view;
  const refs = useRefChoices(meta.fields);
  const [editing, setEditing] = useState<Editing | null>(null);
  const can = {
    create: usePermission([`${meta.permission}:create`]),
    update: usePermission([`${meta.permission}:update`]),
    remove: usePermission([`${meta.permission}:delete`]),
  };
  const ctx = { lang, t, refs };

  function confirmDelete(row: AnyRow) {
    modal.confirm({
      title: t('common.confirmDelete', { name: rowName(meta, row) }),
      content: t('common.irreversible'),
      okText: t('common.delete'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => {
        await api.remove(row.id);
        message.success(t('common.deleted'));
        await list.reload();
      },
    });
  }

  function actions(extra?: (row: AnyRow) => ReactNode): TableColumnsType<AnyRow> {
    if (!can.update && !can.remove && !(extra && can.create)) return [];
    const button = (label: string, icon: ReactNode, row: AnyRow, onClick: () => void, danger = false) => (
      <Tooltip title={label}>
        <Button
          type="link"
          danger={danger}
          icon={icon}
          aria-label={`${label} ${rowName(meta, row)}`}
          onClick={onClick}
        />
      </Tooltip>
    );
    return [
      {
        title: t('common.actions'),
        key: 'actions',
        fixed: 'right',
        width: extra ? 130 : 100,
        render: (_, row) => (
          <Space size={0}>
            {extra && can.create && extra(row)}
            {can.update && button(t('common.edit'), <EditOutlined />, row, () => setEditing({ kind: 'edit', row }))}
            {can.remove && button(t('common.delete'), <DeleteOutlined />, row, () => confirmDelete(row), true)}
          </Space>
        ),
      },
    ];
  }

  const filters = (
    <>
      {meta.keyword && (
        <Form.Item name="keyword" label={t('crud.keyword')}>
          <Input allowClear placeholder={t('user.keywordPlaceholder')} style={{ width: 180 }} />
        </Form.Item>
      )}
      {filterFields(meta).map((f) => filterItem(f, ctx))}
    </>
  );

  const toolbar = (
    <>
      {can.create && (
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ kind: 'create' })}>
          {t('common.create')}
        </Button>
      )}
      <TransferButtons meta={meta} api={api} filter={list.filters} onImported={() => void list.reload()} />
    </>
  );

  const drawer = (excluded?: ReadonlySet<number>) => (
    <MetaFormDrawer
      view={view}
      api={api}
      editing={editing}
      refs={refs}
      excluded={excluded}
      onClose={() => setEditing(null)}
      onSaved={() => {
        setEditing(null);
        void list.reload();
      }}
    />
  );

  return {
    t,
    columns: metaColumns(meta, lang, t, refs),
    actions,
    filters: meta.keyword || filterFields(meta).length > 0 ? filters : undefined,
    toolbar,
    drawer,
    editing,
    setEditing,
    emptyText: t('crud.empty', { title: pickTitle(meta.title, lang) }),
    onDeleteMany: can.remove ? api.removeMany : undefined,
  };
}

function ListScreen({ view }: { view: ResourceView }) {
  const api = useMemo(() => resourceApi<AnyRow, Filter, Filter, object>(view.meta.name), [view.meta.name]);
  const list = usePagedList<AnyRow, Filter>(view.meta.name, api.page, {});
  const parts = useScreenParts(view, api, list);
  return (
    <>
      <ResourceListPage<AnyRow, Filter>
        list={list}
        columns={[...parts.columns, ...parts.actions()]}
        filterFields={parts.filters}
        toolbar={parts.toolbar}
        emptyText={parts.emptyText}
        onDeleteMany={parts.onDeleteMany}
      />
      {parts.drawer()}
    </>
  );
}

function TreeScreen({ view }: { view: ResourceView }) {
  const api = useMemo(() => resourceApi<AnyRow, Filter, Filter, object>(view.meta.name), [view.meta.name]);
  const list = useTreeList<TreeNode, Filter>(view.meta.name, async (f) => pruneLeaves(await api.tree(f)), {});
  const parts = useScreenParts(view, api, list);
  const allParents = useMemo(() => parentIds(list.data ?? []), [list.data]);
  const [collapsed, setCollapsed] = useState<ReadonlySet<number>>(new Set());
  const { t, editing } = parts;
  const excluded = editing?.kind === 'edit' ? descendantIds(editing.row) : undefined;

  const addChild = (row: AnyRow) => (
    <Tooltip title={t('crud.addChild')}>
      <Button
        type="link"
        icon={<SubnodeOutlined />}
        aria-label={`${t('crud.addChild')} ${rowName(view.meta, row)}`}
        onClick={() => parts.setEditing({ kind: 'create', parent: row })}
      />
    </Tooltip>
  );

  return (
    <>
      <ResourceListPage<AnyRow, Filter>
        list={list}
        columns={[...parts.columns, ...parts.actions(addChild)]}
        filterFields={parts.filters}
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
        emptyText={parts.emptyText}
        onDeleteMany={parts.onDeleteMany}
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
      {parts.drawer(excluded)}
    </>
  );
}

// The screen of one declared resource: a paged list, or a tree for tree resources.
export function ResourceScreen({ meta, schema, upload }: ResourceView) {
  // One stable object, so the drawer does not reset its form whenever the view re-renders.
  const view = useMemo(() => ({ meta, schema, upload }), [meta, schema, upload]);
  return view.meta.tree ? <TreeScreen view={view} /> : <ListScreen view={view} />;
}
