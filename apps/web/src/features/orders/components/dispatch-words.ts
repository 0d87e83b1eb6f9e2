import type { DispatchReasons } from '@dostava/shared';
import type { TFunction } from 'i18next';

const wholeMinutes = (iso: string, at: number) => Math.round((Date.parse(iso) - at) / 60_000);

/**
 * Why a driver was chosen, in plain words, as the short phrases the screens join: "free", "0.8 km
 * away", "location 2 min old", "there in 3 min", "food ready in 4 min", "on time". Times are counted
 * from `at`: now for a suggestion on the board, the moment of the offer in an order's history.
 */
export function reasonPhrases(
  reasons: DispatchReasons,
  at: number,
  t: TFunction,
  language: string,
): string[] {
  const phrases: string[] = [];
  if (reasons.state === 'free') phrases.push(t('dispatch.reasons.free'));
  else {
    phrases.push(t('dispatch.reasons.carrying', { count: Math.max(1, reasons.load) }));
    if (reasons.batched_with)
      phrases.push(t('dispatch.reasons.batched_with', { number: reasons.batched_with }));
  }
  // The fallback (issue 33): the food waited too long, so the nearest driver who can take it (free, or
  // carrying with a batch that fits), however far.
  if (reasons.fallback)
    phrases.push(
      t('dispatch.reasons.fallback', { minutes: Math.max(0, -wholeMinutes(reasons.food_ready_at, at)) }),
    );
  // One decimal, with Bosnian's comma set here: Chromium has no Bosnian number data.
  const fixed = Math.max(0, reasons.distance_km).toFixed(1);
  const km = language === 'bs' ? fixed.replace('.', ',') : fixed;
  phrases.push(t('dispatch.reasons.distance', { km }));
  phrases.push(
    reasons.location_minutes <= 0
      ? t('dispatch.reasons.location_now')
      : t('dispatch.reasons.location_age', { count: reasons.location_minutes }),
  );
  const arrives = wholeMinutes(reasons.arrival_at, at);
  phrases.push(
    arrives <= 0 ? t('dispatch.reasons.arrives_now') : t('dispatch.reasons.arrives_in', { count: arrives }),
  );
  const ready = wholeMinutes(reasons.food_ready_at, at);
  phrases.push(
    ready <= 0 ? t('dispatch.reasons.food_ready') : t('dispatch.reasons.food_ready_in', { count: ready }),
  );
  phrases.push(
    reasons.late_minutes <= 0
      ? t('dispatch.reasons.on_time')
      : t('dispatch.reasons.late', { count: reasons.late_minutes }),
  );
  return phrases;
}

/** The phrases as one line: "free, 0.8 km away, location just now, there in 3 min, food ready in 4 min, on time". */
export const reasonsInWords = (reasons: DispatchReasons, at: number, t: TFunction, language: string) =>
  reasonPhrases(reasons, at, t, language).join(', ');

/** What is left of an offer as m:ss ("0:07", "1:30"); 0:00 once it has expired. */
export function countdown(expiresAt: string, now: number): string {
  const seconds = Math.max(0, Math.ceil((Date.parse(expiresAt) - now) / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
