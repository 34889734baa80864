import { Tooltip } from 'antd';
import { useRegisterTexts } from './i18n';
import './exam-register.css';

interface Counts {
  approvedCount: number;
  pendingCount: number;
  rejectedCount: number;
  capacity: number | null;
}

// Approved, awaiting and rejected registrations as one small bar (against the places, when there is a
// limit), with the numbers beside it.
export function RegistrationCounts({ approvedCount, pendingCount, rejectedCount, capacity }: Counts) {
  const { t } = useRegisterTexts();
  const whole = Math.max(capacity ?? 0, approvedCount + pendingCount + rejectedCount, 1);
  const part = (n: number) => `${(n / whole) * 100}%`;
  const label = t('examRegister.countsLabel', {
    approved: approvedCount,
    pending: pendingCount,
    rejected: rejectedCount,
  });
  return (
    <Tooltip title={label}>
      <div className="reg-counts" role="img" aria-label={label}>
        <div className="reg-bar">
          <span className="reg-bar-approved" style={{ width: part(approvedCount) }} />
          <span className="reg-bar-pending" style={{ width: part(pendingCount) }} />
          <span className="reg-bar-rejected" style={{ width: part(rejectedCount) }} />
        </div>
        <div className="reg-count-numbers" aria-hidden>
          <span className="reg-dot reg-dot-approved" />
          {approvedCount}
          {capacity !== null && <span className="reg-count-of">/{capacity}</span>}
          <span className="reg-dot reg-dot-pending" />
          {pendingCount}
          <span className="reg-dot reg-dot-rejected" />
          {rejectedCount}
        </div>
      </div>
    </Tooltip>
  );
}
