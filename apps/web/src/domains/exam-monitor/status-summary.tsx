import { FlagFilled, TeamOutlined } from '@ant-design/icons';
import { enumValues, labelOf, type MonitorPage, type PaperStatus, paperStatusLabels } from '@lyceum/contract';
import { useLang } from '../../shell/i18n';
import { useMonitorTexts } from './monitor-texts';

export type SummaryPick = { kind: 'all' } | { kind: 'status'; status: PaperStatus } | { kind: 'flagged' };

// The statuses always shown, even at zero; the others (paper issuing, marked) only when some candidate
// is in them.
const ALWAYS: readonly number[] = [0, 3, 4, 5, 6, 8];

interface Props {
  counts: MonitorPage['counts'];
  paperStatus: PaperStatus | undefined;
  flagged: boolean;
  onPick: (pick: SummaryPick) => void;
}

// The whole exam at a glance (every candidate, not the page): how many in each status and how many
// flagged. Each figure is a filter button; pressing the active one again shows everyone.
export function StatusSummary({ counts, paperStatus, flagged, onPick }: Props) {
  const { t } = useMonitorTexts();
  const lang = useLang();
  const everyone = paperStatus === undefined && !flagged;
  // The server lists the statuses someone is in; the usual ones show at zero too, in the labels' order.
  const countOf = new Map(counts.byStatus.map((s) => [s.status, s.count]));
  const statuses = enumValues(paperStatusLabels)
    .map((status) => ({ status, count: countOf.get(status) ?? 0 }))
    .filter((s) => ALWAYS.includes(s.status) || s.count > 0);
  return (
    <fieldset className="monitor-summary" aria-label={t('monitor.summary')}>
      <button type="button" className="monitor-stat" aria-pressed={everyone} onClick={() => onPick({ kind: 'all' })}>
        <span className="monitor-stat-count">
          <TeamOutlined aria-hidden /> {counts.candidates}
        </span>{' '}
        <span className="monitor-stat-label">{t('monitor.candidates')}</span>
      </button>
      {statuses.map(({ status, count }) => {
        const active = paperStatus === status;
        return (
          <button
            key={status}
            type="button"
            className={`monitor-stat monitor-stat-${paperStatusLabels[status].color}`}
            aria-pressed={active}
            onClick={() => onPick(active ? { kind: 'all' } : { kind: 'status', status })}
          >
            <span className="monitor-stat-count">{count}</span>{' '}
            <span className="monitor-stat-label">{labelOf(paperStatusLabels, status, lang)}</span>
          </button>
        );
      })}
      <button
        type="button"
        className="monitor-stat monitor-stat-flagged"
        aria-pressed={flagged}
        onClick={() => onPick(flagged ? { kind: 'all' } : { kind: 'flagged' })}
      >
        <span className="monitor-stat-count">
          <FlagFilled aria-hidden /> {counts.flagged}
        </span>{' '}
        <span className="monitor-stat-label">{t('monitor.flagged')}</span>
      </button>
    </fieldset>
  );
}
