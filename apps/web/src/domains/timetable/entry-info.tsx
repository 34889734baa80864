import type { WeekEntry } from '@lyceum/contract';
import { Descriptions, Modal } from 'antd';
import { useLang } from '../../shell/i18n';
import { useTimetableTexts } from './timetable-texts';
import { entryWords } from './week-entry';
import { useWeekTexts } from './week-texts';

// An exam, homework or live class on the week grid: what and when, read only (they change on their
// own screens).
export function EntryInfo({
  entry,
  timeZone,
  onClose,
}: {
  entry: WeekEntry | null;
  timeZone: string;
  onClose: () => void;
}) {
  const { t } = useTimetableTexts();
  const week = useWeekTexts();
  const lang = useLang();
  const w = entry ? entryWords(entry, timeZone, week.t, lang) : null;
  return (
    <Modal open={entry !== null} title={entry?.title} onCancel={onClose} footer={null}>
      {entry && w && (
        <Descriptions
          size="small"
          column={1}
          items={[
            { key: 'kind', label: t('tt.kind'), children: w.kind },
            { key: 'time', label: t('tt.when'), children: [w.when, w.periods].filter(Boolean).join(' · ') },
            ...(entry.venueName ? [{ key: 'venue', label: t('tt.venue'), children: entry.venueName }] : []),
            ...(w.teacher ? [{ key: 'teacher', label: t('tt.teacher'), children: w.teacher }] : []),
            ...(entry.teamName ? [{ key: 'class', label: t('tt.class'), children: entry.teamName }] : []),
            ...(w.state ? [{ key: 'state', label: t('tt.status'), children: w.state }] : []),
          ]}
        />
      )}
    </Modal>
  );
}
