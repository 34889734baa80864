import { ClockCircleOutlined } from '@ant-design/icons';
import {
  type Candidate,
  candidateSourceLabels,
  candidateStatusLabels,
  type Exam,
  ExamState,
  labelOf,
  StudentExamStatus,
  studentExamStatusLabels,
} from '@lyceum/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Drawer,
  Empty,
  Form,
  Input,
  InputNumber,
  Modal,
  Space,
  Table,
  type TableColumnsType,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { useEffect, useState } from 'react';
import { settleAction } from '../../crud/confirm';
import { EnumFilter } from '../../crud/filter-fields';
import { useKitTexts } from '../../crud/i18n';
import { useLang } from '../../shell/i18n';
import { useIsMobile } from '../../shell/layout/use-device';
import { examCandidates, overrideCandidate } from './exam-api';
import { useExamTexts } from './exam-texts';

const PAGE_SIZE = 20;

interface Props {
  exam: Exam | null;
  canAdjust: boolean;
  onClose: () => void;
}

type CandidateFilter = { keyword?: string; status?: Candidate['status'] };

// The candidates of one exam: who, from where, their status and seat, and the extra time they get
// (their own accommodation, or one set for this exam only).
export function CandidatesDrawer({ exam, canAdjust, onClose }: Props) {
  const { t } = useExamTexts();
  const lang = useLang();
  const isMobile = useIsMobile();
  const [filter, setFilter] = useState<CandidateFilter>({});
  const [page, setPage] = useState(1);
  const [adjusting, setAdjusting] = useState<Candidate | null>(null);
  useEffect(() => {
    if (!exam) return;
    setFilter({});
    setPage(1);
  }, [exam]);
  const list = useQuery({
    queryKey: ['exam', 'candidates', exam?.id, filter, page],
    queryFn: ({ signal }) =>
      examCandidates(exam?.id as number, { ...filter, pageIndex: page, pageSize: PAGE_SIZE }, { signal }),
    enabled: !!exam,
    placeholderData: keepPreviousData,
  });

  const columns: TableColumnsType<Candidate> = [
    {
      title: t('exam.student'),
      key: 'student',
      width: 150,
      render: (_, c) => (
        <div>
          <div>{c.realName}</div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {c.userName}
          </Typography.Text>
        </div>
      ),
    },
    {
      title: t('exam.classes'),
      dataIndex: 'teamNames',
      width: 170,
      render: (names: string[], c) => (
        <div>
          {names.length ? <ClassNames names={names} /> : '—'}
          {c.departmentName && (
            <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
              {c.departmentName}
            </Typography.Text>
          )}
        </div>
      ),
    },
    {
      title: t('exam.source'),
      dataIndex: 'source',
      width: 80,
      render: (s: Candidate['source']) => labelOf(candidateSourceLabels, s, lang),
    },
    {
      title: t('exam.status'),
      key: 'status',
      width: 130,
      render: (_, c) => (
        <Space size={4} wrap>
          <Tag color={candidateStatusLabels[c.status].color}>{labelOf(candidateStatusLabels, c.status, lang)}</Tag>
          {c.studentStatus === StudentExamStatus.Entered && (
            <Tag color="blue">{labelOf(studentExamStatusLabels, c.studentStatus, lang)}</Tag>
          )}
        </Space>
      ),
    },
    { title: t('exam.seat'), dataIndex: 'seatNo', width: 60, align: 'right', render: (n: number | null) => n ?? '—' },
    {
      title: t('exam.extraTime'),
      key: 'extraTime',
      width: 164,
      render: (_, c) => (
        <Space size={4} wrap>
          {c.extraTime > 0 ? (
            <Tooltip title={t('exam.extraTimeRule', { factor: c.extraTimeFactor, minutes: c.extraMinutes })}>
              <span>{t('exam.extraTimeValue', { minutes: c.extraTime })}</span>
            </Tooltip>
          ) : (
            <Typography.Text type="secondary">{t('exam.noExtraTime')}</Typography.Text>
          )}
          {c.overridden && <Tag color="purple">{t('exam.overridden')}</Tag>}
        </Space>
      ),
    },
    ...(canAdjust
      ? [
          {
            title: t('common.actions'),
            key: 'actions',
            width: 80,
            fixed: 'right' as const,
            render: (_: unknown, c: Candidate) => (
              <Tooltip title={t('exam.adjust')}>
                <Button
                  type="link"
                  icon={<ClockCircleOutlined />}
                  aria-label={`${t('exam.adjust')} ${c.realName}`}
                  onClick={() => setAdjusting(c)}
                />
              </Tooltip>
            ),
          },
        ]
      : []),
  ];

  const draft = exam?.state === ExamState.Draft;
  return (
    <Drawer
      open={!!exam}
      onClose={onClose}
      title={exam ? t('exam.candidatesTitle', { name: exam.name }) : ''}
      size={isMobile ? '100%' : 920}
      destroyOnHidden
    >
      {draft && <Alert type="info" showIcon title={t('exam.candidatesDraft')} style={{ marginBottom: 16 }} />}
      <Form
        layout="inline"
        name="candidate-filter"
        className="filter-bar"
        style={{ marginBottom: 16 }}
        // The status applies when chosen; the keyword when searched (Enter, the button, or clearing it).
        onValuesChange={(changed: CandidateFilter) => {
          if (!('status' in changed)) return;
          setFilter((f) => ({ ...f, status: changed.status ?? undefined }));
          setPage(1);
        }}
      >
        <Form.Item name="keyword" label={t('crud.keyword')}>
          <Input.Search
            allowClear
            placeholder={t('exam.candidateKeyword')}
            style={{ width: 200 }}
            onSearch={(text) => {
              setFilter((f) => ({ ...f, keyword: text.trim() || undefined }));
              setPage(1);
            }}
          />
        </Form.Item>
        <EnumFilter name="status" label={t('exam.status')} labels={candidateStatusLabels} width={170} />
      </Form>
      <Table<Candidate>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={list.data?.list}
        loading={list.isFetching}
        scroll={{ x: 834 }}
        locale={{
          emptyText: (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={draft ? t('exam.candidatesDraft') : t('exam.candidatesEmpty')}
            />
          ),
        }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: list.data?.total ?? 0,
          showSizeChanger: false,
          showTotal: (total) => t('common.total', { count: total }),
          onChange: setPage,
        }}
      />
      {exam && <OverrideModal examId={exam.id} candidate={adjusting} onClose={() => setAdjusting(null)} />}
    </Drawer>
  );
}

// A candidate's classes: the first two, and how many more (all of them in the tooltip).
function ClassNames({ names }: { names: string[] }) {
  const { t } = useExamTexts();
  const shown = names.slice(0, 2).join(', ');
  if (names.length <= 2) return <>{shown}</>;
  return (
    <Tooltip title={names.join(', ')}>
      <span>
        {shown} <Typography.Text type="secondary">{t('exam.andMore', { count: names.length - 2 })}</Typography.Text>
      </span>
    </Tooltip>
  );
}

// The extra time of one candidate in this exam only; "use their own" clears it.
function OverrideModal({
  examId,
  candidate,
  onClose,
}: {
  examId: number;
  candidate: Candidate | null;
  onClose: () => void;
}) {
  const { t } = useExamTexts();
  const { t: tk } = useKitTexts();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<{ extraTimeFactor: number | null; extraMinutes: number | null }>();
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (candidate)
      form.setFieldsValue({ extraTimeFactor: candidate.extraTimeFactor, extraMinutes: candidate.extraMinutes });
  }, [candidate, form]);

  async function save(values: { extraTimeFactor: number | null; extraMinutes: number | null }) {
    if (!candidate) return;
    setSaving(true);
    await settleAction(
      async () => {
        await overrideCandidate(examId, { userId: candidate.id, ...values });
        message.success(t('exam.adjusted', { name: candidate.realName }));
        await client.invalidateQueries({ queryKey: ['exam', 'candidates', examId] });
        onClose();
      },
      (err) => message.error(err instanceof Error ? err.message : String(err)),
    );
    setSaving(false);
  }

  return (
    <Modal
      open={!!candidate}
      title={candidate ? t('exam.adjustTitle', { name: candidate.realName }) : ''}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={() => void save({ extraTimeFactor: null, extraMinutes: null })} disabled={saving}>
            {t('exam.useOwn')}
          </Button>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" loading={saving} onClick={() => form.submit()}>
            {t('common.save')}
          </Button>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">{t('exam.adjustHint')}</Typography.Paragraph>
      <Form form={form} name="candidate-override" layout="vertical" onFinish={(v) => void save(v)}>
        <Form.Item
          name="extraTimeFactor"
          label={t('exam.factor')}
          tooltip={t('exam.factorHint')}
          rules={[{ required: true, type: 'number' }]}
        >
          <InputNumber autoFocus min={1} max={3} step={0.05} precision={2} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="extraMinutes" label={t('exam.extraMinutes')} rules={[{ required: true, type: 'number' }]}>
          <InputNumber min={0} max={600} suffix={tk('kit.minutes')} style={{ width: 160 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
