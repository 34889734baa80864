import { CalendarOutlined } from '@ant-design/icons';
import { Card, Space } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { moduleTexts } from '../../shell/module-texts';
import { FEED_ANCHOR } from '../../ui/calendar-feed-anchor';
import { useWeek } from './week-api';
import { WeekCalendar } from './week-calendar';
import { deviceToday, mondayOf } from './week-layout';
import { WeekLegend } from './week-legend';
import './my-timetable.css';

const en = {
  subscribe: "Add to my phone's calendar",
  subscribeHint: 'Your lessons, exams and homework due, kept up to date in Google, Apple or Outlook calendar.',
};
const zh: typeof en = {
  subscribe: '添加到手机日历',
  subscribeHint: '在 Google、Apple 或 Outlook 日历中查看课程、考试和作业截止时间，并自动更新。',
};
const { useTexts } = moduleTexts('myTimetable', en, zh);

// A student's week (and anyone's own: a teacher sees the lessons they teach): lessons with changes
// marked, exams, homework due; the link to the calendar feed that brings it to a phone.
export default function MyTimetableView() {
  const { t } = useTexts();
  const [monday, setMonday] = useState(() => mondayOf(deviceToday()));
  const week = useWeek('me', undefined, monday);
  return (
    <Card>
      <WeekCalendar
        data={week.data}
        loading={week.isFetching}
        error={week.isError && !week.data}
        onRetry={() => void week.refetch()}
        weekStart={monday}
        onWeekChange={setMonday}
        details={['venue', 'teacher']}
        footer={<WeekLegend />}
      />
      <Space wrap size={8} className="my-timetable-foot print-hidden">
        <CalendarOutlined aria-hidden />
        <Link to={`/profile/index#${FEED_ANCHOR}`}>{t('myTimetable.subscribe')}</Link>
        <span className="my-timetable-hint">{t('myTimetable.subscribeHint')}</span>
      </Space>
    </Card>
  );
}
