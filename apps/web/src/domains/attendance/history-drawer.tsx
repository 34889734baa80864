import { attendanceKindLabels, type Lang, labelOf, type MarkLogEntry, markSourceLabels } from '@lyceum/contract';
import { useQuery } from '@tanstack/react-query';
import { Drawer, Empty, Select, Skeleton, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useLang } from '../../shell/i18n';
import { useIsMobile } from '../../shell/layout/use-device';
import { ATTENDANCE_KEY, attendanceCalls, statusName } from './attendance-api';
import { useTakeTexts } from './take-texts';

// The append-only log of one roll call: every mark with who made it, when, and from what evidence;
// newest first, optionally one student's.
export function HistoryDrawer({ sessionId, open, onClose }: { sessionId: number; open: boolean; onClose: () => void }) {
  const { t } = useTakeTexts();
  const lang = useLang();
  const isMobile = useIsMobile();
  const [student, setStudent] = useState<number | null>(null);
  const log = useQuery({
    queryKey: [ATTENDANCE_KEY, 'log', sessionId],
    queryFn: ({ signal }) => attendanceCalls.log(sessionId, { signal }),
    enabled: open,
  });
  const students = useMemo(() => {
    const names = new Map<number, string>();
    for (const e of log.data ?? []) names.set(e.studentId, e.studentName);
    return [...names].map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label));
  }, [log.data]);
  const entries = (log.data ?? []).filter((e) => student === null || e.studentId === student).reverse();

  return (
    <Drawer
      title={t('attendanceTake.historyTitle')}
      open={open}
      onClose={onClose}
      size={isMobile ? '100%' : 520}
      destroyOnHidden
    >
      <Select
        className="att-history-filter"
        value={student}
        onChange={setStudent}
        options={[{ value: null, label: t('attendanceTake.historyAll') }, ...students]}
        aria-label={t('attendanceTake.historyFilter')}
        showSearch={{ optionFilterProp: 'label' }}
        style={{ width: '100%' }}
      />
      {log.isPending ? (
        <Skeleton active />
      ) : entries.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('attendanceTake.historyEmpty')} />
      ) : (
        <ol className="att-history" data-testid="attendance-history">
          {entries.map((e) => (
            <HistoryEntry key={e.id} entry={e} lang={lang} current={t('attendanceTake.historyCurrent')} />
          ))}
        </ol>
      )}
    </Drawer>
  );
}

function HistoryEntry({ entry, lang, current }: { entry: MarkLogEntry; lang: Lang; current: string }) {
  return (
    <li className={`att-history-entry${entry.current ? ' is-current' : ''}`}>
      <div className="att-history-line">
        <Typography.Text strong>{entry.studentName}</Typography.Text>
        <Tag color={attendanceKindLabels[entry.kind].color}>
          {statusName({ name: entry.statusName, kind: entry.kind }, lang)}
        </Tag>
        {entry.current && <Tag>{current}</Tag>}
      </div>
      <Typography.Text type="secondary" className="att-history-meta">
        {dayjs(entry.createTime).format('YYYY-MM-DD HH:mm:ss')} · {entry.markedByName} ·{' '}
        {labelOf(markSourceLabels, entry.source, lang)}
      </Typography.Text>
      {entry.reason && <div className="att-history-reason">{entry.reason}</div>}
    </li>
  );
}
