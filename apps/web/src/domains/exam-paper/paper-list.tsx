import {
  CheckCircleOutlined,
  DeleteOutlined,
  EditOutlined,
  PlusOutlined,
  PrinterOutlined,
  RollbackOutlined,
} from '@ant-design/icons';
import {
  type ExamPaper,
  ExamPaperStatus,
  examPaperMeta,
  examPaperStatusLabels,
  labelOf,
  type PaperType,
} from '@lyceum/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Space, type TableColumnsType, Tag, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import { useNavigate } from 'react-router';
import { useConfirm } from '../../crud/confirm';
import { CheckFilter, EnumFilter, KeywordFilter } from '../../crud/filter-fields';
import { ResourceListPage } from '../../crud/resource-list-page';
import { TransferButtons } from '../../crud/transfer-buttons';
import { usePagedList } from '../../crud/use-paged-list';
import { useLang } from '../../shell/i18n';
import { usePermission } from '../../shell/permission';
import { useSubjectOptions } from '../question/classification-fields';
import { usePaperTexts } from './i18n';
import { type BuiltPaperType, type PaperFilter, paperApi, paperPaths, runPaperAction } from './paper-api';
import { PaperImportButton, PaperRowTransfer } from './paper-transfer';
import { printPaths } from './print-api';
import { usePrintTexts } from './print-texts';

function findName(nodes: { value: number | string; title: string; children?: unknown[] }[], id: number | null): string {
  for (const n of nodes) {
    if (n.value === id) return n.title;
    const inner = findName((n.children ?? []) as typeof nodes, id);
    if (inner) return inner;
  }
  return '';
}

// The papers of one type (exam papers, homework papers): filters, status actions, the builder to open.
export function PaperList({ paperType }: { paperType: BuiltPaperType & PaperType }) {
  const { t } = usePaperTexts();
  const { t: tp } = usePrintTexts();
  const lang = useLang();
  const navigate = useNavigate();
  const client = useQueryClient();
  const confirm = useConfirm();
  const { message } = App.useApp();
  const subjects = useSubjectOptions();
  const canCreate = usePermission(['examPaper:create']);
  const canUpdate = usePermission(['examPaper:update']);
  const canDelete = usePermission(['examPaper:delete']);
  const canPublish = usePermission(['examPaper:publish']);
  const builder = paperPaths[paperType].builder;
  const list = usePagedList<ExamPaper, PaperFilter>(
    'examPaper',
    (req) => paperApi.page({ ...req, paperType }),
    {},
    { paperType },
  );
  const open = (paper?: ExamPaper) => navigate(paper ? `${builder}?id=${paper.id}` : builder);
  const refresh = () => client.invalidateQueries({ queryKey: ['examPaper'] });

  function act(paper: ExamPaper, action: 'publish' | 'withdraw') {
    confirm({
      title: t(action === 'publish' ? 'paper.publishConfirm' : 'paper.withdrawConfirm', { name: paper.name }),
      content: t(action === 'publish' ? 'paper.publishHint' : 'paper.withdrawHint'),
      okText: t(`paper.${action}`),
      onOk: async () => {
        await runPaperAction(action, paper.id);
        message.success(t(action === 'publish' ? 'paper.published' : 'paper.withdrawn'));
        await refresh();
      },
    });
  }

  const columns: TableColumnsType<ExamPaper> = [
    {
      title: t('paper.name'),
      dataIndex: 'name',
      width: 260,
      render: (name: string, paper) => (
        <Button
          type="link"
          // Long names wrap inside the column rather than running over the next one.
          style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'start' }}
          aria-label={t('paper.open', { name })}
          onClick={() => open(paper)}
        >
          {name}
        </Button>
      ),
    },
    {
      title: t('paper.subject'),
      dataIndex: 'subjectId',
      width: 140,
      render: (id: number | null) => findName(subjects, id) || '—',
    },
    { title: t('paper.questionCount'), dataIndex: 'questionCount', width: 80 },
    { title: t('paper.totalScore'), dataIndex: 'totalScore', width: 80 },
    {
      title: t('paper.difficultyColumn'),
      key: 'difficulty',
      width: 110,
      render: (_: unknown, paper) => (
        <Tooltip title={t('paper.difficultyHint')}>
          <span>
            {paper.expectedDifficulty === null ? '—' : `${paper.expectedDifficulty} / 5`}
            {paper.measuredDifficulty !== null && (
              <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                {t('paper.measured', {
                  p: paper.measuredDifficulty.toFixed(2),
                  d: paper.discrimination === null ? '—' : paper.discrimination.toFixed(2),
                })}
              </Typography.Text>
            )}
          </span>
        </Tooltip>
      ),
    },
    {
      title: t('paper.status'),
      dataIndex: 'status',
      width: 110,
      render: (s: ExamPaper['status']) => (
        <Tag color={s === ExamPaperStatus.Published ? 'green' : s === ExamPaperStatus.Withdrawn ? 'orange' : 'default'}>
          {labelOf(examPaperStatusLabels, s, lang)}
        </Tag>
      ),
    },
    {
      title: t('paper.updated'),
      dataIndex: 'updateTime',
      width: 150,
      render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm'),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      fixed: 'right',
      width: 216,
      render: (_: unknown, paper) => (
        <Space size={0}>
          <Tooltip title={t('common.edit')}>
            <Button
              type="link"
              icon={<EditOutlined />}
              aria-label={`${t('common.edit')} ${paper.name}`}
              onClick={() => open(paper)}
            />
          </Tooltip>
          <Tooltip title={tp('paperPrint.print')}>
            <Button
              type="link"
              icon={<PrinterOutlined />}
              aria-label={tp('paperPrint.printPaper', { name: paper.name })}
              onClick={() => navigate(`${printPaths[paperType]}?id=${paper.id}`)}
            />
          </Tooltip>
          <PaperRowTransfer paper={paper} />
          {canPublish && paper.status !== ExamPaperStatus.Published && (
            <Tooltip title={t('paper.publish')}>
              <Button
                type="link"
                icon={<CheckCircleOutlined />}
                aria-label={`${t('paper.publish')} ${paper.name}`}
                onClick={() => act(paper, 'publish')}
              />
            </Tooltip>
          )}
          {canPublish && paper.status === ExamPaperStatus.Published && (
            <Tooltip title={t('paper.withdraw')}>
              <Button
                type="link"
                icon={<RollbackOutlined />}
                aria-label={`${t('paper.withdraw')} ${paper.name}`}
                onClick={() => act(paper, 'withdraw')}
              />
            </Tooltip>
          )}
          {canDelete && (
            <Tooltip title={t('common.delete')}>
              <Button
                type="link"
                danger
                icon={<DeleteOutlined />}
                aria-label={`${t('common.delete')} ${paper.name}`}
                onClick={() =>
                  confirm({
                    title: t('paper.deleteConfirm', { name: paper.name }),
                    danger: true,
                    onOk: async () => {
                      await paperApi.remove(paper.id);
                      message.success(t('common.deleted'));
                      await refresh();
                    },
                  })
                }
              />
            </Tooltip>
          )}
        </Space>
      ),
    },
  ];

  return (
    <ResourceListPage<ExamPaper, PaperFilter>
      list={list}
      columns={columns}
      emptyText={t('paper.empty')}
      // One per list: both lists may be open in tabs at once, and their fields' ids must not clash.
      filterFormName={`paper-filter-${paperType}`}
      filterFields={
        <>
          <KeywordFilter label={t('paper.keyword')} />
          <EnumFilter name="status" label={t('paper.status')} labels={examPaperStatusLabels} width={140} />
          <CheckFilter name="mine">{t('paper.mine')}</CheckFilter>
        </>
      }
      toolbar={
        <>
          {(canCreate || canUpdate) && (
            <Button type="primary" icon={<PlusOutlined />} disabled={!canCreate} onClick={() => open()}>
              {t('paper.create')}
            </Button>
          )}
          <PaperImportButton paperType={paperType} />
          {/* The engine's Excel export of the papers the list shows (no import: papers nest). */}
          <TransferButtons
            meta={{ ...examPaperMeta, permission: 'examPaper' }}
            api={paperApi}
            filter={{ ...list.filters, paperType }}
            onImported={refresh}
          />
        </>
      }
    />
  );
}
