import type { StudentStats } from '@lyceum/contract';
import { Progress, Table, type TableColumnsType, Tag, Tooltip, Typography } from 'antd';
import { percent } from './stats-api';
import { useStatsTexts } from './stats-texts';

// A run of absences this long is shown in red.
const STREAK_WARN = 3;
const sorter = (key: keyof StudentStats) => (a: StudentStats, b: StudentStats) =>
  Number(a[key] ?? -1) - Number(b[key] ?? -1);

// Each student of a class with their rate as a bar, the kinds of their marks, absences highlighted,
// and their runs of absences.
export function StudentsTable({ students, loading }: { students: StudentStats[]; loading: boolean }) {
  const { t } = useStatsTexts();
  const count = (key: 'marks' | 'present' | 'late' | 'leftEarly' | 'excused', label: string) => ({
    title: label,
    dataIndex: key,
    width: 84,
    align: 'right' as const,
  });
  const columns: TableColumnsType<StudentStats> = [
    {
      title: t('attendanceStats.student'),
      key: 'student',
      fixed: 'left',
      width: 140,
      sorter: (a, b) => a.realName.localeCompare(b.realName),
      render: (_, s) => (
        <div>
          <div>{s.realName}</div>
          <Typography.Text type="secondary" className="ast-sub">
            {s.userName}
          </Typography.Text>
        </div>
      ),
    },
    {
      title: t('attendanceStats.rate'),
      key: 'rate',
      width: 170,
      defaultSortOrder: 'ascend',
      sorter: sorter('rate'),
      render: (_, s) => (
        <div className="ast-rate-cell">
          <Progress
            percent={s.rate === null ? 0 : Math.round(s.rate * 1000) / 10}
            size="small"
            status={s.rate !== null && s.rate < 0.75 ? 'exception' : 'normal'}
            format={() => percent(s.rate)}
            aria-label={t('attendanceStats.rateOf', { name: s.realName })}
          />
        </div>
      ),
    },
    count('marks', t('attendanceStats.marks')),
    count('present', t('attendanceStats.present')),
    count('late', t('attendanceStats.late')),
    count('leftEarly', t('attendanceStats.leftEarly')),
    count('excused', t('attendanceStats.excused')),
    {
      title: t('attendanceStats.absent'),
      dataIndex: 'absent',
      width: 96,
      align: 'right',
      sorter: sorter('absent'),
      render: (v: number) => (v > 0 ? <span className="ast-absent">{v}</span> : v),
    },
    {
      title: <Tooltip title={t('attendanceStats.streakHint')}>{t('attendanceStats.streak')}</Tooltip>,
      dataIndex: 'streak',
      width: 110,
      align: 'right',
      sorter: sorter('streak'),
      render: (v: number) => (v >= STREAK_WARN ? <Tag color="error">{v}</Tag> : v),
    },
    {
      title: t('attendanceStats.longest'),
      dataIndex: 'longestStreak',
      width: 100,
      align: 'right',
      sorter: sorter('longestStreak'),
    },
  ];
  return (
    <Table<StudentStats>
      rowKey={(s) => `${s.teamId}-${s.studentId}`}
      size="small"
      loading={loading}
      columns={columns}
      dataSource={students}
      pagination={students.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
      scroll={{ x: 900 }}
      locale={{ emptyText: t('attendanceStats.noStudents') }}
    />
  );
}
