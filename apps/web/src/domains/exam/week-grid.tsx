import type { CalendarEntry } from '@lyceum/contract';
import dayjs, { type Dayjs } from 'dayjs';
import type { CSSProperties } from 'react';
import { useLang } from '../../shell/i18n';
import { CalendarItem } from './calendar-entry';
import { dayBlocks, hourRange, isMultiDay, weekBars, weekDays } from './calendar-layout';
import { useScheduleTexts } from './schedule-texts';

interface Props {
  anchor: Dayjs;
  entries: CalendarEntry[];
  onOpen: (entry: CalendarEntry) => void;
}

// A week as a grid: days as columns, hours as rows, each exam a block from its start to its end
// (overlapping exams side by side), the longest extra time of its candidates as a striped tail. Exams
// that run over more than one day (an open window of a month) are bars across their days above the
// hours, with their dates, instead of columns down every day.
export function WeekGrid({ anchor, entries, onOpen }: Props) {
  const lang = useLang();
  const { t } = useScheduleTexts();
  const days = weekDays(anchor);
  const timed = entries.filter((e) => !isMultiDay(e));
  const bars = weekBars(entries, days);
  const { first, last } = hourRange(timed, days);
  const hours = Array.from({ length: last - first }, (_, i) => first + i);
  const today = dayjs();
  const locale = lang === 'zh' ? 'zh-CN' : 'en-GB';
  const weekday = new Intl.DateTimeFormat(locale, { weekday: 'short' });
  const grid = { '--exam-hours': last - first } as CSSProperties;

  return (
    <div className="exam-week" style={grid}>
      <div className="exam-week-head" aria-hidden>
        <div className="exam-week-corner" />
        {days.map((d) => (
          <div key={d.valueOf()} className={`exam-week-dayhead${d.isSame(today, 'day') ? ' is-today' : ''}`}>
            <span className="exam-week-weekday">{weekday.format(d.toDate())}</span>
            <span className="exam-week-date">{d.format('MM-DD')}</span>
          </div>
        ))}
      </div>
      {bars.length > 0 && (
        <section className="exam-week-band" aria-label={t('examSchedule.multiDay')}>
          <div className="exam-week-band-label" aria-hidden>
            {t('examSchedule.multiDayShort')}
          </div>
          {bars.map((b) => (
            <CalendarItem
              key={b.entry.id}
              entry={b.entry}
              bar
              onOpen={onOpen}
              style={{
                gridColumn: `${b.from + 2} / ${b.to + 3}`,
                gridRow: b.row + 1,
                borderTopLeftRadius: b.before ? 0 : undefined,
                borderBottomLeftRadius: b.before ? 0 : undefined,
                borderTopRightRadius: b.after ? 0 : undefined,
                borderBottomRightRadius: b.after ? 0 : undefined,
              }}
            />
          ))}
        </section>
      )}
      <div className="exam-week-body">
        <div className="exam-week-hours" aria-hidden>
          {hours.map((h) => (
            <div key={h} className="exam-week-hour">
              {`${String(h).padStart(2, '0')}:00`}
            </div>
          ))}
        </div>
        {days.map((d) => {
          const blocks = dayBlocks(timed, d, first, last);
          return (
            <section
              key={d.valueOf()}
              className={`exam-week-day${d.isSame(today, 'day') ? ' is-today' : ''}`}
              aria-label={new Intl.DateTimeFormat(locale, { dateStyle: 'full' }).format(d.toDate())}
            >
              {blocks.map((b) => {
                const left = `calc(${(b.lane / b.lanes) * 100}% + 2px)`;
                const width = `calc(${100 / b.lanes}% - 4px)`;
                return (
                  <div key={b.entry.id}>
                    <CalendarItem
                      entry={b.entry}
                      onOpen={onOpen}
                      style={{
                        top: `${b.top}%`,
                        height: `${b.height}%`,
                        left,
                        width,
                        borderTopStyle: b.clippedStart ? 'dashed' : undefined,
                      }}
                    />
                    {b.tail > 0 && (
                      <div
                        className="exam-cal-tail"
                        aria-hidden
                        style={{ top: `${b.top + b.height}%`, height: `${b.tail}%`, left, width }}
                      />
                    )}
                  </div>
                );
              })}
            </section>
          );
        })}
      </div>
    </div>
  );
}
