import { DeleteOutlined, ReloadOutlined } from '@ant-design/icons';
import { App, Button, Card, Empty, Form, Space, Table, type TableColumnsType, type TableProps, Tooltip } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterButtons } from './filter-buttons';
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
  scrollX?: number;
  expandable?: TableProps<Row>['expandable'];
}

// The list half of the generic resource engine: filter bar, toolbar, table, paging, bulk delete.
export function ResourceListPage<Row extends { id: number }, Filter extends object>(props: Props<Row, Filter>) {
  const { list, columns, filterFields, toolbar, emptyText, onDeleteMany, canSelect, scrollX, expandable } = props;
  const paged = 'pageIndex' in list ? list : null;
  const rows = paged ? paged.data?.list : (list as TreeList<Row, Filter>).data;
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const [form] = Form.useForm<Filter>();
  const [selected, setSelected] = useState<number[]>([]);

  function confirmDeleteMany() {
    if (!onDeleteMany) return;
    modal.confirm({
      title: t('common.confirmDeleteMany', { count: selected.length }),
      content: t('common.irreversible'),
      okText: t('common.delete'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
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
          <Form<Filter>
            form={form}
            name="filter"
            layout="inline"
            className="filter-bar"
            initialValues={list.filters}
            onFinish={(values) => list.setFilters(values)}
          >
            {filterFields}
            <FilterButtons
              onReset={() => {
                form.resetFields();
                list.setFilters(form.getFieldsValue());
              }}
            />
          </Form>
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
          columns={columns}
          dataSource={rows}
          loading={list.loading}
          scroll={{ x: scrollX ?? 900 }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} /> }}
          expandable={expandable}
          onChange={(_, __, sorter) => {
            const one = Array.isArray(sorter) ? sorter[0] : sorter;
            const order: SortOrder | undefined = one?.order ?? undefined;
            list.setSort?.(order ? { sortField: String(one.columnKey ?? one.field), sortOrder: order } : {});
          }}
          rowSelection={
            onDeleteMany
              ? {
                  checkStrictly: true,
                  selectedRowKeys: selected,
                  onChange: (keys) => setSelected(keys.map(Number)),
                  getCheckboxProps: (row) => ({ disabled: canSelect ? !canSelect(row) : false }),
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
