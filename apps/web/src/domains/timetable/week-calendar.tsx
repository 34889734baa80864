import { LeftOutlined, PrinterOutlined, RightOutlined } from '@ant-design/icons';
import type { WeekCalendar as WeekData, WeekEntry, WeekPeriod } from '@lyceum/contract';
import { Alert, Button, DatePicker, Empty, Space, Spin, Typography } from 'antd';
import dayjs from 'dayjs';
import { type CSSProperties, type ReactNode, useEffect, useRef, useState } from 'react';
import '../../ui/print-page.css';
import { useLang } from '../../shell/i18n';
import { WeekDayList } from './week-day-list';
import { dayText, type EntryDetail, WeekEntryButton, weekdayText } from './week-entry';
import {
  addDays,
  bandBars,
  dayBlocks,
  dayRange,
  deviceToday,
  minutesOf,
  mondayOf,
  shownDays,
  timedEntries,
} from './week-layout';
import { useWeekTexts } from './week-texts';
import './week-calendar.css';

// What a click on an empty part of a day names: the day, the period there (if any) and the time.
export interface WeekSlot {
  day: string;
  period: WeekPeriod | null;
  minutes: number;
  time: string;
}

export interface WeekCalendarProps {
  // The answer of POST /api/calendar/week for the week shown (useWeek in week-api.ts); undefined
  // while the first one loads.
  data: WeekData | undefined;
  loading?: boolean;
  error?: boolean;
  onRetry?: () => void;
  // The Monday of the week shown ('YYYY-MM-DD'); the calendar asks for another through onWeekChange.
  weekStart: string;
  onWeekChange: (monday: string) => void;
  // Five days, seven, or five unless the weekend has something (the default).
  days?: 5 | 7 | 'auto';
  // The lines under an entry's title, as far as its height allows.
  details?: EntryDetail[];
  // A click on an entry; without it, a click shows the entry's details.
  onEntryClick?: (entry: WeekEntry) => void;
  // A click on an empty period or time of a day (adding or moving a lesson there); without it the
  // days are not clickable.
  onSlotClick?: (slot: WeekSlot) => void;
  // Beside the navigation (a screen's own buttons) and above the grid (whose week it is).
  extra?: ReactNode;
  title?: ReactNode;
  // Under the week, printed with it (a legend).
  footer?: ReactNode;
}

// The screen's scale (week-calendar.css sets it as --week-minute-px).
const MINUTE_PX = 1.25;
// Below this width the week is a list of days.
const NARROW_PX = 640;
// The hours' height on an A4 landscape page (px at 96 dpi, leaving room for the heads).
const PRINT_HOURS_PX = 520;

function useWidth<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(1024);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const observer = new ResizeObserver(([first]) => setWidth(first?.contentRect.width ?? 1024));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}

// The week as a grid: days as columns, the organisation's periods as rows on a time scale, each entry
// a block from its start to its end (overlapping ones side by side), entries over several days and
// homework due in a band above the hours. Below 640 px a list of days. Prints on one A4 landscape page.
export function WeekCalendar(props: WeekCalendarProps) {
  const { data, weekStart, onWeekChange, loading, error, onRetry, extra, title } = props;
  const { t } = useWeekTexts();
  const lang = useLang();
  const { ref, width } = useWidth<HTMLDivElement>();
  const today = data?.today ?? deviceToday();
  const zone = data?.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  // The answer may be the last week's while the next loads (placeholder data).
  const current = data && data.from === weekStart ? data : undefined;
  const entries = current?.entries ?? [];
  const days = shownDays(weekStart, props.days ?? 'auto', entries, zone);
  const range = `${dayText(days[0]!, lang)} – ${dayText(days[days.length - 1]!, lang)}`;

  return (
    <section className="week-cal" ref={ref} aria-label={range} aria-busy={loading || !current}>
      <div className="week-cal-toolbar">
        <Space wrap className="print-hidden">
          <Button onClick={() => onWeekChange(mondayOf(today))}>{t('weekCal.today')}</Button>
          <Space.Compact>
            <Button
              icon={<LeftOutlined />}
              aria-label={t('weekCal.previousWeek')}
              onClick={() => onWeekChange(addDays(weekStart, -7))}
            />
            <Button
              icon={<RightOutlined />}
              aria-label={t('weekCal.nextWeek')}
              onClick={() => onWeekChange(addDays(weekStart, 7))}
            />
          </Space.Compact>
          <DatePicker
            allowClear={false}
            value={dayjs(weekStart)}
            format="YYYY-MM-DD"
            aria-label={t('weekCal.pickDay')}
            onChange={(d) => d && onWeekChange(mondayOf(d.format('YYYY-MM-DD')))}
          />
        </Space>
        <Typography.Title level={4} className="week-cal-title">
          {title ? (
            <>
              {title}
              <span className="week-cal-range"> · {range}</span>
            </>
          ) : (
            range
          )}
        </Typography.Title>
        <Space wrap className="week-cal-extra print-hidden">
          {extra}
          <Button icon={<PrinterOutlined />} onClick={() => window.print()}>
            {t('weekCal.print')}
          </Button>
        </Space>
      </div>
      {error ? (
        <Alert
          type="error"
          showIcon
          title={t('weekCal.loadFailed')}
          action={onRetry && <Button onClick={onRetry}>{t('weekCal.retry')}</Button>}
        />
      ) : !current ? (
        <Spin tip={t('weekCal.loading')}>
          <div className="week-cal-loading" />
        </Spin>
      ) : width < NARROW_PX ? (
        <WeekDayList data={current} days={days} today={today} onEntryClick={props.onEntryClick} />
      ) : (
        <WeekGrid {...props} data={current} days={days} today={today} />
      )}
      {current && entries.length === 0 && (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('weekCal.empty')} className="week-cal-empty" />
      )}
      {props.footer && <div className="week-cal-footer">{props.footer}</div>}
    </section>
  );
}

interface GridProps extends Omit<WeekCalendarProps, 'days'> {
  data: WeekData;
  days: string[];
  today: string;
}

function WeekGrid({ data, days, today, details, onEntryClick, onSlotClick }: GridProps) {
  const { t } = useWeekTexts();
  const lang = useLang();
  const zone = data.timeZone;
  const timed = timedEntries(data.entries, zone);
  const bars = bandBars(data.entries, days, zone);
  const { first, last } = dayRange(data.periods, timed);
  const span = last - first;
  // Where a minute of the day is, and how tall a number of minutes is, on the grid's scale.
  const len = (minutes: number) => `calc(${minutes} * var(--week-minute-px))`;
  const y = (minutes: number) => len(minutes - first);
  const grid = {
    '--week-days': days.length,
    '--week-print-minute-px': `${Math.min(MINUTE_PX, PRINT_HOURS_PX / span)}px`,
    '--week-span': span,
  } as CSSProperties;
  const shown: EntryDetail[] = details ?? ['venue', 'teacher', 'team'];

  return (
    <div className="week-cal-scroll">
      <div className="week-cal-grid" style={grid}>
        <div className="week-cal-head">
          <div className="week-cal-corner" />
          {days.map((d) => (
            <div key={d} className={`week-cal-dayhead${d === today ? ' is-today' : ''}`}>
              <span className="week-cal-weekday">{weekdayText(d, lang)}</span>
              <span className="week-cal-date">{d.slice(5).replace('-', '/')}</span>
              {d === today && <span className="week-cal-sr">{t('weekCal.todayMark')}</span>}
            </div>
          ))}
        </div>
        {bars.length > 0 && (
          <section className="week-cal-band" aria-label={t('weekCal.band')}>
            <div className="week-cal-band-label" aria-hidden>
              {t('weekCal.bandShort')}
            </div>
            {bars.map((b) => (
              <WeekEntryButton
                key={`${b.entry.kind}-${b.entry.id}`}
                entry={b.entry}
                timeZone={zone}
                details={shown}
                bar
                onClick={onEntryClick}
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
        <div className="week-cal-body">
          <div className="week-cal-gutter" aria-hidden>
            {data.periods.map((p) => (
              <div
                key={p.no}
                className="week-cal-period-label"
                style={{ top: y(minutesOf(p.start)), height: len(minutesOf(p.end) - minutesOf(p.start)) }}
              >
                <strong>{t('weekCal.periodShort', { no: p.no })}</strong>
                <span>{p.start}</span>
                <span>{p.end}</span>
              </div>
            ))}
          </div>
          {days.map((d) => (
            <section
              key={d}
              className={`week-cal-day${d === today ? ' is-today' : ''}`}
              aria-label={dayText(d, lang, 'long')}
            >
              {data.periods.map((p) => {
                const style = { top: y(minutesOf(p.start)), height: len(minutesOf(p.end) - minutesOf(p.start)) };
                return onSlotClick ? (
                  <button
                    key={p.no}
                    type="button"
                    className="week-cal-slot"
                    style={style}
                    aria-label={t('weekCal.addAt', { day: dayText(d, lang, 'long'), no: p.no, time: p.start })}
                    onClick={() => onSlotClick({ day: d, period: p, minutes: minutesOf(p.start), time: p.start })}
                  />
                ) : (
                  <div key={p.no} className="week-cal-period" style={style} />
                );
              })}
              {dayBlocks(timed, d).map((b) => (
                <WeekEntryButton
                  key={`${b.entry.kind}-${b.entry.id}`}
                  entry={b.entry}
                  timeZone={zone}
                  details={shown}
                  onClick={onEntryClick}
                  style={{
                    top: y(b.start),
                    height: len(b.end - b.start),
                    left: `calc(${(b.lane / b.lanes) * 100}% + 2px)`,
                    width: `calc(${100 / b.lanes}% - 4px)`,
                  }}
                />
              ))}
            </section>
          ))}
        </div>
      </div>
    </div>
  );
}
