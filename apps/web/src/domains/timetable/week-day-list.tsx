import type { WeekCalendar, WeekEntry } from '@lyceum/contract';
import { useLang } from '../../shell/i18n';
import { dayText, WeekEntryButton } from './week-entry';
import { zonedPoint } from './week-layout';
import { useWeekTexts } from './week-texts';

interface Props {
  data: WeekCalendar;
  days: string[];
  today: string;
  onEntryClick?: (entry: WeekEntry) => void;
}

// The week on a narrow screen: each day with its entries in order of time (an entry over several
// days under each of them).
export function WeekDayList({ data, days, today, onEntryClick }: Props) {
  const { t } = useWeekTexts();
  const lang = useLang();
  const zone = data.timeZone;
  const onDay = (day: string) =>
    data.entries.filter((e) => {
      const from = zonedPoint(e.startsAt, zone).day;
      const to = e.kind === 'homework' ? from : zonedPoint(new Date(Date.parse(e.endsAt) - 1).toISOString(), zone).day;
      return from <= day && day <= to;
    });
  return (
    <ol className="week-cal-list">
      {days.map((day) => {
        const entries = onDay(day);
        return (
          <li key={day} className={`week-cal-list-day${day === today ? ' is-today' : ''}`}>
            <h3 className="week-cal-list-head">
              {dayText(day, lang, 'long')}
              {day === today && <span className="week-cal-list-today"> · {t('weekCal.todayMark')}</span>}
            </h3>
            {entries.length === 0 ? (
              <p className="week-cal-list-none">—</p>
            ) : (
              <div className="week-cal-list-entries">
                {entries.map((e) => (
                  <WeekEntryButton
                    key={`${e.kind}-${e.id}`}
                    entry={e}
                    timeZone={zone}
                    details={['venue', 'teacher']}
                    onClick={onEntryClick}
                  />
                ))}
              </div>
            )}
          </li>
        );
      })}
    </ol>
  );
}
