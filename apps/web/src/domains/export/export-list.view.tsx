import { DeleteOutlined, DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import { EXPORT_KEEP_DAYS, type ExportRow, ExportStatus, exportStatusLabels, labelOf } from '@lyceum/contract';
import { useQuery } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Empty,
  Progress,
  Space,
  Table,
  type TableColumnsType,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { exportApi } from '../../crud/export-api';
import { useLang } from '../../shell/i18n';

const POLL_MS = 1500;
const active = (row: ExportRow) => row.status === ExportStatus.Queued || row.status === ExportStatus.Running;
const time = (value: string | null) => (value ? dayjs(value).format('YYYY-MM-DD HH:mm') : '—');

// My exports (Logs › Export list): what each export wrote, its progress while it runs (polled while
// any is running), the file to download until it expires, and delete.
export default function ExportListView() {
  const { t } = useTranslation();
  const lang = useLang();
  const { modal, message } = App.useApp();
  const [page, setPage] = useState({ index: 1, size: 20 });
  const [downloading, setDownloading] = useState<number | null>(null);
  const query = useQuery({
    queryKey: ['export', 'page', page.index, page.size],
    queryFn: ({ signal }) => exportApi.page(page.index, page.size, false, { signal }),
    refetchInterval: (q) => (q.state.data?.list.some(active) ? POLL_MS : false),
  });

  async function save(row: ExportRow) {
    setDownloading(row.id);
    try {
      await exportApi.download(row.id);
    } finally {
      setDownloading(null);
    }
  }

  function confirmDelete(row: ExportRow) {
    modal.confirm({
      title: t('exports.deleteConfirm', { title: row.title }),
      content: t('exports.deleteHint'),
      okText: t('exports.delete'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => {
        await exportApi.remove(row.id);
        message.success(t('exports.deleted'));
        await query.refetch();
      },
    });
  }

  const columns: TableColumnsType<ExportRow> = [
    { title: t('exports.resource'), dataIndex: 'title', width: 160, ellipsis: true },
    { title: t('exports.created'), dataIndex: 'createTime', width: 140, render: time },
    {
      title: t('exports.status'),
      dataIndex: 'status',
      width: 230,
      render: (_, row) => {
        const label = exportStatusLabels[row.status];
        return (
          <Space orientation="vertical" size={2} style={{ width: '100%' }}>
            <Tag color={label.color}>{labelOf(exportStatusLabels, row.status, lang)}</Tag>
            {active(row) && (
              <Progress
                size="small"
                percent={Math.round(row.progress * 100)}
                status="active"
                aria-label={t('exports.progress')}
              />
            )}
            {row.status === ExportStatus.Failed && row.error && (
              <Typography.Text type="danger" style={{ fontSize: 12 }}>
                {row.error}
              </Typography.Text>
            )}
          </Space>
        );
      },
    },
    { title: t('exports.rows'), dataIndex: 'rowCount', width: 80, align: 'right', render: (n) => n ?? '—' },
    { title: t('exports.expires'), dataIndex: 'expireTime', width: 140, render: time },
    {
      title: t('exports.actions'),
      key: 'actions',
      width: 200,
      fixed: 'right',
      render: (_, row) => (
        <Space size={4} wrap>
          <Button
            size="small"
            type="link"
            icon={<DownloadOutlined />}
            disabled={row.status !== ExportStatus.Done}
            loading={downloading === row.id}
            onClick={() => save(row)}
          >
            {t('exports.download')}
          </Button>
          <Button size="small" type="link" danger icon={<DeleteOutlined />} onClick={() => confirmDelete(row)}>
            {t('exports.delete')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Card size="small">
      <div className="toolbar">
        <Typography.Text type="secondary">{t('exports.hint', { days: EXPORT_KEEP_DAYS })}</Typography.Text>
        <span className="toolbar-spacer" />
        <Tooltip title={t('exports.refresh')}>
          <Button icon={<ReloadOutlined />} aria-label={t('exports.refresh')} onClick={() => query.refetch()} />
        </Tooltip>
      </div>
      <Table<ExportRow>
        rowKey="id"
        columns={columns}
        dataSource={query.data?.list}
        loading={query.isLoading}
        scroll={{ x: 950 }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('exports.empty')} /> }}
        pagination={{
          current: page.index,
          pageSize: page.size,
          total: query.data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (total) => t('common.total', { count: total }),
          onChange: (index, size) => setPage({ index, size }),
        }}
      />
    </Card>
  );
}
