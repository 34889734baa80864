import { ArrowLeftOutlined, SaveOutlined } from '@ant-design/icons';
import { MarkSource, type Roster, type SessionRef } from '@lyceum/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Empty, Result, Skeleton, Typography } from 'antd';
import { type KeyboardEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useConfirm } from '../../crud/confirm';
import { fetchCurrentUser } from '../../shell/auth-api';
import { useLang } from '../../shell/i18n';
import { useTabLocation } from '../../shell/layout/tabs-store';
import { ApiError } from '../../shell/request';
import { errorSentence } from '../../shell/server-error';
import { ATTENDANCE_KEY, ATTENDANCE_PATH, attendanceCalls, statusName } from './attendance-api';
import { HistoryDrawer } from './history-drawer';
import { QrOverlay } from './qr-overlay';
import { TakeHeader } from './take-header';
import { TakeRow } from './take-row';
import {
  allPresent,
  type Choices,
  initialChoices,
  isChanged,
  mergeChoices,
  missingReasons,
  pendingCount,
  qrCheckIns,
  sortedStatuses,
  takeBody,
} from './take-state';
import { useTakeTexts } from './take-texts';
import './take.css';

const POLL_MS = 3_000;

// The lesson (?lesson=) or roll call (?session=) this tab shows.
function useSessionRef(): SessionRef | null {
  const tab = useTabLocation();
  const query = tab?.query ?? Object.fromEntries(new URLSearchParams(window.location.search));
  const lesson = Number(query.lesson);
  const session = Number(query.session);
  if (Number.isInteger(session) && session > 0) return { sessionId: session };
  if (Number.isInteger(lesson) && lesson > 0) return { lessonId: lesson };
  return null;
}

// ↑ and ↓ move between students (to the chosen status of the next row); ← → stay the radio group's.
function moveBetweenRows(e: KeyboardEvent<HTMLOListElement>) {
  if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
  const row = (e.target as HTMLElement).closest('.att-row');
  if (!row || !(e.target instanceof HTMLInputElement)) return;
  const next = e.key === 'ArrowDown' ? row.nextElementSibling : row.previousElementSibling;
  const target = next?.querySelector<HTMLInputElement>('.att-statuses input:checked');
  e.preventDefault();
  target?.focus();
}

// Taking attendance of one lesson: everyone starts where the server pre-fills them (present, or
// excused under approved leave), the teacher taps the exceptions and saves once. The QR code lets
// the class check itself in meanwhile; those check-ins land in the rows the teacher has not touched.
export default function TakeAttendanceView() {
  const { t } = useTakeTexts();
  const lang = useLang();
  const { message } = App.useApp();
  const confirm = useConfirm();
  const navigate = useNavigate();
  const client = useQueryClient();
  const ref = useSessionRef();
  const me = useQuery({ queryKey: ['currentUser'], queryFn: fetchCurrentUser });
  const [qrShown, setQrShown] = useState(false);
  const [historyOpen, setHistoryOpen] = useState(false);
  const roster = useQuery({
    queryKey: [ATTENDANCE_KEY, 'roster', ref],
    queryFn: ({ signal }) => attendanceCalls.rosterQuiet(ref as SessionRef, { signal }),
    enabled: ref !== null,
    refetchInterval: qrShown ? POLL_MS : false,
    retry: (count, err) => !(err instanceof ApiError) && count < 2,
  });
  const data = roster.data;
  const [choices, setChoices] = useState<Choices | null>(null);
  // Rows the teacher changed since the roster was last saved: a new reading leaves them alone.
  const touched = useRef(new Set<number>());
  const [saving, setSaving] = useState(false);

  // Each reading of the roster: the first sets every row, later ones only the untouched rows.
  useEffect(() => {
    if (!data) return;
    const reason = t('attendanceTake.leaveReason');
    setChoices((prev) =>
      prev === null ? initialChoices(data, reason) : mergeChoices(data, prev, touched.current, reason),
    );
  }, [data, t]);

  const touch = useCallback((id: number) => touched.current.add(id), []);
  const onStatus = useCallback(
    (studentId: number, statusId: number) => {
      touch(studentId);
      setChoices(
        (prev) => prev && new Map(prev).set(studentId, { statusId, reason: prev.get(studentId)?.reason ?? '' }),
      );
    },
    [touch],
  );
  const onReason = useCallback(
    (studentId: number, reason: string) => {
      touch(studentId);
      setChoices((prev) => {
        const c = prev?.get(studentId);
        return prev && c ? new Map(prev).set(studentId, { ...c, reason }) : prev;
      });
    },
    [touch],
  );
  const leaveReason = t('attendanceTake.leaveReason');
  const statuses = useMemo(() => (data ? sortedStatuses(data.statuses) : []), [data]);
  const { refetch } = roster;
  const closeQr = useCallback(() => {
    setQrShown(false);
    void refetch();
  }, [refetch]);

  async function save(r: Roster, c: Choices) {
    const missing = missingReasons(r, c);
    if (missing.length) {
      const first = missing[0];
      const status = statuses.find((s) => s.id === c.get(first.studentId)?.statusId);
      message.warning(
        t('attendanceTake.reasonMissing', { name: first.realName, status: status ? statusName(status, lang) : '' }),
      );
      document.querySelector<HTMLInputElement>(`[data-student="${first.studentId}"] .att-reason`)?.focus();
      return;
    }
    setSaving(true);
    try {
      const result = await attendanceCalls.take(takeBody(r, c));
      message.success(
        result.changed ? t('attendanceTake.saved', { count: result.changed }) : t('attendanceTake.savedNone'),
      );
      touched.current = new Set();
      setChoices(null);
      await client.invalidateQueries({ queryKey: [ATTENDANCE_KEY] });
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
    } finally {
      setSaving(false);
    }
  }

  // Leaving with marks changed and not saved asks first.
  const leave = () => {
    const unsaved = data && choices && data.students.some((s) => isChanged(s, choices.get(s.studentId), leaveReason));
    if (!unsaved) return navigate(ATTENDANCE_PATH);
    confirm({
      title: t('attendanceTake.unsavedLeave'),
      content: t('attendanceTake.unsavedHint'),
      okText: t('attendanceTake.discard'),
      danger: true,
      onOk: () => navigate(ATTENDANCE_PATH),
    });
  };
  const back = (
    <Button type="link" icon={<ArrowLeftOutlined />} onClick={leave} className="att-back">
      {t('attendanceTake.back')}
    </Button>
  );
  if (ref === null) return <Result status="info" subTitle={t('attendanceTake.noSession')} extra={back} />;
  if (roster.isPending) return <Skeleton active style={{ padding: 24 }} />;
  if (roster.isError || !data) {
    const err = roster.error;
    // A refusal is final (not found, not theirs); only a lost connection is worth trying again.
    const refused = err instanceof ApiError && err.code !== 0;
    const text = !refused
      ? t('attendanceTake.loadFailed')
      : err.detail?.key === 'notFound'
        ? t('attendanceTake.notFound')
        : errorSentence(err.detail, err.message);
    return (
      <Result
        status={refused ? '404' : 'warning'}
        subTitle={text}
        extra={[
          back,
          !refused && (
            <Button key="retry" onClick={() => void roster.refetch()}>
              {t('attendanceTake.retry')}
            </Button>
          ),
        ]}
      />
    );
  }
  const shown = choices ?? initialChoices(data, leaveReason);
  const canTake = data.session.canTake;
  const pending = pendingCount(data, shown);
  const label =
    data.session.takenAt && pending ? t('attendanceTake.saveCount', { count: pending }) : t('attendanceTake.save');

  return (
    <div className="att-take" data-testid="take-attendance">
      {back}
      <TakeHeader
        roster={data}
        choices={shown}
        onAllPresent={() => {
          setChoices(allPresent(data, leaveReason));
          touched.current = new Set(data.students.map((s) => s.studentId));
        }}
        onQr={() => setQrShown(true)}
        onHistory={() => setHistoryOpen(true)}
      />
      {data.students.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('attendanceTake.noStudents')} />
      ) : (
        <>
          <Typography.Text type="secondary" className="att-keys">
            {t('attendanceTake.keyboardHint')}
          </Typography.Text>
          <ol className="att-roster" onKeyDown={moveBetweenRows}>
            {data.students.map((s) => {
              const c = shown.get(s.studentId) ?? { statusId: s.statusId, reason: '' };
              return (
                <TakeRow
                  key={s.studentId}
                  student={s}
                  statuses={statuses}
                  choice={c}
                  changed={isChanged(s, c, leaveReason)}
                  disabled={!canTake}
                  meId={me.data?.id ?? null}
                  onStatus={onStatus}
                  onReason={onReason}
                />
              );
            })}
          </ol>
        </>
      )}
      {canTake && data.students.length > 0 && (
        <div className="att-take-footer">
          <Button
            type="primary"
            size="large"
            block
            icon={<SaveOutlined />}
            loading={saving}
            onClick={() => void save(data, shown)}
            data-testid="take-save"
          >
            {label}
          </Button>
        </div>
      )}
      {qrShown && (
        <QrOverlay
          sessionId={data.session.sessionId}
          title={`${data.session.title} · ${data.session.teamName}`}
          checkedIn={qrCheckIns(data, MarkSource.QrCheckIn)}
          total={data.students.length}
          onClose={closeQr}
        />
      )}
      <HistoryDrawer sessionId={data.session.sessionId} open={historyOpen} onClose={() => setHistoryOpen(false)} />
    </div>
  );
}
