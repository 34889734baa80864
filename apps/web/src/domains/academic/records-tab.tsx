import { EditOutlined, FieldTimeOutlined, SwapOutlined, UsergroupAddOutlined } from '@ant-design/icons';
import { labelOf, type StudentRecord, type StudentRecordFilter, studentStatusLabels } from '@lyceum/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Drawer, Form, InputNumber, Modal, Select, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useDialogRun } from '../../crud/dialog-run';
import { EnumFilter, KeywordFilter } from '../../crud/filter-fields';
import { ResourceListPage } from '../../crud/resource-list-page';
import { type RowAction, RowActionButtons } from '../../crud/row-actions';
import { usePagedList } from '../../crud/use-paged-list';
import { useLang } from '../../shell/i18n';
import { usePermission } from '../../shell/permission';
import { useTeams } from '../../ui/lookups';
import { PersonTimelineView } from '../../ui/person-timeline';
import { RECORDS_KEY, recordCalls } from './records-api';
import { RecordEditor } from './records-editor';
import { useRecordsTexts } from './records-words';
import { RequestChangeDialog } from './status-changes-dialogs';

type Filter = Omit<StudentRecordFilter, never>;

const toFilter = (v: Record<string, unknown>): Filter => ({
  keyword: (v.keyword as string | undefined)?.trim() || undefined,
  status: v.status as Filter['status'],
  cohortYear: (v.cohortYear as number | null | undefined) ?? undefined,
  teamId: (v.teamId as number | undefined) ?? undefined,
});

// Student records (issue 34): number, standing, cohort, degree, department and guardians, filtered by
// standing, cohort, class or a name; staff with studentRecord:update edit them and make the missing
// ones for a class; anyone here opens a student's timeline, and requesters ask for a status change.
export function RecordsTab() {
  const { t } = useRecordsTexts();
  const lang = useLang();
  const canEdit = usePermission(['studentRecord:update']);
  const canRequest = usePermission(['statusChange:request']);
  const teams = useTeams();
  const list = usePagedList<StudentRecord, Filter>(
    RECORDS_KEY,
    (req, c) => recordCalls.records(req, c),
    {},
    {
      list: 'records',
    },
  );
  const [editing, setEditing] = useState<StudentRecord | null>(null);
  const [timelineOf, setTimelineOf] = useState<StudentRecord | null>(null);
  const [changing, setChanging] = useState<StudentRecord | null>(null);
  const [missing, setMissing] = useState(false);

  const actions: RowAction<StudentRecord>[] = [
    { key: 'edit', label: t('records.edit'), icon: <EditOutlined />, allowed: canEdit, onClick: setEditing },
    { key: 'timeline', label: t('records.timeline'), icon: <FieldTimeOutlined />, onClick: setTimelineOf },
    {
      key: 'change',
      label: t('records.requestChange'),
      icon: <SwapOutlined />,
      allowed: canRequest,
      onClick: setChanging,
    },
  ];

  const columns: TableColumnsType<StudentRecord> = [
    { key: 'no', title: t('records.studentNo'), width: 120, render: (_, r) => <code>{r.studentNo}</code> },
    {
      key: 'name',
      title: t('records.student'),
      width: 150,
      render: (_, r) => (
        <div>
          <div>{r.realName}</div>
          <Typography.Text type="secondary">{r.userName}</Typography.Text>
        </div>
      ),
    },
    {
      key: 'status',
      title: t('records.status'),
      width: 100,
      render: (_, r) => (
        <Tag color={studentStatusLabels[r.status].color}>{labelOf(studentStatusLabels, r.status, lang)}</Tag>
      ),
    },
    { key: 'cohort', title: t('records.cohort'), width: 80, render: (_, r) => r.cohortYear ?? '' },
    {
      key: 'programme',
      title: `${t('records.degree')} / ${t('records.department')}`,
      width: 200,
      render: (_, r) => [r.degreeName, r.departmentName].filter(Boolean).join(' · '),
    },
    {
      key: 'guardians',
      title: t('records.guardians'),
      width: 220,
      render: (_, r) =>
        r.guardians.map((g) => (
          <div key={g.guardianId}>
            {g.name} ({g.relation}) <Typography.Text type="secondary">{g.phone}</Typography.Text>
          </div>
        )),
    },
    { key: 'enrol', title: t('records.enrolDate'), width: 110, render: (_, r) => r.enrolDate ?? '' },
    {
      key: 'actions',
      title: t('common.actions'),
      fixed: 'right',
      width: 36 * actions.length + 16,
      render: (_, r) => <RowActionButtons actions={actions} row={r} name={r.realName} />,
    },
  ];

  return (
    <>
      <ResourceListPage<StudentRecord, Filter>
        list={list}
        columns={columns}
        emptyText={t('records.empty')}
        filterFormName="records-filter"
        toFilter={toFilter}
        toolbar={
          canEdit && (
            <Button icon={<UsergroupAddOutlined />} onClick={() => setMissing(true)}>
              {t('records.createMissing')}
            </Button>
          )
        }
        filterFields={
          <>
            <EnumFilter name="status" label={t('records.status')} labels={studentStatusLabels} width={120} />
            <Form.Item name="cohortYear" label={t('records.cohort')}>
              <InputNumber min={1900} max={2200} style={{ width: 100 }} />
            </Form.Item>
            <Form.Item name="teamId" label={t('records.class')}>
              <Select
                allowClear
                showSearch
                optionFilterProp="label"
                style={{ width: 180 }}
                loading={teams.isLoading}
                options={(teams.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
              />
            </Form.Item>
            <KeywordFilter label={t('records.keyword')} placeholder={t('records.keywordHint')} width={220} />
          </>
        }
      />
      <RecordEditor record={editing} onClose={() => setEditing(null)} onDone={() => void list.reload()} />
      <TimelineDrawer record={timelineOf} onClose={() => setTimelineOf(null)} />
      <RequestChangeDialog
        open={changing !== null}
        student={changing && { userId: changing.userId, name: changing.realName }}
        onClose={() => setChanging(null)}
      />
      <CreateMissingDialog open={missing} onClose={() => setMissing(false)} onDone={() => void list.reload()} />
    </>
  );
}

function TimelineDrawer({ record, onClose }: { record: StudentRecord | null; onClose: () => void }) {
  const { t } = useRecordsTexts();
  const query = useQuery({
    queryKey: [RECORDS_KEY, 'timeline', record?.userId],
    queryFn: ({ signal }) => recordCalls.timeline(record!.userId, { signal }),
    enabled: record !== null,
  });
  return (
    <Drawer
      open={record !== null}
      onClose={onClose}
      title={record && t('records.timelineTitle', { name: record.realName })}
      width={480}
      destroyOnHidden
    >
      <PersonTimelineView entries={query.data?.list} loading={query.isLoading} />
    </Drawer>
  );
}

function CreateMissingDialog({ open, onClose, onDone }: { open: boolean; onClose: () => void; onDone: () => void }) {
  const { t } = useRecordsTexts();
  const teams = useTeams();
  const [form] = Form.useForm<{ teamId?: number; cohortYear?: number | null }>();
  const { running, run } = useDialogRun(() => {
    onClose();
    onDone();
  });
  async function submit() {
    let v: { teamId?: number; cohortYear?: number | null };
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    await run(
      () => recordCalls.createMissing(v.teamId!, v.cohortYear ?? undefined),
      (r) => t('records.createMissingDone', r),
      form,
    );
  }
  return (
    <Modal
      open={open}
      title={t('records.createMissingTitle')}
      okText={t('records.createMissing')}
      okButtonProps={{ loading: running }}
      cancelText={t('common.cancel')}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('records.createMissingHelp')}</Typography.Paragraph>
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="teamId" label={t('records.class')} rules={[{ required: true }]}>
          <Select
            showSearch
            optionFilterProp="label"
            loading={teams.isLoading}
            options={(teams.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
          />
        </Form.Item>
        <Form.Item name="cohortYear" label={t('records.cohort')} help={t('records.cohortHelp')}>
          <InputNumber min={1900} max={2200} style={{ width: 140 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
