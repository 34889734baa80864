import { Card, Empty, Select, Skeleton, Tabs } from 'antd';
import { usePermission } from '../../shell/permission';
import { useSemesters } from '../../ui/lookups';
import { AssignmentsTab } from './assignments-tab';
import { LessonsTab } from './lessons-tab';
import { numberOf, type TabKey, tabOf, useScreenQuery } from './screen-query';
import { SettingsTab } from './settings-tab';
import { TermCalendarTab } from './term-calendar-tab';
import { TimetableTab } from './timetable-tab';
import { useTimetableTexts } from './timetable-texts';
import './timetable.css';

// Teaching management: the office builds a semester's timetable (assignments with their weekly
// slots, generated into lessons), changes single lessons on the week grid, keeps the term calendar
// and the period times. Every staff member reads it; the buttons follow teaching:update, :change,
// :settings and :export. The tab and the semester are in the address, so a reload keeps them.
export default function TeachingManagementView() {
  const { t } = useTimetableTexts();
  const [query, setQuery] = useScreenQuery();
  const semesters = useSemesters();
  const canSettings = usePermission(['teaching:settings']);
  const tab = tabOf(query);
  const shownTab: TabKey = tab === 'settings' && !canSettings ? 'timetable' : tab;

  const options = semesters.data ?? [];
  const chosen = numberOf(query.semester);
  const semesterId =
    (chosen !== null && options.some((s) => s.value === chosen) ? chosen : null) ??
    options.find((s) => s.current)?.value ??
    options[0]?.value ??
    null;
  const semesterName = options.find((s) => s.value === semesterId)?.label ?? '';

  if (semesters.isPending) return <Skeleton active style={{ padding: 24 }} />;
  if (semesterId === null)
    return (
      <Card>
        <Empty description={t('tt.noSemesters')} />
      </Card>
    );

  const semester = { id: semesterId, name: semesterName };
  const items = [
    { key: 'timetable', label: t('tt.tabTimetable'), children: <TimetableTab semester={semester} /> },
    { key: 'assignments', label: t('tt.tabAssignments'), children: <AssignmentsTab semester={semester} /> },
    { key: 'lessons', label: t('tt.tabLessons'), children: <LessonsTab semester={semester} /> },
    { key: 'term', label: t('tt.tabTerm'), children: <TermCalendarTab semester={semester} /> },
    ...(canSettings ? [{ key: 'settings', label: t('tt.tabSettings'), children: <SettingsTab /> }] : []),
  ];

  return (
    <Card size="small" className="tt-screen">
      <Tabs
        activeKey={shownTab}
        onChange={(key) => setQuery({ tab: key === 'timetable' ? null : key })}
        destroyOnHidden
        // The semester picker sits beside the tabs, outside their tab list (only tabs belong in it).
        renderTabBar={(props, DefaultTabBar) => (
          <div className="tt-tabbar">
            <DefaultTabBar {...props} />
            <div className="tt-semester">
              <span className="tt-semester-label" aria-hidden>
                {t('tt.semester')}
              </span>
              <Select
                aria-label={t('tt.semester')}
                value={semesterId}
                onChange={(id: number) => setQuery({ semester: id, week: null })}
                options={options.map((s) => ({
                  value: s.value,
                  label: s.current ? t('tt.currentSemester', { name: s.label }) : s.label,
                }))}
                showSearch={{ optionFilterProp: 'label' }}
                popupMatchSelectWidth={false}
                style={{ minWidth: 180 }}
              />
            </div>
          </div>
        )}
        items={items}
      />
    </Card>
  );
}
