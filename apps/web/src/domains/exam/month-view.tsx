import type { CalendarEntry } from '@lyceum/contract';
import { Calendar } from 'antd';
import type { Dayjs } from 'dayjs';
import { useLang } from '../../shell/i18n';
import { CalendarItem } from './calendar-entry';
import { entriesOfDay } from './calendar-layout';
import { useScheduleTexts } from './schedule-texts';

// How many exams a day cell lists before "+N more".
const SHOWN_PER_DAY = 3;

interface Props {
  anchor: Dayjs;
  entries: CalendarEntry[];
  onAnchor: (day: Dayjs) => void;
  onOpen: (entry: CalendarEntry) => void;
  // "+N more" opens that day's week.
  onOpenWeek: (day: Dayjs) => void;
}

// A month as antd's calendar: each day lists its exams (time and name), coloured and marked like the
// week's blocks; the toolbar above moves between months.
export function MonthView({ anchor, entries, onAnchor, onOpen, onOpenWeek }: Props) {
  const { t } = useScheduleTexts();
  const lang = useLang();
  const dateLabel = new Intl.DateTimeFormat(lang === 'zh' ? 'zh-CN' : 'en-GB', { dateStyle: 'long' });
  return (
    <Calendar
      className="exam-month"
      value={anchor}
      headerRender={() => null}
      onSelect={(day, { source }) => source === 'date' && onAnchor(day)}
      cellRender={(day, info) => {
        if (info.type !== 'date') return info.originNode;
        const ofDay = entriesOfDay(entries, day);
        if (!ofDay.length) return null;
        const more = ofDay.length - SHOWN_PER_DAY;
        return (
          <div className="exam-month-day">
            {ofDay.slice(0, SHOWN_PER_DAY).map((e) => (
              <CalendarItem key={e.id} entry={e} compact onOpen={onOpen} />
            ))}
            {more > 0 && (
              <button
                type="button"
                className="exam-month-more"
                aria-label={t('examSchedule.moreLabel', { count: more, date: dateLabel.format(day.toDate()) })}
                onClick={(ev) => {
                  ev.stopPropagation();
                  onOpenWeek(day);
                }}
              >
                {t('examSchedule.more', { count: more })}
              </button>
            )}
          </div>
        );
      }}
    />
  );
}
