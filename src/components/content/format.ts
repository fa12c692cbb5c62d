import type { TFunction } from 'i18next';

/** 4.5 → "4.5 km"; whole numbers without a decimal. */
export function formatKm(t: TFunction, km: number): string {
  return t('trail.km', { km: Number.isInteger(km) ? String(km) : km.toFixed(1) });
}

/** Minutes in the reader's words: "90 分钟" / "1 h 30 min". */
export function formatDuration(t: TFunction, minutes: number): string {
  if (minutes < 60) return t('trail.minutes', { m: minutes });
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m === 0 ? t('trail.hours', { h }) : t('trail.hoursMinutes', { h, m });
}
