import { labelOf, type QuestionImportItem, type QuestionImportReport, questionTypeLabels } from '@lyceum/contract';
import { Alert, Segmented, Space, Table, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useLang } from '../../../shell/i18n';
import { useInteropTexts } from './interop-texts';

const STATUS_COLOR: Record<QuestionImportItem['status'], string> = {
  create: 'green',
  duplicate: 'gold',
  refused: 'red',
  unsupported: 'default',
};
const FORMAT_NAME: Record<QuestionImportReport['format'], string> = {
  xlsx: 'Excel',
  moodle: 'Moodle XML',
  gift: 'GIFT',
  aiken: 'Aiken',
  qti: 'QTI',
};

type Filter = 'all' | QuestionImportItem['status'];

// The dry run of a question file as a table: each question's place in the file, what it becomes
// (type, stem, knowledge point) or why not, with the notes on what changed on the way in. A filter
// by result keeps a long file readable; the refused come first to the eye through the alert.
export function ImportTable({ report }: { report: QuestionImportReport }) {
  const { t } = useInteropTexts();
  const lang = useLang();
  const counts = useMemo(() => {
    const c: Record<QuestionImportItem['status'], number> = { create: 0, duplicate: 0, refused: 0, unsupported: 0 };
    for (const i of report.items) c[i.status]++;
    return c;
  }, [report]);
  const [filter, setFilter] = useState<Filter>(counts.refused ? 'refused' : 'all');
  const rows = filter === 'all' ? report.items : report.items.filter((i) => i.status === filter);
  const options = (['all', 'create', 'duplicate', 'refused', 'unsupported'] as const)
    .filter((k) => k === 'all' || counts[k] > 0)
    .map((k) => ({
      value: k,
      label:
        k === 'all'
          ? `${t('questionInterop.all')} ${report.items.length}`
          : `${t(`questionInterop.status_${k}`)} ${counts[k]}`,
    }));

  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      <Typography.Text>
        {t('questionInterop.formatName', { format: FORMAT_NAME[report.format] })} ·{' '}
        {t('questionInterop.summary', { total: report.total })} ·{' '}
        {t('questionInterop.toCreate', { count: report.valid })}
        {counts.duplicate > 0 && ` · ${t('questionInterop.duplicates', { count: counts.duplicate })}`}
        {counts.refused > 0 && ` · ${t('questionInterop.refused', { count: counts.refused })}`}
        {counts.unsupported > 0 && ` · ${t('questionInterop.unsupported', { count: counts.unsupported })}`}
      </Typography.Text>
      {counts.refused > 0 && <Alert type="error" showIcon title={t('questionInterop.refusedAlert')} />}
      {counts.unsupported > 0 && <Alert type="warning" showIcon title={t('questionInterop.unsupportedAlert')} />}
      {report.newCategories.length > 0 && (
        <Alert
          type="info"
          showIcon
          title={t('questionInterop.newCategories', {
            count: report.newCategories.length,
            names: report.newCategories.slice(0, 12).join(lang === 'zh' ? '；' : '; '),
          })}
        />
      )}
      <Segmented<Filter> options={options} value={filter} onChange={setFilter} />
      <Table<QuestionImportItem>
        size="small"
        rowKey="row"
        dataSource={rows}
        pagination={{ pageSize: 50, showSizeChanger: false, hideOnSinglePage: true }}
        scroll={{ x: 1000, y: 420 }}
        columns={[
          { title: t('questionInterop.colWhere'), dataIndex: 'position', width: 130, ellipsis: true },
          {
            title: t('questionInterop.colStatus'),
            dataIndex: 'status',
            width: 90,
            render: (s: QuestionImportItem['status']) => (
              <Tag color={STATUS_COLOR[s]}>{t(`questionInterop.status_${s}`)}</Tag>
            ),
          },
          {
            title: t('questionInterop.colType'),
            dataIndex: 'type',
            width: 100,
            render: (type: number | null) =>
              type === null ? '—' : labelOf(questionTypeLabels, type as 1 | 2 | 3 | 4 | 5 | 6, lang),
          },
          { title: t('questionInterop.colStem'), dataIndex: 'stem', ellipsis: true },
          {
            title: t('questionInterop.colCategory'),
            dataIndex: 'category',
            width: 160,
            ellipsis: true,
            render: (c: string) => c || t('questionInterop.noCategory'),
          },
          {
            title: t('questionInterop.colReasons'),
            key: 'reasons',
            width: 280,
            render: (_: unknown, item) => (
              <Space orientation="vertical" size={0}>
                {item.reasons.map((r) => (
                  <Typography.Text key={r} type="danger">
                    {r}
                  </Typography.Text>
                ))}
                {item.status === 'duplicate' && (
                  <Typography.Text type="secondary">{t('questionInterop.duplicateNote')}</Typography.Text>
                )}
                {item.notes.map((n) => (
                  <Typography.Text key={n} type="secondary">
                    {n}
                  </Typography.Text>
                ))}
              </Space>
            ),
          },
        ]}
      />
    </Space>
  );
}
