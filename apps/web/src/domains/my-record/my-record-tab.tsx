import { labelOf, studentStatusLabels } from '@lyceum/contract';
import { api } from '@lyceum/contract/routes';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Col, Descriptions, Empty, Row, Skeleton, Space, Tag } from 'antd';
import { useLang } from '../../shell/i18n';
import { moduleTexts } from '../../shell/module-texts';
import { call } from '../../shell/request';
import { PersonTimelineView } from '../../ui/person-timeline';

const en = {
  none: 'You have no student record yet. The academic office makes it when you enrol.',
  loadFailed: 'Your record could not be loaded.',
  details: 'My record',
  studentNo: 'Student number',
  status: 'Status',
  cohort: 'Cohort',
  degree: 'Degree',
  department: 'Department',
  enrolDate: 'Enrolled on',
  birthDate: 'Birth date',
  priorSchool: 'Prior school',
  guardians: 'Guardians',
  timeline: 'My timeline',
};
const zh: typeof en = {
  none: '你还没有学籍。入学时由教务处建立。',
  loadFailed: '学籍加载失败。',
  details: '我的学籍',
  studentNo: '学号',
  status: '学籍状态',
  cohort: '入学年份',
  degree: '学历层次',
  department: '院系',
  enrolDate: '入学日期',
  birthDate: '出生日期',
  priorSchool: '原就读学校',
  guardians: '监护人',
  timeline: '我的时间线',
};
const { useTexts } = moduleTexts('myRecord', en, zh);

// The student's own record (issue 34): number, standing, cohort, programme and guardians (never the
// ID number or the office's note), beside their timeline from application to certificates.
export function MyRecordTab() {
  const { t } = useTexts();
  const lang = useLang();
  const record = useQuery({
    queryKey: ['studentRecord', 'my'],
    queryFn: ({ signal }) => call(api.studentRecord.my, {}, { signal, retry: 2 }),
  });
  const timeline = useQuery({
    queryKey: ['studentRecord', 'myTimeline'],
    queryFn: ({ signal }) => call(api.studentRecord.myTimeline, {}, { signal, retry: 2 }),
  });
  if (record.isLoading) return <Skeleton active />;
  if (record.isError) return <Alert type="error" showIcon message={t('myRecord.loadFailed')} />;
  const r = record.data;
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={14}>
        <Card size="small" title={t('myRecord.details')}>
          {!r ? (
            <Empty description={t('myRecord.none')} />
          ) : (
            <Descriptions column={{ xs: 1, sm: 2 }} size="small">
              <Descriptions.Item label={t('myRecord.studentNo')}>
                <code>{r.studentNo}</code>
              </Descriptions.Item>
              <Descriptions.Item label={t('myRecord.status')}>
                <Tag color={studentStatusLabels[r.status].color}>{labelOf(studentStatusLabels, r.status, lang)}</Tag>
              </Descriptions.Item>
              <Descriptions.Item label={t('myRecord.cohort')}>{r.cohortYear ?? '—'}</Descriptions.Item>
              <Descriptions.Item label={t('myRecord.enrolDate')}>{r.enrolDate ?? '—'}</Descriptions.Item>
              <Descriptions.Item label={t('myRecord.degree')}>{r.degreeName ?? '—'}</Descriptions.Item>
              <Descriptions.Item label={t('myRecord.department')}>{r.departmentName ?? '—'}</Descriptions.Item>
              <Descriptions.Item label={t('myRecord.birthDate')}>{r.birthDate ?? '—'}</Descriptions.Item>
              <Descriptions.Item label={t('myRecord.priorSchool')}>{r.priorSchool ?? '—'}</Descriptions.Item>
              <Descriptions.Item label={t('myRecord.guardians')} span={2}>
                {r.guardians.length ? (
                  <Space direction="vertical" size={0}>
                    {r.guardians.map((g) => (
                      <span key={g.guardianId}>
                        {g.name} ({g.relation}) · {g.phone}
                      </span>
                    ))}
                  </Space>
                ) : (
                  '—'
                )}
              </Descriptions.Item>
            </Descriptions>
          )}
        </Card>
      </Col>
      <Col xs={24} lg={10}>
        <Card size="small" title={t('myRecord.timeline')}>
          <PersonTimelineView entries={timeline.data?.list} loading={timeline.isLoading} />
        </Card>
      </Col>
    </Row>
  );
}
