import { LeftOutlined, PlusOutlined, RightOutlined } from '@ant-design/icons';
import { type LiveClassRow, livePhaseLabels } from '@lyceum/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Calendar, Empty, Segmented, Select, Space, Spin, Tooltip, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useLang } from '../../shell/i18n';
import { useTeams } from '../../ui/lookups';
import { LIVE_KEY, liveCalls } from './live-api';
import type { LiveScreen } from './live-screen';
import { DAY, useLiveTexts } from './live-words';

type View = 'month' | 'week';
// How many classes a day cell of the month lists before "+N more".
const SHOWN_PER_DAY = 3;

const mondayOf = (d: Dayjs) => d.subtract((d.day() + 6) % 7, 'day').startOf('day');

// The days the view shows: a week from Monday, or a month with the days around it its grid shows.
function spanOf(view: View, anchor: Dayjs): { from: Dayjs; to: Dayjs } {
  if (view === 'week') {
    const from = mondayOf(anchor);
    return { from, to: from.add(6, 'day') };
  }
  return { from: anchor.startOf('month').subtract(7, 'day'), to: anchor.endOf('month').add(14, 'day') };
}

const ofDay = (rows: LiveClassRow[], day: Dayjs) =>
  rows.filter((r) => dayjs(r.startsAt).isSame(day, 'day')).sort((a, b) => a.startsAt.localeCompare(b.startsAt));

// One live class in a day: its start and title, coloured by its phase; a click opens it in full.
function Entry({ row, onOpen }: { row: LiveClassRow; onOpen: (row: LiveClassRow) => void }) {
  return (
    <button
      type="button"
      className={`live-cal-entry phase-${livePhaseLabels[row.phase].color ?? 'default'}`}
      onClick={(e) => {
        e.stopPropagation();
        onOpen(row);
      }}
      title={row.title}
    >
      {/* Its visible words are its name (time and title), so a voice command can say what it reads. */}
      <span className="live-cal-time">{dayjs(row.startsAt).format('HH:mm')}</span>{' '}
      <span className="live-cal-title">{row.title}</span>
    </button>
  );
}

// The live classes of a month (antd's calendar, a few per day) or a week (a row per day, every class
// with its time, classes and teachers), for one class or all; a click opens the class.
export function LiveCalendarTab({ screen }: { screen: LiveScreen }) {
  const { t } = useLiveTexts();
  const lang = useLang();
  const teams = useTeams();
  const [view, setView] = useState<View>('month');
  const [anchor, setAnchor] = useState<Dayjs>(() => dayjs());
  const [teamId, setTeamId] = useState<number | undefined>();
  const { from, to } = spanOf(view, anchor);
  const filter = { from: from.format(DAY), to: to.format(DAY), teamId };
  const list = useQuery({
    queryKey: [LIVE_KEY, 'calendar', filter],
    queryFn: ({ signal }) => liveCalls.list(filter, { signal }),
    placeholderData: keepPreviousData,
  });
  const rows = list.data ?? [];
  const locale = lang === 'zh' ? 'zh-CN' : 'en-GB';
  const title =
    view === 'week'
      ? t('live.weekTitle', { from: from.format(DAY), to: to.format(from.isSame(to, 'year') ? 'MM-DD' : DAY) })
      : new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long' }).format(anchor.toDate());
  const previous = t(view === 'week' ? 'live.previousWeek' : 'live.previousMonth');
  const next = t(view === 'week' ? 'live.nextWeek' : 'live.nextMonth');
  const days = [...Array(7).keys()].map((i) => from.add(i, 'day'));
  const dayName = new Intl.DateTimeFormat(locale, { weekday: 'long', month: 'short', day: 'numeric' });

  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }} className="live-calendar">
      <div className="live-cal-toolbar">
        <Space wrap>
          <Button onClick={() => setAnchor(dayjs())}>{t('live.today')}</Button>
          <Space.Compact>
            <Tooltip title={previous}>
              <Button
                icon={<LeftOutlined />}
                aria-label={previous}
                onClick={() => setAnchor(anchor.subtract(1, view))}
              />
            </Tooltip>
            <Tooltip title={next}>
              <Button icon={<RightOutlined />} aria-label={next} onClick={() => setAnchor(anchor.add(1, view))} />
            </Tooltip>
          </Space.Compact>
          <Typography.Title level={5} className="live-cal-title-text">
            {title}
          </Typography.Title>
          {list.isFetching && <Spin size="small" />}
        </Space>
        <Space wrap>
          <Select
            allowClear
            aria-label={t('live.class')}
            placeholder={t('live.allClasses')}
            value={teamId}
            onChange={setTeamId}
            showSearch={{ optionFilterProp: 'label' }}
            options={(teams.data ?? []).map((team) => ({ value: team.id, label: team.name }))}
            style={{ width: 170 }}
          />
          <Segmented<View>
            value={view}
            onChange={setView}
            options={[
              { value: 'month', label: t('live.month') },
              { value: 'week', label: t('live.week') },
            ]}
          />
          {screen.canManage && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => screen.startEditing({ kind: 'create' })}>
              {t('live.create')}
            </Button>
          )}
        </Space>
      </div>
      {view === 'month' ? (
        <Calendar
          className="live-month"
          value={anchor}
          headerRender={() => null}
          onSelect={(day, { source }) => source === 'date' && setAnchor(day)}
          cellRender={(day, info) => {
            if (info.type !== 'date') return info.originNode;
            const entries = ofDay(rows, day);
            if (!entries.length) return null;
            const more = entries.length - SHOWN_PER_DAY;
            return (
              <div className="live-month-day">
                {entries.slice(0, SHOWN_PER_DAY).map((row) => (
                  <Entry key={row.id} row={row} onOpen={screen.openDetail} />
                ))}
                {more > 0 && (
                  <button
                    type="button"
                    className="live-month-more"
                    onClick={(e) => {
                      e.stopPropagation();
                      setAnchor(day);
                      setView('week');
                    }}
                  >
                    {t('live.more', { count: more })}
                  </button>
                )}
              </div>
            );
          }}
        />
      ) : (
        <ol className="live-week" data-testid="live-week">
          {days.map((day) => {
            const entries = ofDay(rows, day);
            return (
              <li
                key={day.format(DAY)}
                className={day.isSame(dayjs(), 'day') ? 'live-week-day is-today' : 'live-week-day'}
              >
                <div className="live-week-name">{dayName.format(day.toDate())}</div>
                <div className="live-week-entries">
                  {entries.length === 0 ? (
                    <Typography.Text type="secondary">—</Typography.Text>
                  ) : (
                    entries.map((row) => (
                      <div key={row.id} className="live-week-entry">
                        <Entry row={row} onOpen={screen.openDetail} />
                        <Typography.Text type="secondary" className="live-sub">
                          {[
                            `${dayjs(row.startsAt).format('HH:mm')}–${dayjs(row.endsAt).format('HH:mm')}`,
                            row.teamNames.join(', '),
                            row.teacherNames.join(', '),
                          ]
                            .filter(Boolean)
                            .join(' · ')}
                        </Typography.Text>
                      </div>
                    ))
                  )}
                </div>
              </li>
            );
          })}
        </ol>
      )}
      {!list.isPending && rows.length === 0 && (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('live.calendarEmpty')} />
      )}
    </Space>
  );
}
