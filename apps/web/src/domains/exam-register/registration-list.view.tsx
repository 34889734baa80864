import { TeamOutlined } from '@ant-design/icons';
import { ExamState, examStateLabels, examStatusLabels, labelOf } from '@lyceum/contract';
import { Button, Space, type TableColumnsType, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { KeywordFilter } from '../../crud/filter-fields';
import { ResourceListPage } from '../../crud/resource-list-page';
import { usePagedList } from '../../crud/use-paged-list';
import { useLang } from '../../shell/i18n';
import { OpenLink } from '../../ui/link-cell';
import { TIME, timeWindow } from '../../ui/portal-format';
import { useRegisterTexts } from './i18n';
import { type RegistrationExam, type RegistrationFilter, registrantsPath, registrationPage } from './register-api';
import { RegistrationCounts } from './registration-counts';

// Whether registration is open now (the server's answer), not yet open, or over.
export function RegistrationTag({ exam }: { exam: RegistrationExam }) {
  const { t } = useRegisterTexts();
  if (exam.registrationOpen) return <Tag color="success">{t('examRegister.open')}</Tag>;
  const later = exam.registrationStart !== null && Date.parse(exam.registrationStart) > Date.now();
  return <Tag color={later ? 'processing' : 'default'}>{t(later ? 'examRegister.notYet' : 'examRegister.closed')}</Tag>;
}

// A window that breaks between its ends, never inside a date.
function WindowText({ start, end }: { start: string; end: string }) {
  if (dayjs(start).isSame(end, 'day')) return <span className="reg-nowrap">{timeWindow(start, end)}</span>;
  return (
    <span>
      <span className="reg-nowrap">{dayjs(start).format(TIME)} –</span>{' '}
      <span className="reg-nowrap">{dayjs(end).format(TIME)}</span>
    </span>
  );
}

// Where the exam stands: on the clock once published, else its state (a draft, cancelled).
function ExamStatusTag({ exam }: { exam: RegistrationExam }) {
  const lang = useLang();
  return exam.state === ExamState.Published ? (
    <Tag color={examStatusLabels[exam.status].color}>{labelOf(examStatusLabels, exam.status, lang)}</Tag>
  ) : (
    <Tag color={examStateLabels[exam.state].color}>{labelOf(examStateLabels, exam.state, lang)}</Tag>
  );
}

// Exam registration: the exams that take registrations, their windows and counts; each opens its registrants.
export default function RegistrationListView() {
  const { t } = useRegisterTexts();
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  const list = usePagedList<RegistrationExam, RegistrationFilter>('examRegister', registrationPage, {});

  const columns: TableColumnsType<RegistrationExam> = [
    {
      title: t('examRegister.name'),
      dataIndex: 'name',
      width: 250,
      render: (name: string, exam) => (
        <div className="reg-window">
          <OpenLink onOpen={() => navigate(registrantsPath(exam.id))}>{name}</OpenLink>
          <ExamStatusTag exam={exam} />
        </div>
      ),
    },
    {
      title: t('examRegister.window'),
      key: 'window',
      width: 200,
      render: (_: unknown, exam) => (
        <div className="reg-window">
          <WindowText start={exam.windowStart} end={exam.windowEnd} />
          {exam.venueName && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {exam.venueName}
            </Typography.Text>
          )}
        </div>
      ),
    },
    {
      title: t('examRegister.registration'),
      key: 'registration',
      width: 210,
      render: (_: unknown, exam) => (
        <div className="reg-window">
          <Space size={4} wrap>
            <RegistrationTag exam={exam} />
            <Tag>{t(exam.needsApproval ? 'examRegister.needsApproval' : 'examRegister.autoApproval')}</Tag>
          </Space>
          {exam.registrationStart && exam.registrationEnd && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              <WindowText start={exam.registrationStart} end={exam.registrationEnd} />
            </Typography.Text>
          )}
        </div>
      ),
    },
    {
      title: t('examRegister.capacity'),
      dataIndex: 'capacity',
      width: 100,
      render: (capacity: number | null, exam) =>
        capacity ?? (exam.venueName ? t('examRegister.venueSeats') : t('examRegister.unlimited')),
    },
    {
      title: t('examRegister.counts'),
      key: 'counts',
      width: 180,
      render: (_: unknown, exam) => <RegistrationCounts {...exam} />,
    },
    {
      title: tc('common.actions'),
      key: 'actions',
      fixed: 'right',
      width: 130,
      render: (_: unknown, exam) => (
        <Button
          type="link"
          icon={<TeamOutlined />}
          aria-label={t('examRegister.registrantsOf', { name: exam.name })}
          onClick={() => navigate(registrantsPath(exam.id))}
        >
          {t('examRegister.registrants')}
        </Button>
      ),
    },
  ];

  return (
    <ResourceListPage<RegistrationExam, RegistrationFilter>
      list={list}
      columns={columns}
      emptyText={t('examRegister.empty')}
      filterFormName="registration-filter"
      filterFields={
        <KeywordFilter
          label={t('examRegister.keyword')}
          placeholder={t('examRegister.keywordPlaceholder')}
          width={200}
        />
      }
    />
  );
}
