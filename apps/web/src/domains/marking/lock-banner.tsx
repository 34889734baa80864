import { Alert } from 'antd';
import dayjs from 'dayjs';
import { useMarkingTexts } from './marking-texts';

// Why the scores cannot be changed here: the exam's scores are confirmed, or the caller does not mark it.
export function LockBanner({ confirmed, at }: { confirmed: boolean; at?: string | null }) {
  const { t } = useMarkingTexts();
  return (
    <Alert
      banner
      type="warning"
      showIcon
      title={
        confirmed
          ? t('marking.lockedConfirmed', { time: at ? dayjs(at).format('YYYY-MM-DD HH:mm') : '' })
          : t('marking.lockedNotMarker')
      }
    />
  );
}
