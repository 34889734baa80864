import {
  CloseCircleOutlined,
  DragOutlined,
  RollbackOutlined,
  SwapOutlined,
  UserSwitchOutlined,
} from '@ant-design/icons';
import { type LessonRow, LessonStatus, labelOf, lessonStatusLabels } from '@lyceum/contract';
import { App, Button, Descriptions, Drawer, Skeleton, Space, Tag, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useConfirm } from '../../crud/confirm';
import { Explained } from '../../crud/row-actions';
import { useLang } from '../../shell/i18n';
import { useIsMobile } from '../../shell/layout/use-device';
import { usePermission } from '../../shell/permission';
import { useVenues } from '../../ui/lookups';
import { CancelDialog } from './cancel-dialog';
import { zonedTime } from './clash-table';
import { periodText } from './lessons-tab';
import { MoveDialog } from './move-dialog';
import { SubstituteDialog } from './substitute-dialog';
import { SwapDialog } from './swap-dialog';
import { timetableCalls, useLesson, useRefreshLessons, useTimetableSettings } from './timetable-api';
import { weekdayOf } from './timetable-dates';
import { useTimetableTexts, useWeekdayName } from './timetable-texts';

type Change = 'move' | 'cancel' | 'swap' | 'substitute';

// One lesson: its class, teacher (and whom a substitute stands in for), room, time, state and
// where it was before a move; and the changes the caller may make to it. Each change refreshes
// the week and says who was told.
export function LessonDrawer({ lessonId, onClose }: { lessonId: number | null; onClose: () => void }) {
  const { t } = useTimetableTexts();
  const isMobile = useIsMobile();
  const lesson = useLesson(lessonId);
  const [change, setChange] = useState<Change | null>(null);
  const l = lesson.data;
  return (
    <Drawer
      title={l ? `${l.title} · ${l.teamName}` : t('tt.lesson')}
      open={lessonId !== null}
      onClose={onClose}
      size={isMobile ? '100%' : 460}
      destroyOnHidden
    >
      {!l ? (
        <Skeleton active />
      ) : (
        <>
          <LessonDetails lesson={l} />
          <LessonActions lesson={l} onChange={setChange} />
          <MoveDialog lesson={change === 'move' ? l : null} onClose={() => setChange(null)} />
          <CancelDialog lesson={change === 'cancel' ? l : null} onClose={() => setChange(null)} />
          <SwapDialog lesson={change === 'swap' ? l : null} onClose={() => setChange(null)} />
          <SubstituteDialog lesson={change === 'substitute' ? l : null} onClose={() => setChange(null)} />
        </>
      )}
    </Drawer>
  );
}

function LessonDetails({ lesson: l }: { lesson: LessonRow }) {
  const { t } = useTimetableTexts();
  const lang = useLang();
  const weekday = useWeekdayName();
  const venues = useVenues();
  const zone = useTimetableSettings().data?.timeZone ?? 'UTC';
  const venueName = (id: number | null) =>
    id === null ? t('tt.noVenueShort') : (venues.data?.find((v) => v.id === id)?.name ?? `#${id}`);
  const from = l.movedFrom;
  const items: { label: string; children: ReactNode }[] = [
    {
      label: t('tt.status'),
      children: <Tag color={lessonStatusLabels[l.status].color}>{labelOf(lessonStatusLabels, l.status, lang)}</Tag>,
    },
    {
      label: t('tt.when'),
      children: (
        <>
          <div>{`${l.day} · ${weekday(l.weekday)} · ${l.startTime}–${l.endTime}`}</div>
          {l.periodFrom !== null && (
            <Typography.Text type="secondary">{periodText(t, l.periodFrom, l.periodTo)}</Typography.Text>
          )}
        </>
      ),
    },
    { label: t('tt.class'), children: l.teamName },
    { label: t('tt.teacher'), children: l.teacherName },
    ...(l.originalTeacherName ? [{ label: t('tt.originalTeacher'), children: l.originalTeacherName }] : []),
    ...(l.assistantName ? [{ label: t('tt.assistant'), children: l.assistantName }] : []),
    { label: t('tt.venue'), children: l.venueName ?? t('tt.noVenueShort') },
    ...(from
      ? [
          {
            label: t('tt.movedFrom'),
            children: `${from.day} · ${weekday(weekdayOf(from.day))} · ${zonedTime(from.startsAt, zone)}–${zonedTime(
              from.endsAt,
              zone,
            )} · ${venueName(from.venueId)}`,
          },
        ]
      : []),
    ...(l.note ? [{ label: t('tt.note'), children: l.note }] : []),
  ];
  return <Descriptions column={1} size="small" bordered items={items} className="tt-lesson-details" />;
}

function LessonActions({ lesson: l, onChange }: { lesson: LessonRow; onChange: (c: Change) => void }) {
  const { t } = useTimetableTexts();
  const { message } = App.useApp();
  const confirm = useConfirm();
  const refresh = useRefreshLessons();
  const canChange = usePermission(['teaching:change']);
  if (!canChange) return null;
  const cancelled = l.status === LessonStatus.Cancelled;
  // The server refuses changes to a lesson that has ended; the buttons say so first.
  const ended = Date.parse(l.endsAt) <= Date.now();
  const button = (key: string, icon: ReactNode, label: string, onClick: () => void, danger = false) =>
    ended ? (
      <Explained key={key} why={t('tt.lessonEnded')}>
        <Button icon={icon} disabled danger={danger} style={{ pointerEvents: 'none' }}>
          {label}
        </Button>
      </Explained>
    ) : (
      <Button key={key} icon={icon} danger={danger} onClick={onClick}>
        {label}
      </Button>
    );
  const restore = () =>
    confirm({
      title: t('tt.restoreConfirm', { name: l.title, day: l.day }),
      content: t('tt.restoreHint'),
      okText: t('tt.restore'),
      onOk: async () => {
        await timetableCalls.restore(l.id);
        message.success(t('tt.restored'));
        refresh();
      },
    });
  return (
    <div className="tt-lesson-actions">
      <Typography.Title level={5}>{t('tt.changes')}</Typography.Title>
      <Space wrap>
        {cancelled
          ? button('restore', <RollbackOutlined />, t('tt.restore'), restore)
          : [
              button('move', <DragOutlined />, t('tt.move'), () => onChange('move')),
              button('swap', <SwapOutlined />, t('tt.swap'), () => onChange('swap')),
              button('substitute', <UserSwitchOutlined />, t('tt.substitute'), () => onChange('substitute')),
              button('cancel', <CloseCircleOutlined />, t('tt.cancelLesson'), () => onChange('cancel'), true),
            ]}
      </Space>
      {!ended && !cancelled && (
        <Typography.Paragraph type="secondary" className="tt-gap-top">
          {t('tt.notifyHint')}
        </Typography.Paragraph>
      )}
    </div>
  );
}
