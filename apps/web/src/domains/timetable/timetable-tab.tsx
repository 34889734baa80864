import { PlusOutlined } from '@ant-design/icons';
import type { WeekEntry } from '@lyceum/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Segmented } from 'antd';
import { useState } from 'react';
import { fetchCurrentUser } from '../../shell/auth-api';
import { usePermission } from '../../shell/permission';
import { useSemesters, useTeams, useVenues } from '../../ui/lookups';
import { EntryInfo } from './entry-info';
import { LessonDialog, type LessonPrefill } from './lesson-dialog';
import { LessonDrawer } from './lesson-drawer';
import { TeacherSelect, TeamSelect, VenueSelect } from './pickers';
import { dayOf, numberOf, type SubjectView, useScreenQuery, viewOf } from './screen-query';
import { lessonApi, type SemesterRef } from './timetable-api';
import { addDays, mondayOf, weekdayOf } from './timetable-dates';
import { useTimetableTexts } from './timetable-texts';
import { useWeek } from './week-api';
import { WeekCalendar, type WeekSlot } from './week-calendar';
import { deviceToday } from './week-layout';
import { WeekLegend } from './week-legend';

// The week of a class, a teacher or a venue. A lesson opens its drawer with the changes the caller
// may make; an empty period (with teaching:change) adds a lesson there, prefilled with whose week
// it is. A teacher who does not build timetables starts on their own week.
export function TimetableTab({ semester }: { semester: SemesterRef }) {
  const { t } = useTimetableTexts();
  const [query, setQuery] = useScreenQuery();
  const canUpdate = usePermission(['teaching:update']);
  const canChange = usePermission(['teaching:change']);
  const me = useQuery({ queryKey: ['currentUser'], queryFn: fetchCurrentUser });
  const teams = useTeams();
  const venues = useVenues();
  const view: SubjectView = viewOf(query) ?? (canUpdate ? 'team' : 'teacher');
  // The oldest class or venue (whatever order the lists come in), or a teacher's own week.
  const defaultId =
    view === 'team' ? oldest(teams.data) : view === 'venue' ? oldest(venues.data) : canUpdate ? undefined : me.data?.id;
  const id = numberOf(query.id) ?? defaultId;
  const monday = useFirstWeek(semester, dayOf(query.week));
  const week = useWeek(view, id, monday ?? '', monday !== null);
  const [open, setOpen] = useState<number | null>(null);
  const [other, setOther] = useState<WeekEntry | null>(null);
  const [adding, setAdding] = useState<LessonPrefill | null>(null);

  const whose = (): LessonPrefill =>
    view === 'team' ? { teamId: id } : view === 'teacher' ? { teacherId: id } : { venueId: id };
  const addAt = (slot: WeekSlot) =>
    setAdding({
      ...whose(),
      day: slot.day,
      ...(slot.period
        ? { byTimes: false, periodFrom: slot.period.no, periodTo: slot.period.no }
        : { byTimes: true, startTime: slot.time }),
    });

  const pick = { value: id ?? null, onChange: (v: number | null) => setQuery({ id: v }), allowClear: false };

  return (
    <div className="tt-tab">
      <div className="tt-whose">
        <Segmented<SubjectView>
          aria-label={t('tt.whoseWeek')}
          value={view}
          onChange={(v) => setQuery({ view: v, id: null })}
          options={[
            { value: 'team', label: t('tt.byClass') },
            { value: 'teacher', label: t('tt.byTeacher') },
            { value: 'venue', label: t('tt.byVenue') },
          ]}
        />
        <div className="tt-whose-pick">
          {view === 'team' && <TeamSelect {...pick} aria-label={t('tt.class')} placeholder={t('tt.pickClass')} />}
          {view === 'teacher' && (
            <TeacherSelect {...pick} aria-label={t('tt.teacher')} placeholder={t('tt.searchTeacher')} />
          )}
          {view === 'venue' && <VenueSelect {...pick} aria-label={t('tt.venue')} placeholder={t('tt.pickVenue')} />}
        </div>
      </div>
      {id === undefined || monday === null ? (
        <Empty description={t(`tt.pick_${view}`)} className="tt-gap-top" />
      ) : (
        <>
          <WeekCalendar
            data={week.data}
            loading={week.isFetching}
            error={week.isError}
            onRetry={() => void week.refetch()}
            weekStart={monday}
            onWeekChange={(m) => setQuery({ week: m })}
            title={week.data?.subject}
            details={
              view === 'team' ? ['teacher', 'venue'] : view === 'teacher' ? ['team', 'venue'] : ['team', 'teacher']
            }
            onEntryClick={(e) => (e.kind === 'lesson' ? setOpen(e.id) : setOther(e))}
            onSlotClick={canChange ? addAt : undefined}
            extra={
              canChange && (
                <Button icon={<PlusOutlined />} onClick={() => setAdding({ ...whose(), day: monday })}>
                  {t('tt.addLesson')}
                </Button>
              )
            }
          />
          <WeekLegend />
        </>
      )}
      <LessonDrawer lessonId={open} onClose={() => setOpen(null)} />
      <EntryInfo entry={other} timeZone={week.data?.timeZone ?? 'UTC'} onClose={() => setOther(null)} />
      <LessonDialog
        open={adding !== null}
        semesterId={semester.id}
        prefill={adding ?? undefined}
        onClose={() => setAdding(null)}
      />
    </div>
  );
}

function oldest(rows: { id: number }[] | undefined): number | undefined {
  return rows?.length ? Math.min(...rows.map((r) => r.id)) : undefined;
}

// The week first shown: the one in the address; else this school week in the current semester, or
// the week of another semester's first lesson (this week when it has none yet). Null while that loads.
function useFirstWeek(semester: SemesterRef, asked: string | null): string | null {
  const semesters = useSemesters();
  const current = semesters.data?.find((s) => s.value === semester.id)?.current ?? false;
  const first = useQuery({
    queryKey: ['lesson', 'first', semester.id],
    queryFn: () => lessonApi.page({ semesterId: semester.id, pageIndex: 1, pageSize: 1 }),
    enabled: asked === null && !current,
  });
  if (asked) return mondayOf(asked);
  if (current) return thisWeek();
  if (first.isPending) return null;
  const day = first.data?.list[0]?.day;
  return day ? mondayOf(day) : thisWeek();
}

// The school week now: on a Saturday or Sunday, the one coming.
function thisWeek(): string {
  const today = deviceToday();
  return weekdayOf(today) >= 6 ? addDays(mondayOf(today), 7) : mondayOf(today);
}
