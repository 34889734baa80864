import {
  DeleteOutlined,
  DownOutlined,
  FileTextOutlined,
  PlusOutlined,
  ReloadOutlined,
  TagsOutlined,
} from '@ant-design/icons';
import {
  enumValues,
  labelOf,
  type Question,
  questionEditPaths,
  questionMeta,
  questionTypeLabels,
} from '@lyceum/contract';
import { App, Button, Card, Dropdown, Empty, Space, Table, Tooltip } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { TransferButtons } from '../../crud/transfer-buttons';
import { usePagedList } from '../../crud/use-paged-list';
import { useQuestionTexts } from '../../domains/question/i18n';
import { copyQuestion, QP, type QuestionFilter, questionApi, useUsers } from '../../domains/question/question-api';
import { PreviewDrawer } from '../../domains/question/render/preview-drawer';
import { useLang } from '../../shell/i18n';
import { usePermission } from '../../shell/permission';
import { AikenModal } from './aiken-modal';
import { BulkTagModal } from './bulk-tag-modal';
import { questionColumns } from './question-columns';
import { QuestionFilters } from './question-filters';

export default function QuestionListView() {
  const { t } = useQuestionTexts();
  const lang = useLang();
  const navigate = useNavigate();
  const { modal, message } = App.useApp();
  const list = usePagedList<Question, QuestionFilter>('question', questionApi.page, {});
  const users = useUsers();
  const [selected, setSelected] = useState<number[]>([]);
  const [previewing, setPreviewing] = useState<Question | null>(null);
  const [tagging, setTagging] = useState<number[] | null>(null);
  const [aiken, setAiken] = useState(false);
  const canEdit = usePermission([QP.edit]);
  const canCreate = usePermission([QP.create]) && canEdit;
  const canUpdate = usePermission([QP.update]) && canEdit;
  const canDelete = usePermission([QP.remove]);
  const who = (id: number | null) => users.data?.find((u) => u.id === id)?.realName ?? (id ? `#${id}` : '—');

  const edit = (q: Question) => navigate(`${questionEditPaths[q.type]}?id=${q.id}`);

  function confirm(title: string, run: () => Promise<void>, danger = false) {
    modal.confirm({
      title,
      content: danger ? t('common.irreversible') : undefined,
      okText: danger ? t('common.delete') : t('common.ok'),
      okButtonProps: { danger },
      cancelText: t('common.cancel'),
      onOk: run,
    });
  }

  const columns = questionColumns(t, lang, who, {
    preview: setPreviewing,
    edit: canUpdate ? edit : undefined,
    copy: canCreate
      ? (q) =>
          confirm(t('question.copyConfirm', { id: q.id }), async () => {
            const copy = await copyQuestion(q.id);
            message.success(t('question.copyDone', { id: copy.id }));
            await list.reload();
          })
      : undefined,
    remove: canDelete
      ? (q) =>
          confirm(
            t('question.deleteConfirm', { id: q.id }),
            async () => {
              await questionApi.remove(q.id);
              message.success(t('common.deleted'));
              setSelected((s) => s.filter((id) => id !== q.id));
              await list.reload();
            },
            true,
          )
      : undefined,
  });

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card size="small">
        <QuestionFilters onSearch={(f) => list.setFilters(f)} />
      </Card>
      <Card size="small">
        <div className="toolbar">
          {canCreate && (
            <Dropdown
              trigger={['click']}
              menu={{
                items: enumValues(questionTypeLabels).map((type) => ({
                  key: String(type),
                  label: labelOf(questionTypeLabels, type, lang),
                })),
                onClick: ({ key }) => navigate(questionEditPaths[Number(key) as Question['type']]),
              }}
            >
              <Button type="primary" icon={<PlusOutlined />}>
                {t('question.create')} <DownOutlined />
              </Button>
            </Dropdown>
          )}
          {canUpdate && (
            <Button icon={<TagsOutlined />} disabled={!selected.length} onClick={() => setTagging(selected)}>
              {t('question.bulkTag')}
              {selected.length > 0 && ` (${selected.length})`}
            </Button>
          )}
          {canDelete && (
            <Button
              danger
              icon={<DeleteOutlined />}
              disabled={!selected.length}
              onClick={() =>
                confirm(
                  t('common.confirmDeleteMany', { count: selected.length }),
                  async () => {
                    await questionApi.removeMany(selected);
                    message.success(t('common.deleted'));
                    setSelected([]);
                    await list.reload();
                  },
                  true,
                )
              }
            >
              {t('common.deleteSelected')}
              {selected.length > 0 && ` (${selected.length})`}
            </Button>
          )}
          {canCreate && (
            <Button icon={<FileTextOutlined />} onClick={() => setAiken(true)}>
              {t('question.aikenButton')}
            </Button>
          )}
          <TransferButtons
            meta={questionMeta}
            api={questionApi}
            filter={list.filters}
            onImported={() => void list.reload()}
          />
          <span className="toolbar-spacer" />
          <Tooltip title={t('common.refresh')}>
            <Button icon={<ReloadOutlined />} aria-label={t('common.refresh')} onClick={() => void list.reload()} />
          </Tooltip>
        </div>
        <Table<Question>
          rowKey="id"
          columns={columns}
          dataSource={list.data?.list}
          loading={list.loading}
          scroll={{ x: 1100 }}
          // Compose questions carry `children` (their child questions), not table sub-rows.
          expandable={{ childrenColumnName: 'subRows' }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('question.empty')} /> }}
          onChange={(_, __, sorter) => {
            const one = Array.isArray(sorter) ? sorter[0] : sorter;
            list.setSort?.(one?.order ? { sortField: String(one.columnKey), sortOrder: one.order } : {});
          }}
          rowSelection={
            canUpdate || canDelete
              ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) }
              : undefined
          }
          pagination={{
            current: list.pageIndex,
            pageSize: list.pageSize,
            total: list.data?.total ?? 0,
            showSizeChanger: true,
            showTotal: (total) => t('common.total', { count: total }),
            onChange: (page, size) => list.setPage(page, size),
          }}
        />
      </Card>
      <PreviewDrawer
        question={previewing}
        onClose={() => setPreviewing(null)}
        onEdit={
          canUpdate
            ? (q) => {
                setPreviewing(null);
                edit(q);
              }
            : undefined
        }
      />
      <AikenModal
        open={aiken}
        onClose={() => setAiken(false)}
        onDone={() => {
          setAiken(false);
          void list.reload();
        }}
      />
      <BulkTagModal
        ids={tagging}
        onClose={() => setTagging(null)}
        onDone={() => {
          setTagging(null);
          setSelected([]);
          void list.reload();
        }}
      />
    </Space>
  );
}
