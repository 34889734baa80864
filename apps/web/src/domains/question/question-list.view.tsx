import {
  CopyOutlined,
  DownOutlined,
  EyeOutlined,
  FileTextOutlined,
  PlusOutlined,
  TagsOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import {
  enumValues,
  labelOf,
  type Question,
  questionEditPaths,
  questionMeta,
  questionTypeLabels,
} from '@lyceum/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Dropdown } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { useConfirm } from '../../crud/confirm';
import type { Selection } from '../../crud/resource-list-page';
import { ResourceScreen } from '../../crud/resource-screen';
import { useLang } from '../../shell/i18n';
import { usePermission } from '../../shell/permission';
import { AikenModal } from './aiken-modal';
import { BulkTagModal } from './bulk-tag-modal';
import { useQuestionTexts } from './i18n';
import { QuestionExportMenu } from './interop/question-export-menu';
import { QuestionImportDialog } from './interop/question-import-dialog';
import { copyQuestion, QP, useUsers } from './question-api';
import { questionColumns } from './question-columns';
import { QuestionFilterItems, toQuestionFilter } from './question-filters';
import { PreviewDrawer } from './render/preview-drawer';

// Questions are edited on their own pages, not in the generic drawer.
const NO_FORM = z.object({});

// The generic screen of the question meta, plus: a create menu per question type, editing on the type's
// page, preview, copy, bulk tagging of the selection and the Aiken text import.
export default function QuestionListView() {
  const { t } = useQuestionTexts();
  const lang = useLang();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const confirm = useConfirm();
  const client = useQueryClient();
  const users = useUsers();
  const [previewing, setPreviewing] = useState<Question | null>(null);
  const [tagging, setTagging] = useState<{ ids: number[]; selection: Selection } | null>(null);
  const [aiken, setAiken] = useState(false);
  const [importing, setImporting] = useState(false);
  const canImport = usePermission([QP.importFile]);
  const canExport = usePermission([QP.exportFile]);
  const canEdit = usePermission([QP.edit]);
  const canCreate = usePermission([QP.create]) && canEdit;
  const canUpdate = usePermission([QP.update]) && canEdit;
  const canDelete = usePermission([QP.remove]);
  const who = (id: number | null) => users.data?.find((u) => u.id === id)?.realName ?? (id ? `#${id}` : '—');
  const reload = () => void client.invalidateQueries({ queryKey: ['question'] });
  const edit = (q: Question) => navigate(`${questionEditPaths[q.type]}?id=${q.id}`);

  const copy = (q: Question) =>
    confirm({
      title: t('question.copyConfirm', { id: q.id }),
      onOk: async () => {
        const made = await copyQuestion(q.id);
        message.success(t('question.copyDone', { id: made.id }));
        reload();
      },
    });

  const createMenu = canCreate && (
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
  );

  return (
    <ResourceScreen<Question>
      meta={questionMeta}
      schema={NO_FORM}
      slots={{
        can: { create: canCreate, update: canUpdate, remove: canDelete },
        columns: () => questionColumns(t, lang, who, setPreviewing),
        rowName: (q) => `#${q.id}`,
        rowActions: [
          { key: 'preview', label: t('question.previewAction'), icon: <EyeOutlined />, onClick: setPreviewing },
          { key: 'copy', label: t('common.copy'), icon: <CopyOutlined />, allowed: canCreate, onClick: copy },
        ],
        onEdit: edit,
        deleteConfirm: (q) => ({ title: t('question.deleteConfirm', { id: q.id }) }),
        create: createMenu,
        selectable: canUpdate,
        // The Excel export stays the engine's; the import takes every format (interop/).
        transfer: 'export',
        toolbar: ({ selection, list }) => (
          <>
            {canImport && (
              <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
                {t('questionInterop.importButton')}
              </Button>
            )}
            {canExport && <QuestionExportMenu selected={selection.selected} filter={list.filters} />}
            {canUpdate && (
              <Button
                icon={<TagsOutlined />}
                disabled={!selection.selected.length}
                onClick={() => setTagging({ ids: selection.selected, selection })}
              >
                {t('question.bulkTag')}
                {selection.selected.length > 0 && ` (${selection.selected.length})`}
              </Button>
            )}
            {canCreate && (
              <Button icon={<FileTextOutlined />} onClick={() => setAiken(true)}>
                {t('question.aikenButton')}
              </Button>
            )}
          </>
        ),
        filters: <QuestionFilterItems />,
        toFilter: toQuestionFilter,
        filterFormName: 'question-filter',
        emptyText: t('question.empty'),
        // Compose questions carry `children` (their child questions), not table sub-rows.
        expandable: { childrenColumnName: 'subRows' },
      }}
    >
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
          reload();
        }}
      />
      <QuestionImportDialog
        open={importing}
        onClose={() => setImporting(false)}
        onImported={() => {
          reload();
          // An import may have made knowledge points and tags: the pickers read them again.
          void client.invalidateQueries({ queryKey: ['tag'] });
        }}
      />
      <BulkTagModal
        ids={tagging?.ids ?? null}
        onClose={() => setTagging(null)}
        onDone={() => {
          tagging?.selection.setSelected([]);
          setTagging(null);
          reload();
        }}
      />
    </ResourceScreen>
  );
}
