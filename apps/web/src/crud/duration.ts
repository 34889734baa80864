type Translate = (key: string, params: { h?: number; m?: number }) => string;

// Minutes as people read them: "1 h 30 min" / "1小时30分", "2 h", "45 min".
export function formatDuration(minutes: number, t: Translate): string {
  const whole = Math.max(0, Math.round(minutes));
  const h = Math.floor(whole / 60);
  const m = whole % 60;
  if (h && m) return t('kit.durationHm', { h, m });
  return h ? t('kit.durationH', { h }) : t('kit.durationM', { m });
}
