import { LeftOutlined, ReloadOutlined, RightOutlined, WarningFilled } from '@ant-design/icons';
import {
  type CalendarEntry,
  ExamState,
  ExamStatus,
  examStateLabels,
  examStatusLabels,
  labelOf,
} from '@lyceum/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Checkbox, Result, Segmented, Select, Space, Spin, Tooltip, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useLang } from '../../shell/i18n';
import { useTeams, useVenues } from '../../ui/lookups';
import { type CalendarView, periodOf, step, weekDays } from './calendar-layout';
import { examCalendar } from './exam-api';
import { ExamDetailDrawer } from './exam-detail-drawer';
import { MonthView } from './month-view';
import { useScheduleTexts } from './schedule-texts';
import { WeekGrid } from './week-grid';
import './exam.css';

type GroupBy = 'venue' | 'team';

// Exam scheduling: the exams of a week or a month on a calendar, for one venue or class or all,
// coloured by state and marked where they conflict; an exam's details show its conflicts.
export default function ExamSchedulingView() {
  const { t } = useScheduleTexts();
  const lang = useLang();
  const [view, setView] = useState<CalendarView>('week');
  const [anchor, setAnchor] = useState<Dayjs>(() => dayjs());
  const [groupBy, setGroupBy] = useState<GroupBy>('venue');
  const [venueId, setVenueId] = useState<number | undefined>();
  const [teamId, setTeamId] = useState<number | undefined>();
  const [includeCancelled, setIncludeCancelled] = useState(false);
  const [open, setOpen] = useState<CalendarEntry | null>(null);
  const venues = useVenues();
  const teams = useTeams();

  const { from, to } = periodOf(view, anchor);
  const request = {
    from: from.toISOString(),
    to: to.toISOString(),
    venueId: groupBy === 'venue' ? venueId : undefined,
    teamId: groupBy === 'team' ? teamId : undefined,
    includeCancelled,
  };
  const calendar = useQuery({
    queryKey: ['exam', 'calendar', request],
    queryFn: ({ signal }) => examCalendar(request, { signal }),
    placeholderData: keepPreviousData,
  });
  const entries = calendar.data?.entries ?? [];
  // The drawer shows the exam as the latest answer has it (a reload may bring new conflicts).
  const current = open ? (entries.find((e) => e.id === open.id) ?? open) : null;

  const locale = lang === 'zh' ? 'zh-CN' : 'en-GB';
  const days = weekDays(anchor);
  const title =
    view === 'week'
      ? t('examSchedule.weekTitle', {
          from: days[0].format('YYYY-MM-DD'),
          to: days[6].format(days[0].isSame(days[6], 'year') ? 'MM-DD' : 'YYYY-MM-DD'),
        })
      : new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long' }).format(anchor.toDate());
  const filtered = (groupBy === 'venue' && venueId !== undefined) || (groupBy === 'team' && teamId !== undefined);
  const previous = t(view === 'week' ? 'examSchedule.previousWeek' : 'examSchedule.previousMonth');
  const next = t(view === 'week' ? 'examSchedule.nextWeek' : 'examSchedule.nextMonth');

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card size="small">
        <div className="exam-cal-toolbar">
          <Space wrap>
            <Button onClick={() => setAnchor(dayjs())}>{t('examSchedule.today')}</Button>
            <Space.Compact>
              <Tooltip title={previous}>
                <Button
                  icon={<LeftOutlined />}
                  aria-label={previous}
                  onClick={() => setAnchor(step(view, anchor, -1))}
                />
              </Tooltip>
              <Tooltip title={next}>
                <Button icon={<RightOutlined />} aria-label={next} onClick={() => setAnchor(step(view, anchor, 1))} />
              </Tooltip>
            </Space.Compact>
            <Typography.Title level={4} className="exam-cal-title" aria-live="polite">
              {title}
            </Typography.Title>
            {calendar.isFetching && <Spin size="small" />}
          </Space>
          <span className="toolbar-spacer" />
          <Space wrap>
            <Segmented<CalendarView>
              aria-label={t('examSchedule.view')}
              value={view}
              onChange={setView}
              options={[
                { value: 'week', label: t('examSchedule.week') },
                { value: 'month', label: t('examSchedule.month') },
              ]}
            />
            <Tooltip title={t('common.refresh')}>
              <Button
                icon={<ReloadOutlined />}
                aria-label={t('common.refresh')}
                onClick={() => void calendar.refetch()}
              />
            </Tooltip>
          </Space>
        </div>
        <div className="exam-cal-toolbar exam-cal-filters">
          <Space wrap>
            <Segmented<GroupBy>
              aria-label={t('examSchedule.by')}
              value={groupBy}
              onChange={setGroupBy}
              options={[
                { value: 'venue', label: t('examSchedule.byVenue') },
                { value: 'team', label: t('examSchedule.byClass') },
              ]}
            />
            {groupBy === 'venue' ? (
              <Select
                aria-label={t('examSchedule.venue')}
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                placeholder={t('examSchedule.allVenues')}
                style={{ width: 220 }}
                value={venueId}
                onChange={setVenueId}
                loading={venues.isPending}
                options={(venues.data ?? []).map((v) => ({ value: v.id, label: v.name }))}
              />
            ) : (
              <Select
                aria-label={t('examSchedule.class')}
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                placeholder={t('examSchedule.allClasses')}
                style={{ width: 220 }}
                value={teamId}
                onChange={setTeamId}
                loading={teams.isPending}
                options={(teams.data ?? []).map((c) => ({ value: c.id, label: `${c.name} (${c.gradeYear})` }))}
              />
            )}
            <Checkbox checked={includeCancelled} onChange={(e) => setIncludeCancelled(e.target.checked)}>
              {t('examSchedule.includeCancelled')}
            </Checkbox>
          </Space>
          <span className="toolbar-spacer" />
          <Legend />
        </div>
      </Card>
      <Card size="small">
        {calendar.isError && !calendar.data ? (
          <Result
            status="warning"
            title={t('examSchedule.loadFailed')}
            extra={<Button onClick={() => void calendar.refetch()}>{t('examSchedule.retry')}</Button>}
          />
        ) : (
          <>
            {calendar.isSuccess && entries.length === 0 && (
              <Typography.Paragraph type="secondary" role="status" className="exam-cal-empty">
                {filtered ? t('examSchedule.emptyFiltered') : t('examSchedule.empty')}
              </Typography.Paragraph>
            )}
            {view === 'week' ? (
              <WeekGrid anchor={anchor} entries={entries} onOpen={setOpen} />
            ) : (
              <MonthView
                anchor={anchor}
                entries={entries}
                onAnchor={setAnchor}
                onOpen={setOpen}
                onOpenWeek={(day) => {
                  setAnchor(day);
                  setView('week');
                }}
              />
            )}
          </>
        )}
      </Card>
      <ExamDetailDrawer entry={current} teams={teams.data ?? []} onClose={() => setOpen(null)} />
    </Space>
  );
}

// What the colours and marks mean.
function Legend() {
  const { t } = useScheduleTexts();
  const lang = useLang();
  return (
    <ul className="exam-cal-legend" aria-label={t('examSchedule.legend')}>
      <li className="exam-cal-legend-item">
        <span className="exam-cal-swatch is-draft" aria-hidden />
        {labelOf(examStateLabels, ExamState.Draft, lang)}
      </li>
      <li className="exam-cal-legend-item">
        <span className="exam-cal-swatch is-published" aria-hidden />
        {labelOf(examStateLabels, ExamState.Published, lang)}
      </li>
      <li className="exam-cal-legend-item">
        <span className="exam-cal-swatch is-live" aria-hidden />
        {labelOf(examStatusLabels, ExamStatus.InProgress, lang)}
      </li>
      <li className="exam-cal-legend-item">
        <span className="exam-cal-swatch is-cancelled" aria-hidden />
        {labelOf(examStateLabels, ExamState.Cancelled, lang)}
      </li>
      <li className="exam-cal-legend-item">
        <span className="exam-cal-swatch has-conflict" aria-hidden>
          <WarningFilled />
        </span>
        {t('examSchedule.conflict')}
      </li>
      <li className="exam-cal-legend-item">
        <span className="exam-cal-swatch has-warning" aria-hidden>
          <WarningFilled />
        </span>
        {t('examSchedule.warning')}
      </li>
      <li className="exam-cal-legend-item">
        <span className="exam-cal-swatch is-open-window" aria-hidden />
        {t('examSchedule.openWindow')}
      </li>
      <li className="exam-cal-legend-item">
        <span className="exam-cal-swatch is-tail" aria-hidden />
        {t('examSchedule.extraTimeLegend')}
      </li>
    </ul>
  );
}
