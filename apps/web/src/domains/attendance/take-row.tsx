import { type AttendanceStatus, labelOf, MarkSource, markSourceLabels, type RosterStudent } from '@lyceum/contract';
import { Avatar, Input, Radio, Tag, Tooltip } from 'antd';
import dayjs from 'dayjs';
import { memo } from 'react';
import { useLang } from '../../shell/i18n';
import { initials, statusName } from './attendance-api';
import type { Choice } from './take-state';
import { isPending } from './take-state';
import { useTakeTexts } from './take-texts';

interface Props {
  student: RosterStudent;
  statuses: AttendanceStatus[];
  choice: Choice;
  // Changed on this screen, not saved yet.
  changed: boolean;
  disabled: boolean;
  // Someone else's mark (QR, leave, the office) is the one shown: it says where it came from.
  meId: number | null;
  onStatus: (studentId: number, statusId: number) => void;
  onReason: (studentId: number, reason: string) => void;
}

// Where the current mark came from, when it is not the caller's own teacher mark: "QR check-in
// 08:03", "Office override 10:12".
function SourceTag({ student, meId }: { student: RosterStudent; meId: number | null }) {
  const { t } = useTakeTexts();
  const lang = useLang();
  const mark = student.current;
  if (!mark || (mark.source === MarkSource.Teacher && mark.markedBy === meId)) return null;
  // Approved leave's excuse: the Leave tag beside it says so.
  if (mark.source === MarkSource.Leave && student.leaveId !== null) return null;
  const source = mark.overridesTeacher ? t('attendanceTake.overrides') : labelOf(markSourceLabels, mark.source, lang);
  const time = dayjs(mark.markedAt).format('HH:mm');
  return (
    <Tooltip
      title={t('attendanceTake.markedByWhom', {
        name: mark.markedByName,
        source: labelOf(markSourceLabels, mark.source, lang),
        time: dayjs(mark.markedAt).format('YYYY-MM-DD HH:mm'),
      })}
    >
      <Tag className="att-source" color={mark.overridesTeacher ? 'orange' : undefined}>
        {t('attendanceTake.markedBy', { source, time })}
      </Tag>
    </Tooltip>
  );
}

// One student: who (avatar, name, number), where the mark came from, the statuses as one row of big
// buttons, and a reason field only for a status that needs one.
export const TakeRow = memo(function TakeRow({
  student,
  statuses,
  choice,
  changed,
  disabled,
  meId,
  onStatus,
  onReason,
}: Props) {
  const { t } = useTakeTexts();
  const lang = useLang();
  const chosen = statuses.find((s) => s.id === choice.statusId);
  // A standing mark (approved leave's excuse) is not asked for a reason again; a new one is.
  const needsReason = (chosen?.requiresReason ?? false) && (isPending(student, choice) || choice.reason !== '');
  const name = student.realName || student.userName;
  return (
    <li className={`att-row${changed ? ' is-changed' : ''}`} data-student={student.studentId}>
      <div className="att-row-who">
        <Avatar className={`att-avatar att-kind-${chosen?.kind ?? 0}`} size={40} aria-hidden>
          {initials(name)}
        </Avatar>
        <div className="att-row-text">
          <span className="att-row-name">{name}</span>
          <span className="att-row-no">
            {student.userName}
            {student.leaveId !== null && (
              <Tooltip title={t('attendanceTake.leaveHint')}>
                <Tag color="blue" className="att-leave-tag">
                  {t('attendanceTake.leaveTag')}
                </Tag>
              </Tooltip>
            )}
            <SourceTag student={student} meId={meId} />
            {changed && (
              <span className="att-changed" title={t('attendanceTake.changed')}>
                ●<span className="att-sr-only">{t('attendanceTake.changed')}</span>
              </span>
            )}
          </span>
        </div>
      </div>
      <Radio.Group
        className="att-statuses"
        value={choice.statusId}
        disabled={disabled}
        optionType="button"
        buttonStyle="solid"
        aria-label={t('attendanceTake.statusOf', { name })}
        onChange={(e) => onStatus(student.studentId, Number(e.target.value))}
      >
        {statuses.map((s) => (
          <Radio.Button key={s.id} value={s.id} className={`att-status att-kind-${s.kind}`}>
            {statusName(s, lang)}
          </Radio.Button>
        ))}
      </Radio.Group>
      {needsReason && (
        <Input
          className="att-reason"
          value={choice.reason}
          disabled={disabled}
          maxLength={500}
          status={choice.reason.trim() ? undefined : 'warning'}
          placeholder={t('attendanceTake.reasonPlaceholder', { status: chosen ? statusName(chosen, lang) : '' })}
          aria-label={t('attendanceTake.reasonFor', { name })}
          onChange={(e) => onReason(student.studentId, e.target.value)}
        />
      )}
    </li>
  );
});
