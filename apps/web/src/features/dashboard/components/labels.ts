import type { Dashboard } from '@dostava/shared';
import type { TFunction } from 'i18next';
import { currentLanguage } from '../../../lib/i18n';

type Granularity = Dashboard['period']['granularity'];

/** A series bucket as an axis label: '14:00' (hour), '22.11.' / '22 Nov' (day), 'nov 2026' (month). */
export function bucketLabel(t: TFunction, bucket: string, granularity: Granularity): string {
  if (granularity === 'hour') return `${bucket.slice(11, 13)}:00`;
  const month = Number(bucket.slice(5, 7));
  if (granularity === 'month') return `${t(`dashboard.months_short.${month}`)} ${bucket.slice(0, 4)}`;
  const day = bucket.slice(8, 10);
  return currentLanguage() === 'bs'
    ? `${day}.${bucket.slice(5, 7)}.`
    : `${Number(day)} ${t(`dashboard.months_short.${month}`)}`;
}
