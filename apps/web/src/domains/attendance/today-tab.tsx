import { CheckCircleOutlined, LeftOutlined, QrcodeOutlined, RightOutlined } from '@ant-design/icons';
import { attendanceKindLabels, LessonStatus, labelOf, type SessionSummary } from '@lyceum/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, DatePicker, Empty, Segmented, Skeleton, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useLang } from '../../shell/i18n';
import { usePermission } from '../../shell/permission';
import { ATTENDANCE_KEY, attendanceCalls, dayText, takePath } from './attendance-api';
import { useAttendanceTexts } from './attendance-texts';

type Scope = 'mine' | 'all';

// Taken or not, and how it stands: "Taken by Tom at 08:05 · 28 Present · 2 Absent", "Not taken".
function SessionState({ s }: { s: SessionSummary }) {
  const { t } = useAttendanceTexts();
  const lang = useLang();
  if (s.lessonStatus === LessonStatus.Cancelled) return <Tag>{t('attendancePage.cancelledLesson')}</Tag>;
  return (
    <span className="att-lesson-state">
      {s.takenAt ? (
        <Tag icon={<CheckCircleOutlined />} color="success">
          {t('attendancePage.taken')}
        </Tag>
      ) : (
        <Tag color="warning">{t('attendancePage.notTaken')}</Tag>
      )}
      {!s.takenAt && !s.canTake && Date.parse(s.startsAt) > Date.now() && <Tag>{t('attendancePage.notOpen')}</Tag>}
      {s.counts
        .filter((c) => c.count > 0)
        .map((c) => (
          <Tag key={c.kind} color={attendanceKindLabels[c.kind].color}>
            {labelOf(attendanceKindLabels, c.kind, lang)} {c.count}
          </Tag>
        ))}
      {s.takenAt && s.unmarked > 0 && <Tag>{t('attendancePage.unmarked', { count: s.unmarked })}</Tag>}
      {s.qrOpen && (
        <Tag icon={<QrcodeOutlined />} color="green">
          {t('attendancePage.qrOpen')}
        </Tag>
      )}
    </span>
  );
}

function LessonCard({ s, showTeacher }: { s: SessionSummary; showTeacher: boolean }) {
  const { t } = useAttendanceTexts();
  const navigate = useNavigate();
  const cancelled = s.lessonStatus === LessonStatus.Cancelled;
  const action = s.canTake ? (s.takenAt ? 'correct' : 'take') : 'view';
  return (
    <li className={`att-lesson${cancelled ? ' is-cancelled' : ''}`} data-testid="attendance-lesson">
      <span className="att-lesson-time">
        {dayjs(s.startsAt).format('HH:mm')}–{dayjs(s.endsAt).format('HH:mm')}
      </span>
      <div className="att-lesson-body">
        <span className="att-lesson-title">
          {s.title} · {s.teamName}
        </span>
        <Typography.Text type="secondary">
          {[
            s.venueName,
            showTeacher ? t('attendancePage.teacherIs', { name: s.teacherName }) : null,
            t('attendancePage.students', { count: s.students }),
            s.takenAt && s.takenByName
              ? t('attendancePage.takenBy', { name: s.takenByName, time: dayjs(s.takenAt).format('HH:mm') })
              : null,
          ]
            .filter(Boolean)
            .join(' · ')}
        </Typography.Text>
        <SessionState s={s} />
      </div>
      {!cancelled && (
        <Button
          type={action === 'take' ? 'primary' : 'default'}
          size="large"
          aria-label={t(`attendancePage.${action}Of`, { title: `${s.title} · ${s.teamName}` })}
          onClick={() => navigate(takePath(s))}
        >
          {t(`attendancePage.${action}`)}
        </Button>
      )}
    </li>
  );
}

// The lessons of a day with their roll call's state and the way to take it: the caller's own, or
// every lesson for the office (attendance:all).
export function TodayTab() {
  const { t } = useAttendanceTexts();
  const office = usePermission(['attendance:all']);
  const [day, setDay] = useState<Dayjs>(() => dayjs());
  const [scope, setScope] = useState<Scope>(office ? 'all' : 'mine');
  const body = { day: dayText(day), scope };
  const list = useQuery({
    queryKey: [ATTENDANCE_KEY, 'sessions', body],
    queryFn: ({ signal }) => attendanceCalls.sessions(body, { signal }),
  });
  const lessons = list.data ?? [];
  const taken = lessons.filter((s) => s.takenAt).length;
  const isToday = day.isSame(dayjs(), 'day');

  return (
    <div>
      <div className="att-day-bar">
        <div className="att-day-pick">
          <Button
            icon={<LeftOutlined />}
            aria-label={t('attendancePage.previousDay')}
            onClick={() => setDay((d) => d.subtract(1, 'day'))}
          />
          <DatePicker
            value={day}
            allowClear={false}
            onChange={(d) => d && setDay(d)}
            format="YYYY-MM-DD ddd"
            aria-label={t('attendancePage.day')}
          />
          <Button
            icon={<RightOutlined />}
            aria-label={t('attendancePage.nextDay')}
            onClick={() => setDay((d) => d.add(1, 'day'))}
          />
          {!isToday && <Button onClick={() => setDay(dayjs())}>{t('attendancePage.backToToday')}</Button>}
        </div>
        {office && (
          <Segmented<Scope>
            value={scope}
            onChange={setScope}
            aria-label={t('attendancePage.whose')}
            options={[
              { value: 'mine', label: t('attendancePage.mine') },
              { value: 'all', label: t('attendancePage.all') },
            ]}
          />
        )}
      </div>
      {list.isPending ? (
        <Skeleton active />
      ) : list.isError ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('attendancePage.loadFailed')}>
          <Button onClick={() => void list.refetch()}>{t('attendancePage.retry')}</Button>
        </Empty>
      ) : lessons.length === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={t(scope === 'all' ? 'attendancePage.dayEmptyAll' : 'attendancePage.dayEmptyMine', {
            day: day.format('YYYY-MM-DD'),
          })}
        />
      ) : (
        <>
          <Typography.Paragraph type="secondary">
            {t('attendancePage.summary', { count: lessons.length, taken })}
          </Typography.Paragraph>
          <ol className="att-lessons">
            {lessons.map((s) => (
              <LessonCard key={`${s.lessonId}-${s.sessionId}`} s={s} showTeacher={scope === 'all'} />
            ))}
          </ol>
        </>
      )}
    </div>
  );
}
