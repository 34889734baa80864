import { DownloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Col, DatePicker, Empty, Row, Select, Skeleton, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { ExportProgress } from '../../../crud/export-progress';
import { useLang } from '../../../shell/i18n';
import { usePermission } from '../../../shell/permission';
import { FigureTile } from '../../../ui/figure-tile';
import { dayText, percent, STATS_KEY, statsCalls, thisWeek } from './stats-api';
import { ClassChart, TrendChart } from './stats-charts';
import { StudentsTable } from './stats-students';
import { useStatsTexts } from './stats-texts';
import './attendance-stats.css';

// Rates and trends: a range of days (this week at first) and a class; the figures, the daily
// trend, every class's rate, and the chosen class's students; the students' sheet to Excel.
export function StatsPanel() {
  const { t } = useStatsTexts();
  const lang = useLang();
  const canExport = usePermission(['attendance:export']);
  const [range, setRange] = useState<[Dayjs, Dayjs]>(thisWeek);
  const [teamId, setTeamId] = useState<number | undefined>();
  const [exportId, setExportId] = useState<number | null>(null);
  const dates = { from: dayText(range[0]), to: dayText(range[1]) };
  // Every class of the range (the chart and the class choice), and the chosen class with its students.
  const all = useQuery({
    queryKey: [STATS_KEY, 'stats', dates],
    queryFn: ({ signal }) => statsCalls.stats(dates, { signal }),
    placeholderData: keepPreviousData,
  });
  const one = useQuery({
    queryKey: [STATS_KEY, 'stats', dates, teamId],
    queryFn: ({ signal }) => statsCalls.stats({ ...dates, teamId }, { signal }),
    enabled: teamId !== undefined,
    placeholderData: keepPreviousData,
  });
  const shown = teamId === undefined ? all.data : one.data;
  const classes = all.data?.classes ?? [];
  const total = shown?.total;

  async function exportSheet() {
    try {
      setExportId((await statsCalls.exportStats({ ...dates, teamId }, lang)).exportId);
    } catch {
      // The request client has said why.
    }
  }

  return (
    <section className="ast-panel" aria-label={t('attendanceStats.exportTitle')}>
      <div className="ast-toolbar">
        <div className="ast-filters">
          <DatePicker.RangePicker
            value={range}
            allowClear={false}
            onChange={(v) => v?.[0] && v[1] && setRange([v[0], v[1]])}
            aria-label={t('attendanceStats.range')}
            placeholder={[t('attendanceStats.rangeStart'), t('attendanceStats.rangeEnd')]}
            style={{ width: 250 }}
          />
          <Select<number>
            allowClear
            showSearch
            optionFilterProp="label"
            value={teamId}
            onChange={setTeamId}
            placeholder={t('attendanceStats.allClasses')}
            aria-label={t('attendanceStats.class')}
            style={{ width: 200 }}
            options={classes.map((c) => ({ value: c.teamId, label: c.teamName }))}
          />
        </div>
        {canExport && (
          <Button icon={<DownloadOutlined />} onClick={() => void exportSheet()}>
            {t('attendanceStats.export')}
          </Button>
        )}
      </div>
      {all.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : !total ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('attendanceStats.loadFailed')} />
      ) : (
        <Row gutter={[16, 16]}>
          <Col xs={24}>
            <div className="ast-figures">
              <FigureTile label={t('attendanceStats.rate')} value={percent(total.rate)} testId="stats-rate" />
              <FigureTile label={t('attendanceStats.marks')} value={total.marks} />
              <FigureTile label={t('attendanceStats.present')} value={total.present} />
              <FigureTile label={t('attendanceStats.late')} value={total.late} />
              <FigureTile label={t('attendanceStats.leftEarly')} value={total.leftEarly} />
              <FigureTile label={t('attendanceStats.excused')} value={total.excused} />
              <FigureTile label={t('attendanceStats.absent')} value={total.absent} />
            </div>
            <Typography.Text type="secondary" className="ast-sub">
              {t('attendanceStats.rateHint')}
            </Typography.Text>
          </Col>
          <Col xs={24} xl={14}>
            <TrendChart trend={shown?.trend ?? []} />
          </Col>
          <Col xs={24} xl={10}>
            <ClassChart classes={classes} selected={teamId} />
          </Col>
          <Col xs={24}>
            <Card size="small" title={t('attendanceStats.students')}>
              {teamId === undefined ? (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('attendanceStats.pickClass')} />
              ) : (
                <StudentsTable students={one.data?.students ?? []} loading={one.isFetching} />
              )}
            </Card>
          </Col>
        </Row>
      )}
      {exportId !== null && (
        <ExportProgress
          exportId={exportId}
          title={{ en: 'Attendance rates', zh: '出勤率统计' }}
          onClose={() => setExportId(null)}
        />
      )}
    </section>
  );
}
