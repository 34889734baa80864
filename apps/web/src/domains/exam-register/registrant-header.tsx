import { ArrowLeftOutlined } from '@ant-design/icons';
import type { Exam } from '@lyceum/contract';
import { Button, Card, Descriptions, Skeleton, Space, Tag, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { formatDuration } from '../../crud/duration';
import { useKitTexts } from '../../crud/i18n';
import { timeWindow } from '../../ui/portal-format';
import { useRegisterTexts } from './i18n';
import { registerPaths } from './register-api';

// The exam the registrants belong to: its time, registration window, places and counts.
export function RegistrantHeader({ exam, loading }: { exam: Exam | undefined; loading: boolean }) {
  const { t } = useRegisterTexts();
  const { t: tc } = useKitTexts();
  const navigate = useNavigate();
  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(registerPaths.list)}>
      {t('examRegister.back')}
    </Button>
  );
  if (loading) return <Skeleton active paragraph={{ rows: 2 }} />;
  if (!exam) return <div>{back}</div>;
  const left = exam.capacity === null ? null : Math.max(0, exam.capacity - exam.candidateCount);
  return (
    <Card size="small" className="reg-header">
      <Space orientation="vertical" size={8} style={{ width: '100%' }}>
        <Space wrap align="center" style={{ justifyContent: 'space-between', width: '100%' }}>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {t('examRegister.registrantsOf', { name: exam.name })}
          </Typography.Title>
          {back}
        </Space>
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2, lg: 4 }}
          items={[
            {
              key: 'window',
              label: t('examRegister.window'),
              children: t('examRegister.examFacts', {
                window: timeWindow(exam.windowStart, exam.windowEnd),
                duration: formatDuration(exam.durationMinutes, tc),
              }),
            },
            {
              key: 'registration',
              label: t('examRegister.registration'),
              children:
                exam.registrationStart && exam.registrationEnd
                  ? timeWindow(exam.registrationStart, exam.registrationEnd)
                  : '—',
            },
            {
              key: 'capacity',
              label: t('examRegister.capacity'),
              children:
                left === null || exam.capacity === null
                  ? t(exam.venueId ? 'examRegister.venueSeats' : 'examRegister.unlimited')
                  : t('examRegister.placesLeft', { left, capacity: exam.capacity }),
            },
            {
              key: 'counts',
              label: t('examRegister.counts'),
              children: (
                <Space size={4} wrap>
                  <Tag color="success">
                    {t('examRegister.approved')} {exam.candidateCount}
                  </Tag>
                  <Tag color="warning">
                    {t('examRegister.pending')} {exam.pendingCount}
                  </Tag>
                  <Tag>{t(exam.needsApproval ? 'examRegister.needsApproval' : 'examRegister.autoApproval')}</Tag>
                </Space>
              ),
            },
          ]}
        />
      </Space>
    </Card>
  );
}
