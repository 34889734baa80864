import {
  DeleteOutlined,
  EditOutlined,
  PlusOutlined,
  SafetyCertificateOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';
import type { TeachingAssignment } from '@lyceum/contract';
import { App, Button, Form, type TableColumnsType, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useConfirm } from '../../crud/confirm';
import { KeywordFilter } from '../../crud/filter-fields';
import { ResourceListPage } from '../../crud/resource-list-page';
import { RowActionButtons, visibleActions } from '../../crud/row-actions';
import { usePagedList } from '../../crud/use-paged-list';
import { usePermission } from '../../shell/permission';
import { ClassFilter } from '../../ui/class-filter';
import { AssignmentEditor } from './assignment-editor';
import { ExportButton } from './export-button';
import { CheckDialog, GenerateDialog } from './generate-dialog';
import { TeacherSelect } from './pickers';
import { type AssignmentFilter, assignmentApi, KEYS, type SemesterRef, useRefreshLessons } from './timetable-api';
import { useTimetableTexts } from './timetable-texts';

// The semester's teaching assignments: who teaches what to which class, how many periods a week
// and how many its slots schedule. The office edits them in a drawer with the slots editor, checks
// the whole semester for clashes and generates the lessons.
export function AssignmentsTab({ semester }: { semester: SemesterRef }) {
  const { t } = useTimetableTexts();
  const { message } = App.useApp();
  const confirm = useConfirm();
  const refresh = useRefreshLessons();
  const canUpdate = usePermission(['teaching:update']);
  const [editing, setEditing] = useState<TeachingAssignment | 'new' | null>(null);
  const [dialog, setDialog] = useState<'check' | 'generate' | null>(null);
  const list = usePagedList<TeachingAssignment, AssignmentFilter>(
    KEYS.assignment,
    (req) => assignmentApi.page({ ...req, semesterId: semester.id }),
    {},
    { semesterId: semester.id },
  );
  const filtered = Object.values(list.filters).some((v) => v !== undefined);

  const actions = visibleActions<TeachingAssignment>([
    {
      key: 'edit',
      label: t('common.edit'),
      icon: <EditOutlined />,
      allowed: canUpdate,
      onClick: (row) => setEditing(row),
    },
    {
      key: 'delete',
      label: t('common.delete'),
      icon: <DeleteOutlined />,
      danger: true,
      allowed: canUpdate,
      onClick: (row) =>
        confirm({
          title: t('tt.assignmentDeleteConfirm', { name: `${row.subject} · ${row.teamName}` }),
          content: t('tt.assignmentDeleteHint'),
          danger: true,
          onOk: async () => {
            await assignmentApi.remove(row.id);
            message.success(t('common.deleted'));
            refresh();
          },
        }),
    },
  ]);

  const columns: TableColumnsType<TeachingAssignment> = [
    {
      title: t('tt.subject'),
      dataIndex: 'subject',
      render: (subject: string, a) => (
        <div>
          <div>{subject}</div>
          {a.courseTitle && <Typography.Text type="secondary">{a.courseTitle}</Typography.Text>}
        </div>
      ),
    },
    { title: t('tt.class'), dataIndex: 'teamName', width: 170, ellipsis: true },
    {
      title: t('tt.teacher'),
      dataIndex: 'teacherName',
      width: 140,
      render: (name: string, a) => (
        <div>
          <div>{name}</div>
          {a.assistantName && (
            <Typography.Text type="secondary">{t('tt.withAssistant', { name: a.assistantName })}</Typography.Text>
          )}
        </div>
      ),
    },
    { title: t('tt.venue'), dataIndex: 'venueName', width: 130, render: (v: string | null) => v ?? '—' },
    {
      title: t('tt.perWeekColumn'),
      key: 'perWeek',
      width: 130,
      render: (_: unknown, a) => {
        const off = a.scheduledPerWeek !== a.periodsPerWeek;
        const text = t('tt.scheduledShort', { scheduled: a.scheduledPerWeek, perWeek: a.periodsPerWeek });
        return off ? (
          <Tooltip title={t('tt.scheduledOff')}>
            <Tag color="warning">{text}</Tag>
          </Tooltip>
        ) : (
          <Tag color="success">{text}</Tag>
        );
      },
    },
    { title: t('tt.lessonCount'), dataIndex: 'lessonCount', width: 90, align: 'right' },
    ...(actions.length
      ? [
          {
            title: t('common.actions'),
            key: 'actions',
            fixed: 'right' as const,
            width: 36 * actions.length + 16,
            render: (_: unknown, a: TeachingAssignment) => (
              <RowActionButtons actions={actions} row={a} name={`${a.subject} · ${a.teamName}`} />
            ),
          },
        ]
      : []),
  ];

  return (
    <div className="tt-tab">
      <ResourceListPage<TeachingAssignment, AssignmentFilter>
        list={list}
        columns={columns}
        emptyText={
          filtered
            ? t('tt.assignmentsNoMatch')
            : t(canUpdate ? 'tt.assignmentsEmpty' : 'tt.assignmentsEmptyReadOnly', { semester: semester.name })
        }
        filterFormName="assignment-filter"
        toFilter={(v) => ({
          keyword: (v.keyword as string | undefined)?.trim() || undefined,
          teamId: (v.teamId as number | undefined) ?? undefined,
          teacherId: (v.teacherId as number | null | undefined) ?? undefined,
        })}
        filterFields={
          <>
            <KeywordFilter label={t('tt.keyword')} placeholder={t('tt.subject')} width={160} />
            <ClassFilter label={t('tt.class')} width={190} searchable />
            <Form.Item name="teacherId" label={t('tt.teacher')}>
              <TeacherSelect placeholder={t('common.all')} style={{ width: 170 }} />
            </Form.Item>
          </>
        }
        toolbar={
          <>
            {canUpdate && (
              <>
                <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
                  {t('tt.newAssignment')}
                </Button>
                <Button icon={<SafetyCertificateOutlined />} onClick={() => setDialog('check')}>
                  {t('tt.checkClashes')}
                </Button>
                <Button icon={<ThunderboltOutlined />} onClick={() => setDialog('generate')}>
                  {t('tt.generate')}
                </Button>
              </>
            )}
            <ExportButton resource={KEYS.assignment} filter={{ ...list.filters, semesterId: semester.id }} />
          </>
        }
      />
      <AssignmentEditor
        semester={semester}
        editing={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          refresh();
        }}
      />
      <CheckDialog semester={semester} open={dialog === 'check'} onClose={() => setDialog(null)} />
      <GenerateDialog semester={semester} open={dialog === 'generate'} onClose={() => setDialog(null)} />
    </div>
  );
}
