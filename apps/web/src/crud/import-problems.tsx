import { DownloadOutlined } from '@ant-design/icons';
import { capitalise, type ImportRowError, type Lang } from '@lyceum/contract';
import { Button, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translatedPredicate } from '../shell/server-error';
import { saveFile } from '../shell/transfer';

// The problems of an import check, every one of every row, grouped by row; and the same list as an
// Excel file to work through beside the sheet.

// The reason in the reader's language: by its code, else the server's words (already in the
// language the check was asked in).
export function problemText(e: ImportRowError): string {
  const text = translatedPredicate(e.error);
  return text === null ? e.message : capitalise(text);
}

interface RowProblems {
  row: number;
  problems: ImportRowError[];
}

function byRow(errors: ImportRowError[]): RowProblems[] {
  const rows = new Map<number, ImportRowError[]>();
  for (const e of errors) {
    const list = rows.get(e.row) ?? [];
    list.push(e);
    rows.set(e.row, list);
  }
  return [...rows].sort(([a], [b]) => a - b).map(([row, problems]) => ({ row, problems }));
}

// The report as a workbook; exceljs is loaded only when someone asks for the file.
async function saveReport(errors: ImportRowError[], headers: [string, string, string], name: string) {
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(name.slice(0, 31));
  ws.columns = [
    { header: headers[0], key: 'row', width: 8 },
    { header: headers[1], key: 'column', width: 24 },
    { header: headers[2], key: 'problem', width: 80 },
  ];
  ws.getRow(1).font = { bold: true };
  ws.views = [{ state: 'frozen', ySplit: 1 }];
  for (const e of errors) ws.addRow({ row: e.row, column: e.column || '—', problem: problemText(e) });
  const data = await wb.xlsx.writeBuffer();
  saveFile(new Blob([data], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }), name);
}

export function ImportProblems({ errors, title, lang }: { errors: ImportRowError[]; title: string; lang: Lang }) {
  const { t } = useTranslation();
  const [saving, setSaving] = useState(false);
  const rows = byRow(errors);

  async function report() {
    setSaving(true);
    try {
      const name = t('import.reportName', { title });
      await saveReport(errors, [t('import.row'), t('import.column'), t('import.problem')], `${name}.xlsx`);
    } finally {
      setSaving(false);
    }
  }

  return (
    <>
      <Button icon={<DownloadOutlined />} loading={saving} onClick={report}>
        {t('import.report')}
      </Button>
      <Table<RowProblems>
        size="small"
        rowKey="row"
        dataSource={rows}
        pagination={rows.length > 6 ? { pageSize: 6, size: 'small', showSizeChanger: false } : false}
        columns={[
          { title: t('import.row'), dataIndex: 'row', width: 72 },
          {
            title: t('import.rowProblems'),
            key: 'problems',
            render: (_: unknown, r) => (
              <ul style={{ margin: 0, paddingInlineStart: 18 }}>
                {r.problems.map((e, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a row's problems are fixed once checked
                  <li key={i}>
                    {e.column ? (
                      <Typography.Text strong>{`${e.column}${lang === 'zh' ? '：' : ': '}`}</Typography.Text>
                    ) : null}
                    {problemText(e)}
                  </li>
                ))}
              </ul>
            ),
          },
          {
            title: t('import.count'),
            key: 'count',
            width: 90,
            align: 'center',
            render: (_: unknown, r) => <Tag color="error">{r.problems.length}</Tag>,
          },
        ]}
      />
    </>
  );
}
