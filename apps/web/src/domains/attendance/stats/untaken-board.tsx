import { BellOutlined, LeftOutlined, ReloadOutlined, RightOutlined, SmileOutlined } from '@ant-design/icons';
import type { UntakenTeacher } from '@lyceum/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, DatePicker, Empty, Result, Skeleton, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useConfirm } from '../../../crud/confirm';
import { usePermission } from '../../../shell/permission';
import { takePath } from '../attendance-api';
import { dayText, STATS_KEY, statsCalls } from './stats-api';
import { useStatsTexts } from './stats-texts';
import './attendance-stats.css';

function TeacherCard({ teacher }: { teacher: UntakenTeacher }) {
  const { t } = useStatsTexts();
  const navigate = useNavigate();
  return (
    <li className="ast-teacher" data-testid="untaken-teacher">
      <div className="ast-teacher-head">
        <Typography.Text strong>{teacher.teacherName}</Typography.Text>
        <Typography.Text type="secondary">{teacher.userName}</Typography.Text>
        {teacher.reminded && (
          <Tag icon={<BellOutlined />} color="processing">
            {t('attendanceStats.remindedTag')}
          </Tag>
        )}
      </div>
      <ul className="ast-untaken" aria-label={t('attendanceStats.lessonsOf', { name: teacher.teacherName })}>
        {teacher.lessons.map((l) => (
          <li key={l.lessonId} className="ast-untaken-lesson">
            <span className="ast-time">
              {l.startTime}–{l.endTime}
            </span>
            <span className="ast-untaken-body">
              <span>
                {l.title} · {l.teamName}
              </span>
              <Typography.Text type="secondary">{l.venueName ?? t('attendanceStats.venueNone')}</Typography.Text>
            </span>
            <Button
              aria-label={t('attendanceStats.takeOf', { title: `${l.title} · ${l.teamName}` })}
              onClick={() => navigate(takePath(l))}
            >
              {t('attendanceStats.take')}
            </Button>
          </li>
        ))}
      </ul>
    </li>
  );
}

// "Who hasn't taken attendance today?": the day's started lessons without a submitted roll call, by
// teacher (a teacher sees their own); the office reminds them all at once, once a day each.
export function UntakenBoard() {
  const { t } = useStatsTexts();
  const { message } = App.useApp();
  const confirm = useConfirm();
  const client = useQueryClient();
  const office = usePermission(['attendance:all']);
  // The day asked for; none: today in the school's zone, as the server counts it.
  const [asked, setAsked] = useState<string | null>(null);
  const board = useQuery({
    queryKey: [STATS_KEY, 'untaken', asked],
    queryFn: ({ signal }) => statsCalls.untaken(asked ?? undefined, { signal }),
    placeholderData: keepPreviousData,
  });
  const data = board.data;
  const [today, setToday] = useState<string | null>(null);
  useEffect(() => {
    if (asked === null && data) setToday(data.day);
  }, [asked, data]);
  const dayShown = asked ?? today;
  const day = dayShown ? dayjs(dayShown) : null;
  const isToday = asked === null || asked === today;
  const setDay = (d: Dayjs) => setAsked(today !== null && dayText(d) === today ? null : dayText(d));
  const waiting = data?.teachers.filter((x) => !x.reminded).length ?? 0;

  const remind = () =>
    confirm({
      title: t('attendanceStats.remindTitle', { count: data?.teachers.length ?? 0 }),
      content: t('attendanceStats.remindContent', { day: data?.day }),
      okText: t('attendanceStats.remind'),
      onOk: async () => {
        if (!data) return;
        const r = await statsCalls.remindUntaken(data.day);
        const parts = [t('attendanceStats.reminded', { count: r.reminded })];
        if (r.already) parts.push(t('attendanceStats.remindedAlready', { count: r.already }));
        message.success(parts.join('; '));
        await client.invalidateQueries({ queryKey: [STATS_KEY, 'untaken'] });
      },
    });

  return (
    <section className="ast-panel" aria-labelledby="ast-untaken-title">
      <div className="ast-toolbar">
        <Typography.Title level={5} id="ast-untaken-title" className="ast-title">
          {t('attendanceStats.untakenTitle')}
        </Typography.Title>
        <div className="ast-day-pick">
          <Button
            icon={<LeftOutlined />}
            aria-label={t('attendanceStats.previousDay')}
            disabled={!day}
            onClick={() => day && setDay(day.subtract(1, 'day'))}
          />
          <DatePicker
            value={day}
            allowClear={false}
            onChange={(d) => d && setDay(d)}
            format="YYYY-MM-DD ddd"
            disabledDate={(d) => today !== null && dayText(d) > today}
            aria-label={t('attendanceStats.day')}
          />
          <Button
            icon={<RightOutlined />}
            aria-label={t('attendanceStats.nextDay')}
            disabled={!day || isToday}
            onClick={() => day && setDay(day.add(1, 'day'))}
          />
          {!isToday && <Button onClick={() => setAsked(null)}>{t('attendanceStats.today')}</Button>}
          <Button
            icon={<ReloadOutlined />}
            aria-label={t('attendanceStats.refresh')}
            loading={board.isFetching}
            onClick={() => void board.refetch()}
          />
        </div>
        {office && (
          <Button type="primary" icon={<BellOutlined />} disabled={!waiting} onClick={remind}>
            {t('attendanceStats.remind')}
          </Button>
        )}
      </div>
      <Typography.Paragraph type="secondary">{t('attendanceStats.untakenHint')}</Typography.Paragraph>
      {board.isPending ? (
        <Skeleton active />
      ) : board.isError || !data ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('attendanceStats.loadFailed')}>
          <Button onClick={() => void board.refetch()}>{t('attendanceStats.retry')}</Button>
        </Empty>
      ) : data.teachers.length === 0 ? (
        <Result
          icon={<SmileOutlined />}
          status="success"
          title={isToday ? t('attendanceStats.allTakenToday') : t('attendanceStats.allTakenDay', { day: data.day })}
          subTitle={isToday ? t('attendanceStats.asOf', { time: data.asOfTime }) : undefined}
        />
      ) : (
        <>
          <Typography.Paragraph strong>
            {t('attendanceStats.untakenCount', { count: data.lessons })}
            {' · '}
            {t('attendanceStats.teachersCount', { count: data.teachers.length })}
            {isToday && (
              <Typography.Text type="secondary" className="ast-as-of">
                {t('attendanceStats.asOf', { time: data.asOfTime })}
              </Typography.Text>
            )}
          </Typography.Paragraph>
          <ol className="ast-teachers">
            {data.teachers.map((teacher) => (
              <TeacherCard key={teacher.teacherId} teacher={teacher} />
            ))}
          </ol>
        </>
      )}
    </section>
  );
}
