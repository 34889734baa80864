import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import type { Team } from '@lyceum/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Empty, Input, Table } from 'antd';
import { useState } from 'react';
import { ImportDialog } from '../../crud/import-dialog';
import { XLSX_TYPE } from '../../crud/resource-api';
import { usePagedList } from '../../crud/use-paged-list';
import { usePermission } from '../../shell/permission';
import { saveFile } from '../../shell/transfer';
import { useTeamTexts } from './i18n';
import { allTeamMembers, memberImportApi, type TeamMemberRow, teamMembers } from './team-api';

// The members tab of a class's page: searched and paged on the server, imported from Excel by user
// name (template, check of every row, then the import), and exported to Excel.
export function TeamMembers({ team, onChanged }: { team: Team; onChanged: () => void }) {
  const { t } = useTeamTexts();
  const { message } = App.useApp();
  const client = useQueryClient();
  const canImport = usePermission(['team:import']);
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);
  const list = usePagedList<TeamMemberRow, { keyword?: string }>(
    'team',
    (req, { signal }) => teamMembers(team.id, req, { signal }),
    {},
    { members: team.id },
  );

  async function exportMembers() {
    setExporting(true);
    try {
      const rows = await allTeamMembers(team.id);
      // exceljs is loaded only when someone asks for the file.
      const { default: ExcelJS } = await import('exceljs');
      const wb = new ExcelJS.Workbook();
      const ws = wb.addWorksheet(t('team.membersSheet').slice(0, 31));
      ws.columns = [
        { header: t('team.userName'), key: 'userName', width: 18 },
        { header: t('team.realName'), key: 'realName', width: 18 },
        { header: t('team.department'), key: 'departmentName', width: 26 },
        { header: t('team.joinDate'), key: 'joinDate', width: 14 },
      ];
      ws.getRow(1).font = { bold: true };
      ws.views = [{ state: 'frozen', ySplit: 1 }];
      for (const r of rows) ws.addRow({ ...r, departmentName: r.departmentName ?? '', joinDate: r.joinDate ?? '' });
      const name = `${t('team.membersFile', { name: team.name })}.xlsx`;
      saveFile(new Blob([await wb.xlsx.writeBuffer()], { type: XLSX_TYPE }), name);
      message.success(t('team.exported', { count: rows.length }));
    } finally {
      setExporting(false);
    }
  }

  return (
    <>
      <div className="toolbar">
        <Input.Search
          allowClear
          aria-label={t('team.searchMembers')}
          placeholder={t('team.searchMembers')}
          style={{ width: 240 }}
          onSearch={(keyword) => list.setFilters(keyword.trim() ? { keyword: keyword.trim() } : {})}
        />
        {canImport && (
          <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
            {t('team.importMembers')}
          </Button>
        )}
        <Button icon={<DownloadOutlined />} loading={exporting} disabled={!team.memberCount} onClick={exportMembers}>
          {t('team.exportMembers')}
        </Button>
      </div>
      <Table<TeamMemberRow>
        rowKey="id"
        size="middle"
        loading={list.loading}
        dataSource={list.data?.list}
        scroll={{ x: 640 }}
        locale={{
          emptyText: (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={list.filters.keyword ? t('team.noMemberMatches') : t('team.noMembers')}
            />
          ),
        }}
        pagination={{
          current: list.pageIndex,
          pageSize: list.pageSize,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (total) => t('common.total', { count: total }),
          onChange: (page, size) => list.setPage(page, size),
        }}
        columns={[
          { title: t('team.userName'), dataIndex: 'userName', width: 160 },
          { title: t('team.realName'), dataIndex: 'realName', width: 160 },
          {
            title: t('team.department'),
            dataIndex: 'departmentName',
            render: (v: string | null) => v ?? '—',
          },
          { title: t('team.joinDate'), dataIndex: 'joinDate', width: 130, render: (v: string | null) => v ?? '—' },
        ]}
      />
      {canImport && (
        <ImportDialog
          open={importing}
          meta={{
            title: {
              en: t('team.membersFile', { name: team.name, lng: 'en' }),
              zh: t('team.membersFile', { name: team.name, lng: 'zh-CN' }),
            },
          }}
          api={memberImportApi(team.id)}
          onClose={() => setImporting(false)}
          onImported={() => {
            void client.invalidateQueries({ queryKey: ['team'] });
            onChanged();
          }}
          texts={{
            title: t('team.importTitle', { name: team.name }),
            hint: t('team.importHint'),
            confirm: (r) => t('team.importConfirm', { count: r.valid }),
            allValid: (r) => t('team.importValid', { count: r.valid }),
          }}
        />
      )}
    </>
  );
}
