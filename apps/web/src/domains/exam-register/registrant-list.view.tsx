import {
  CheckOutlined,
  CloseOutlined,
  DownOutlined,
  FileExcelOutlined,
  NumberOutlined,
  PrinterOutlined,
} from '@ant-design/icons';
import {
  type Candidate,
  type CandidateStatus,
  candidateSourceLabels,
  candidateStatusLabels,
  labelOf,
} from '@lyceum/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Dropdown, Result, type TableColumnsType, Tag, Tooltip } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useConfirm } from '../../crud/confirm';
import { EnumFilter, KeywordFilter } from '../../crud/filter-fields';
import { ResourceListPage, useSelection } from '../../crud/resource-list-page';
import { usePagedList } from '../../crud/use-paged-list';
import { useLang } from '../../shell/i18n';
import { usePermission } from '../../shell/permission';
import { useRegisterTexts } from './i18n';
import {
  allCandidates,
  approveRegistrations,
  assignSeats,
  type CandidateFilter,
  candidatePage,
  registerPaths,
  ticketsPath,
  useExam,
  useExamIdOfTab,
} from './register-api';
import { saveRegistrants } from './registrant-export';
import { RegistrantHeader } from './registrant-header';
import './exam-register.css';

// The registrants of one exam (?examId=): approve or reject in bulk, number the seats, export the list
// and print the admission tickets.
export default function RegistrantListView() {
  const { t } = useRegisterTexts();
  const navigate = useNavigate();
  const examId = useExamIdOfTab();
  const exam = useExam(examId);
  if (examId === null)
    return (
      <Result
        status="404"
        subTitle={t('examRegister.noExam')}
        extra={<Button onClick={() => navigate(registerPaths.list)}>{t('examRegister.back')}</Button>}
      />
    );
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
      <RegistrantHeader exam={exam.data} loading={examId !== null && exam.isPending} />
      <Registrants key={examId} examId={examId} examName={exam.data?.name ?? `#${examId}`} />
    </div>
  );
}

function Registrants({ examId, examName }: { examId: number; examName: string }) {
  const { t } = useRegisterTexts();
  const lang = useLang();
  const navigate = useNavigate();
  const client = useQueryClient();
  const confirm = useConfirm();
  const { message } = App.useApp();
  const canApprove = usePermission(['examRegister:approve']);
  const canExport = usePermission(['examRegister:export']);
  const selection = useSelection();
  const { selected, setSelected } = selection;
  const [exporting, setExporting] = useState(false);
  const list = usePagedList<Candidate, CandidateFilter>(
    'examCandidates',
    (req, c) => candidatePage(examId, req, c),
    {},
    { examId },
  );
  const filtered = Boolean(list.filters.keyword || list.filters.status);

  const refresh = async () => {
    await Promise.all([
      client.invalidateQueries({ queryKey: ['examCandidates'] }),
      client.invalidateQueries({ queryKey: ['examRegister'] }),
      client.invalidateQueries({ queryKey: ['exam'] }),
    ]);
  };

  function decide(approve: boolean) {
    const userIds = [...selected];
    confirm({
      title: t(approve ? 'examRegister.approveConfirm' : 'examRegister.rejectConfirm', { count: userIds.length }),
      content: t(approve ? 'examRegister.approveHint' : 'examRegister.rejectHint'),
      okText: t(approve ? 'examRegister.approve' : 'examRegister.reject'),
      danger: !approve,
      onOk: async () => {
        const result = await approveRegistrations(examId, userIds, approve);
        // The toast comes once the list shows the change (a slow refresh would outlast it).
        setSelected([]);
        await refresh();
        if (result.changed > 0)
          message.success(
            t(approve ? 'examRegister.approvedDone' : 'examRegister.rejectedDone', { count: result.changed }),
          );
        else if (result.refusedForCapacity === 0) message.info(t('examRegister.nothingChanged'));
        if (result.refusedForCapacity > 0)
          message.warning(t('examRegister.refusedForCapacity', { count: result.refusedForCapacity }), 6);
      },
    });
  }

  function seats() {
    confirm({
      title: t('examRegister.assignConfirm'),
      content: t('examRegister.assignHint'),
      okText: t('examRegister.assignSeats'),
      onOk: async () => {
        const result = await assignSeats(examId);
        await refresh();
        message.success(
          result.seats === null
            ? t('examRegister.seatsAssigned', { count: result.assigned })
            : t('examRegister.seatsAssignedOf', { count: result.assigned, seats: result.seats }),
        );
      },
    });
  }

  async function exportExcel() {
    setExporting(true);
    try {
      const rows = await allCandidates(examId, list.filters);
      const name = `${examName} - ${t('examRegister.sheetName')}.xlsx`;
      await saveRegistrants(rows, name, t, lang);
      message.success(t('examRegister.exported', { name }));
    } finally {
      setExporting(false);
    }
  }

  const columns: TableColumnsType<Candidate> = [
    { title: t('examRegister.userName'), dataIndex: 'userName', width: 130 },
    { title: t('examRegister.realName'), dataIndex: 'realName', width: 120 },
    {
      title: t('examRegister.department'),
      dataIndex: 'departmentName',
      width: 150,
      render: (v: string | null) => v ?? '—',
    },
    {
      title: t('examRegister.classes'),
      dataIndex: 'teamNames',
      width: 170,
      render: (names: string[]) => (names.length > 0 ? names.join(', ') : '—'),
    },
    {
      title: t('examRegister.status'),
      dataIndex: 'status',
      width: 130,
      render: (s: CandidateStatus) => (
        <Tag color={candidateStatusLabels[s].color}>{labelOf(candidateStatusLabels, s, lang)}</Tag>
      ),
    },
    {
      title: t('examRegister.source'),
      dataIndex: 'source',
      width: 90,
      render: (s: Candidate['source']) => labelOf(candidateSourceLabels, s, lang),
    },
    { title: t('examRegister.seat'), dataIndex: 'seatNo', width: 70, render: (v: number | null) => v ?? '—' },
    {
      title: t('examRegister.extraTime'),
      dataIndex: 'extraTime',
      width: 110,
      render: (minutes: number, c) =>
        minutes > 0 ? (
          <Tooltip title={c.overridden ? t('examRegister.overridden') : undefined}>
            <Tag color={c.overridden ? 'purple' : 'blue'}>{t('examRegister.extraMinutes', { count: minutes })}</Tag>
          </Tooltip>
        ) : (
          '—'
        ),
    },
    {
      title: t('examRegister.registered'),
      dataIndex: 'registeredTime',
      width: 150,
      render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm'),
    },
  ];

  const none = selected.length === 0;
  const count = selected.length > 0 ? ` (${selected.length})` : '';
  return (
    <ResourceListPage<Candidate, CandidateFilter>
      list={list}
      columns={columns}
      selectable
      selection={selection}
      emptyText={t(filtered ? 'examRegister.noMatch' : 'examRegister.noRegistrants')}
      filterFormName="registrant-filter"
      filterFields={
        <>
          <KeywordFilter label={t('examRegister.search')} />
          <EnumFilter
            name="status"
            label={t('examRegister.status')}
            labels={candidateStatusLabels}
            width={160}
            placeholder={false}
          />
        </>
      }
      toolbar={
        <>
          {canApprove && (
            <>
              <Button type="primary" icon={<CheckOutlined />} disabled={none} onClick={() => decide(true)}>
                {t('examRegister.approve')}
                {count}
              </Button>
              <Button danger icon={<CloseOutlined />} disabled={none} onClick={() => decide(false)}>
                {t('examRegister.reject')}
                {count}
              </Button>
              <Button icon={<NumberOutlined />} onClick={seats}>
                {t('examRegister.assignSeats')}
              </Button>
            </>
          )}
          {canExport && (
            <Button icon={<FileExcelOutlined />} loading={exporting} onClick={() => void exportExcel()}>
              {t('examRegister.export')}
            </Button>
          )}
          <Dropdown
            trigger={['click']}
            menu={{
              items: [
                {
                  key: 'selected',
                  label: t('examRegister.printSelected', { count: selected.length }),
                  disabled: none,
                  title: t('examRegister.selectedHint'),
                },
                { key: 'all', label: t('examRegister.printAll') },
              ],
              onClick: ({ key }) => navigate(ticketsPath(examId, key === 'selected' ? selected : undefined)),
            }}
          >
            <Button icon={<PrinterOutlined />}>
              {t('examRegister.printTickets')} <DownOutlined />
            </Button>
          </Dropdown>
        </>
      }
    />
  );
}
