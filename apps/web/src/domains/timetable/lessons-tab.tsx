import { PlusOutlined } from '@ant-design/icons';
import { type LessonFilter, type LessonRow, labelOf, lessonStatusLabels } from '@lyceum/contract';
import { Button, DatePicker, Form, type TableColumnsType, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { EnumFilter, KeywordFilter } from '../../crud/filter-fields';
import { ResourceListPage } from '../../crud/resource-list-page';
import { usePagedList } from '../../crud/use-paged-list';
import { useLang } from '../../shell/i18n';
import { usePermission } from '../../shell/permission';
import { ClassFilter } from '../../ui/class-filter';
import { ExportButton } from './export-button';
import { LessonDialog } from './lesson-dialog';
import { LessonDrawer } from './lesson-drawer';
import { TeacherSelect, VenueSelect } from './pickers';
import { KEYS, lessonApi, type SemesterRef } from './timetable-api';
import { useTimetableTexts, useWeekdayName } from './timetable-texts';

type Filter = Omit<LessonFilter, 'semesterId'>;

// The semester's lessons as a list: by dates, class, teacher, venue and state; each opens the same
// drawer as on the week grid, with the changes the caller may make.
export function LessonsTab({ semester }: { semester: SemesterRef }) {
  const { t } = useTimetableTexts();
  const lang = useLang();
  const weekday = useWeekdayName();
  const canChange = usePermission(['teaching:change']);
  const [open, setOpen] = useState<number | null>(null);
  const [adding, setAdding] = useState(false);
  const list = usePagedList<LessonRow, Filter>(
    KEYS.lesson,
    (req) => lessonApi.page({ ...req, semesterId: semester.id }),
    {},
    { semesterId: semester.id },
  );
  const filtered = Object.values(list.filters).some((v) => v !== undefined);

  const columns: TableColumnsType<LessonRow> = [
    {
      title: t('tt.day'),
      dataIndex: 'day',
      key: 'day',
      width: 130,
      sorter: true,
      render: (day: string, l) => (
        <div>
          <Button
            type="link"
            className="tt-link"
            onClick={() => setOpen(l.id)}
            aria-label={t('tt.openLesson', { name: l.title, day })}
          >
            {day}
          </Button>
          <Typography.Text type="secondary" className="tt-block">
            {weekday(l.weekday)}
          </Typography.Text>
        </div>
      ),
    },
    {
      title: t('tt.time'),
      key: 'time',
      width: 130,
      render: (_: unknown, l) => (
        <div>
          <div>{`${l.startTime}–${l.endTime}`}</div>
          {l.periodFrom !== null && (
            <Typography.Text type="secondary">{periodText(t, l.periodFrom, l.periodTo)}</Typography.Text>
          )}
        </div>
      ),
    },
    { title: t('tt.lesson'), dataIndex: 'title', key: 'title', width: 150, sorter: true },
    { title: t('tt.class'), dataIndex: 'teamName', width: 170, ellipsis: true },
    {
      title: t('tt.teacher'),
      dataIndex: 'teacherName',
      width: 150,
      render: (name: string, l) => (
        <div>
          <div>{name}</div>
          {l.originalTeacherName && (
            <Typography.Text type="secondary">{t('tt.insteadOf', { name: l.originalTeacherName })}</Typography.Text>
          )}
        </div>
      ),
    },
    { title: t('tt.venue'), dataIndex: 'venueName', width: 130, render: (v: string | null) => v ?? '—' },
    {
      title: t('tt.status'),
      dataIndex: 'status',
      key: 'status',
      width: 100,
      render: (s: LessonRow['status']) => (
        <Tag color={lessonStatusLabels[s].color}>{labelOf(lessonStatusLabels, s, lang)}</Tag>
      ),
    },
  ];

  return (
    <div className="tt-tab">
      <ResourceListPage<LessonRow, Filter>
        list={list}
        columns={columns}
        emptyText={filtered ? t('tt.lessonsNoMatch') : t('tt.lessonsEmpty', { semester: semester.name })}
        filterFormName="lesson-filter"
        toFilter={(v) => {
          const range = v.days as [Dayjs, Dayjs] | null | undefined;
          return {
            keyword: (v.keyword as string | undefined)?.trim() || undefined,
            from: range?.[0]?.format('YYYY-MM-DD'),
            to: range?.[1]?.format('YYYY-MM-DD'),
            teamId: (v.teamId as number | undefined) ?? undefined,
            teacherId: (v.teacherId as number | null | undefined) ?? undefined,
            venueId: (v.venueId as number | null | undefined) ?? undefined,
            status: v.status as Filter['status'],
          };
        }}
        filterFields={
          <>
            <Form.Item name="days" label={t('tt.days')}>
              <DatePicker.RangePicker style={{ width: 240 }} />
            </Form.Item>
            <ClassFilter label={t('tt.class')} width={180} searchable />
            <Form.Item name="teacherId" label={t('tt.teacher')}>
              <TeacherSelect placeholder={t('common.all')} style={{ width: 160 }} />
            </Form.Item>
            <Form.Item name="venueId" label={t('tt.venue')}>
              <VenueSelect placeholder={t('common.all')} style={{ width: 150 }} />
            </Form.Item>
            <EnumFilter name="status" label={t('tt.status')} labels={lessonStatusLabels} width={120} />
            <KeywordFilter label={t('tt.keyword')} placeholder={t('tt.lesson')} width={150} />
          </>
        }
        toolbar={
          <>
            {canChange && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
                {t('tt.addLesson')}
              </Button>
            )}
            <ExportButton resource={KEYS.lesson} filter={{ ...list.filters, semesterId: semester.id }} />
          </>
        }
      />
      <LessonDrawer lessonId={open} onClose={() => setOpen(null)} />
      <LessonDialog open={adding} semesterId={semester.id} onClose={() => setAdding(false)} />
    </div>
  );
}

export function periodText(t: (key: string, o?: Record<string, unknown>) => string, from: number, to: number | null) {
  return to === null || to === from ? t('tt.periodN', { n: from }) : t('tt.periodsRange', { from, to });
}
