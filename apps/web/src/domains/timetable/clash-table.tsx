import { bookingOwnerLabels, type Clash, labelOf } from '@lyceum/contract';
import { Alert, Table, Tag, Typography } from 'antd';
import { useLang } from '../../shell/i18n';
import { useTeamNames } from '../../ui/lookups';
import { useTimetableSettings } from './timetable-api';
import { weekdayOf } from './timetable-dates';
import { useTimetableTexts, useWeekdayName } from './timetable-texts';

const formatters = new Map<string, Intl.DateTimeFormat>();
// 'HH:MM' of an instant on the school's clock.
export function zonedTime(iso: string, timeZone: string): string {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    formatters.set(timeZone, f);
  }
  return f.format(new Date(iso));
}

// What a clash says is taken: the assignment's teacher, assistant, room or class.
export function useClashFieldName() {
  const { t } = useTimetableTexts();
  return (field: string) => {
    const key = { teacherId: 'tt.teacher', assistantId: 'tt.assistant', venueId: 'tt.venue', teamId: 'tt.class' }[
      field
    ];
    return key ? t(key) : field;
  };
}

// The clashes a check or a generation found: which occurrence (day and time), what of it is taken,
// and what is in the way (a lesson, an exam, a live class, or another assignment being checked).
export function ClashTable({
  clashes,
  count,
  draftName,
}: {
  clashes: Clash[];
  // All the clashes found (the answer lists the first ones).
  count: number;
  // How an unsaved assignment being checked is named (by its place in the check).
  draftName?: (index: number) => string;
}) {
  const { t } = useTimetableTexts();
  const lang = useLang();
  const weekday = useWeekdayName();
  const teamName = useTeamNames();
  const fieldName = useClashFieldName();
  const zone = useTimetableSettings().data?.timeZone ?? 'UTC';
  const time = (from: string, to: string) => `${zonedTime(from, zone)}–${zonedTime(to, zone)}`;
  return (
    <div className="tt-clashes">
      {count > clashes.length && (
        <Alert type="warning" showIcon title={t('tt.clashesFirst', { shown: clashes.length, count })} />
      )}
      <Table<Clash>
        rowKey={(c) => `${c.assignmentId ?? `d${c.index}`}-${c.startsAt}-${c.field}-${c.with.id ?? c.with.draftIndex}`}
        size="small"
        dataSource={clashes}
        pagination={clashes.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
        scroll={{ x: 680 }}
        columns={[
          {
            title: t('tt.assignment'),
            key: 'assignment',
            render: (_: unknown, c) => (
              <>
                <div>{c.subject}</div>
                <Typography.Text type="secondary">{teamName(c.teamId) ?? ''}</Typography.Text>
              </>
            ),
          },
          {
            title: t('tt.occurrence'),
            key: 'when',
            width: 170,
            render: (_: unknown, c) => (
              <>
                <div>{`${c.day} · ${weekday(weekdayOf(c.day))}`}</div>
                <Typography.Text type="secondary">{time(c.startsAt, c.endsAt)}</Typography.Text>
              </>
            ),
          },
          {
            title: t('tt.taken'),
            dataIndex: 'field',
            width: 100,
            render: (field: string) => <Tag color="error">{fieldName(field)}</Tag>,
          },
          {
            title: t('tt.inTheWay'),
            key: 'with',
            render: (_: unknown, c) => (
              <>
                <div>
                  <Tag>
                    {c.with.draftIndex !== null
                      ? t('tt.otherDraft')
                      : labelOf(bookingOwnerLabels, c.with.kind as keyof typeof bookingOwnerLabels, lang)}
                  </Tag>
                  {c.with.draftIndex !== null && draftName ? draftName(c.with.draftIndex) : c.with.name}
                </div>
                <Typography.Text type="secondary">{time(c.with.startsAt, c.with.endsAt)}</Typography.Text>
              </>
            ),
          },
        ]}
      />
    </div>
  );
}
