import { DeleteOutlined, ReloadOutlined } from '@ant-design/icons';
import { App, Button, Card, Empty, Form, Space, Table, type TableColumnsType, type TableProps, Tooltip } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from './confirm';
import { FilterBar } from './filter-buttons';
import type { PagedList, SortOrder, TreeList } from './use-paged-list';

interface Props<Row extends { id: number }, Filter extends object> {
  // A paged list, or a whole tree (rows with children) without paging.
  list: PagedList<Row, Filter> | TreeList<Row, Filter>;
  columns: TableColumnsType<Row>;
  filterFields?: ReactNode;
  toolbar?: ReactNode;
  emptyText: string;
  // When set, rows can be selected and deleted together after a confirmation.
  onDeleteMany?: (ids: number[]) => Promise<unknown>;
  canSelect?: (row: Row) => boolean;
  // Rows can be selected for the toolbar's own bulk actions even without bulk delete.
  selectable?: boolean;
  // The selection, when the screen's toolbar acts on it too; otherwise the frame keeps its own.
  selection?: Selection;
  scrollX?: number;
  expandable?: TableProps<Row>['expandable'];
  // Turns the filter form's values into the list's filter (a date range into from/to).
  toFilter?: (values: Record<string, unknown>) => Filter;
  // The filter form's name (its DOM id).
  filterFormName?: string;
}

export interface Selection {
  selected: number[];
  setSelected: (ids: number[]) => void;
}

// A selection the screen owns, for toolbars that act on the selected rows.
export function useSelection(): Selection {
  const [selected, setSelected] = useState<number[]>([]);
  return { selected, setSelected };
}

// antd's selection column, as it renders.
const SELECTION_COLUMN_PX = 32;
const UNSIZED_COLUMN_PX = 120;
// A column that cuts its text with an ellipsis (a stem, an e-mail) gives way down to this width.
const FLEXIBLE_COLUMN_PX = 160;

// The width the table needs before it scrolls sideways: the fixed columns' declared widths, flexible
// (ellipsis) columns at their minimum. Wider screens give the spare room to the flexible columns (they
// render without a width, see flexibleColumns); narrower ones scroll, so a fixed Actions column never
// squeezes or covers the last columns at 1440 px.
export function tableScrollWidth(columns: TableColumnsType<never>, selectable: boolean): number {
  return columns.reduce(
    (total, column) => {
      const width = typeof column.width === 'number' ? column.width : UNSIZED_COLUMN_PX;
      // An ellipsis column counts its declared minimum (`minWidth`), or a flexible column's.
      return total + (column.ellipsis ? (column.minWidth ?? Math.min(width, FLEXIBLE_COLUMN_PX)) : width);
    },
    selectable ? SELECTION_COLUMN_PX : 0,
  );
}

// The selection column's screen-reader names in the reader's language (antd's own are English only):
// the header checkbox's props, and a row's label (`nameOf` names the row).
export function selectionLabels<Row>(
  t: (key: string, params?: Record<string, unknown>) => string,
  nameOf: (row: Row) => string,
) {
  return {
    getTitleCheckboxProps: () => ({ 'aria-label': t('common.selectAllRows') }),
    rowLabel: (row: Row) => t('common.selectRow', { name: nameOf(row) }),
  };
}

// An ellipsis column keeps no declared width: with the table's fixed layout it takes the room the other
// columns leave, and never less than its minimum (the scroll width counted it so).
export function flexibleColumns<T>(columns: TableColumnsType<T>): TableColumnsType<T> {
  return columns.map((column) =>
    column.ellipsis && column.width !== undefined ? { ...column, width: undefined } : column,
  );
}

// The list half of the generic resource engine: filter bar, toolbar, table, paging, bulk delete.
export function ResourceListPage<Row extends { id: number }, Filter extends object>(props: Props<Row, Filter>) {
  const { list, columns, filterFields, toolbar, emptyText, onDeleteMany, canSelect, scrollX, expandable } = props;
  const { toFilter = (values) => values as Filter, filterFormName = 'filter' } = props;
  const paged = 'pageIndex' in list ? list : null;
  const rows = paged ? paged.data?.list : (list as TreeList<Row, Filter>).data;
  const { t } = useTranslation();
  const labels = selectionLabels<Row>(t, (row) => `#${row.id}`);
  const { message } = App.useApp();
  const confirm = useConfirm();
  const [form] = Form.useForm<Record<string, unknown>>();
  const own = useSelection();
  const { selected, setSelected } = props.selection ?? own;

  function confirmDeleteMany() {
    if (!onDeleteMany) return;
    confirm({
      title: t('common.confirmDeleteMany', { count: selected.length }),
      danger: true,
      onOk: async () => {
        await onDeleteMany(selected);
        message.success(t('common.deleted'));
        setSelected([]);
        await list.reload();
      },
    });
  }

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      {filterFields && (
        <Card size="small">
          <FilterBar<Record<string, unknown>>
            form={form}
            name={filterFormName}
            initialValues={list.filters}
            onSearch={(values) => list.setFilters(toFilter(values))}
            onReset={() => list.setFilters(toFilter(form.getFieldsValue()))}
          >
            {filterFields}
          </FilterBar>
        </Card>
      )}
      <Card size="small">
        <div className="toolbar">
          {toolbar}
          {onDeleteMany && (
            <Button danger icon={<DeleteOutlined />} disabled={selected.length === 0} onClick={confirmDeleteMany}>
              {t('common.deleteSelected')}
              {selected.length > 0 && ` (${selected.length})`}
            </Button>
          )}
          <span className="toolbar-spacer" />
          <Tooltip title={t('common.refresh')}>
            <Button icon={<ReloadOutlined />} aria-label={t('common.refresh')} onClick={() => list.reload()} />
          </Tooltip>
        </div>
        <Table<Row>
          rowKey="id"
          columns={flexibleColumns(columns)}
          dataSource={rows}
          loading={list.loading}
          scroll={{
            x:
              scrollX ??
              tableScrollWidth(columns as TableColumnsType<never>, Boolean(onDeleteMany || props.selectable)),
          }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} /> }}
          expandable={expandable}
          onChange={(_, __, sorter) => {
            const one = Array.isArray(sorter) ? sorter[0] : sorter;
            const order: SortOrder | undefined = one?.order ?? undefined;
            list.setSort?.(order ? { sortField: String(one.columnKey ?? one.field), sortOrder: order } : {});
          }}
          rowSelection={
            onDeleteMany || props.selectable
              ? {
                  checkStrictly: true,
                  selectedRowKeys: selected,
                  onChange: (keys) => setSelected(keys.map(Number)),
                  getTitleCheckboxProps: labels.getTitleCheckboxProps,
                  getCheckboxProps: (row) => ({
                    disabled: canSelect ? !canSelect(row) : false,
                    'aria-label': labels.rowLabel(row),
                  }),
                }
              : undefined
          }
          pagination={
            paged
              ? {
                  current: paged.pageIndex,
                  pageSize: paged.pageSize,
                  total: paged.data?.total ?? 0,
                  showSizeChanger: true,
                  showTotal: (total) => t('common.total', { count: total }),
                  onChange: (page, size) => paged.setPage(page, size),
                }
              : false
          }
        />
      </Card>
    </Space>
  );
}
