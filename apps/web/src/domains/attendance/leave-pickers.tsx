import { DeleteOutlined, PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import { LessonStatus, type UploadedFile, WEEK_MAX_DAYS } from '@lyceum/contract';
import { api } from '@lyceum/contract/routes';
import { useQuery } from '@tanstack/react-query';
import { Button, Checkbox, Empty, Select, Skeleton, Typography, Upload } from 'antd';
import dayjs from 'dayjs';
import { useRef } from 'react';
import { useUpload } from '../../crud/file-input';
import { searchingProps, useTypedSearch } from '../../crud/typed-search';
import { call } from '../../shell/request';
import { searchStudents } from '../../ui/lookups';
import { personName } from '../../ui/user-search-select';
import { useLeaveTexts } from './leave-texts';

export const MAX_LEAVE_FILES = 10;

// One student, found by typing a name or number (staff asking on a student's behalf).
export function StudentPick({ id, value, onChange }: { id?: string; value?: number; onChange?: (id: number) => void }) {
  const { t } = useLeaveTexts();
  const { open, keyword, selectProps } = useTypedSearch();
  const found = useQuery({
    queryKey: ['user', 'student', 'search', keyword],
    queryFn: ({ signal }) => searchStudents(keyword, { signal }),
    enabled: open,
    staleTime: 30_000,
  });
  return (
    <Select
      id={id}
      value={value}
      placeholder={t('leaveReq.studentPlaceholder')}
      onChange={(v: number) => onChange?.(v)}
      {...selectProps}
      options={(found.data ?? []).map((u) => ({ value: u.id, label: personName(u) }))}
      {...searchingProps(found.isFetching)}
    />
  );
}

// The lessons of the chosen dates from the timetable (the student's own week, or a student's for
// staff), to name in the request: their excuse then follows them if they move.
export function LessonPick({
  id,
  value,
  onChange,
  fromAt,
  toAt,
  studentId,
}: {
  id?: string;
  value?: number[];
  onChange?: (ids: number[]) => void;
  fromAt?: string | null;
  toAt?: string | null;
  // Staff: whose timetable; none for the student's own.
  studentId?: number | null;
}) {
  const { t } = useLeaveTexts();
  const from = fromAt ? dayjs(fromAt).format('YYYY-MM-DD') : null;
  const to = toAt ? dayjs(toAt).format('YYYY-MM-DD') : null;
  const span = from && to ? dayjs(to).diff(dayjs(from), 'day') + 1 : 0;
  const needsStudent = studentId === null;
  const ready = from !== null && to !== null && span >= 1 && span <= WEEK_MAX_DAYS && !needsStudent;
  const week = useQuery({
    queryKey: ['calendar', 'week', 'leave', studentId ?? 'me', from, to],
    queryFn: ({ signal }) =>
      call(
        api.calendar.week,
        {
          body:
            studentId === undefined
              ? { view: 'me', from: from as string, to: to as string }
              : { view: 'student', id: studentId as number, from: from as string, to: to as string },
        },
        { signal, retry: 2 },
      ),
    enabled: ready,
  });
  if (needsStudent) return <Typography.Text type="secondary">{t('leaveReq.pickStudentFirst')}</Typography.Text>;
  if (!from || !to || span < 1)
    return <Typography.Text type="secondary">{t('leaveReq.pickDatesFirst')}</Typography.Text>;
  if (span > WEEK_MAX_DAYS)
    return <Typography.Text type="secondary">{t('leaveReq.lessonsTooLong', { days: WEEK_MAX_DAYS })}</Typography.Text>;
  if (week.isPending) return <Skeleton active paragraph={{ rows: 2 }} />;
  const lessons = (week.data?.entries ?? []).filter((e) => e.kind === 'lesson' && e.status !== LessonStatus.Cancelled);
  if (lessons.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('leaveReq.noLessonsInRange')} />;
  return (
    <div id={id} className="att-leave-pick">
      <Checkbox.Group value={value ?? []} onChange={(ids) => onChange?.(ids)}>
        {lessons.map((l) => (
          <Checkbox key={l.id} value={l.id}>
            {dayjs(l.startsAt).format('MM-DD ddd HH:mm')}–{dayjs(l.endsAt).format('HH:mm')} {l.title}
            {l.teamName ? ` · ${l.teamName}` : ''}
          </Checkbox>
        ))}
      </Checkbox.Group>
    </div>
  );
}

// Documents for the request (a doctor's note): uploaded at once, removable before sending.
export function LeaveFiles({
  id,
  value,
  onChange,
}: {
  id?: string;
  value?: UploadedFile[];
  onChange?: (files: UploadedFile[]) => void;
}) {
  const { t } = useLeaveTexts();
  const { upload, progress, accept } = useUpload('evidence');
  const files = value ?? [];
  const full = files.length >= MAX_LEAVE_FILES;
  // Several uploads land one after another; each adds to what is there when it lands.
  const latest = useRef(files);
  latest.current = files;
  return (
    <div id={id}>
      {files.length > 0 && (
        <ul className="att-leave-files">
          {files.map((f) => (
            <li key={f.id}>
              <PaperClipOutlined /> {f.name}{' '}
              <Button
                type="text"
                size="small"
                icon={<DeleteOutlined />}
                aria-label={t('leaveReq.removeFile', { name: f.name })}
                onClick={() => onChange?.(files.filter((x) => x.id !== f.id))}
              />
            </li>
          ))}
        </ul>
      )}
      <Upload
        accept={accept}
        multiple
        showUploadList={false}
        disabled={full}
        beforeUpload={(file) => {
          void upload(file).then((stored) => {
            if (!stored) return;
            latest.current = [...latest.current, stored].slice(0, MAX_LEAVE_FILES);
            onChange?.(latest.current);
          });
          return false;
        }}
      >
        <Button icon={<UploadOutlined />} loading={progress !== null} disabled={full}>
          {progress === null ? t('leaveReq.attach') : `${Math.round(progress * 100)}%`}
        </Button>
      </Upload>
    </div>
  );
}
