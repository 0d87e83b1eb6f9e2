import type { TrackingView } from '@dostava/shared';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import {
  formatDateTime,
  formatTime,
  initialLang,
  type Lang,
  savedLang,
  saveLang,
  type T,
  translator,
} from './messages';

const DriverMap = lazy(() => import('./driver-map').then((m) => ({ default: m.DriverMap })));

/** Asked again this often (the server answers from memory; TRACKING_POLL_SECONDS). */
const POLL_MS = 2000;
/** After a failed poll, waits grow to this before the next try (a dropped connection heals by itself). */
const MAX_BACKOFF_MS = 10_000;

/** The server renders without one: the token only addresses the polls and the rating, never the markup. */
const tokenOfPath = () =>
  typeof window === 'undefined' ? '' : decodeURIComponent(window.location.pathname.split('/')[2] ?? '');

type State = { kind: 'loading' } | { kind: 'gone' } | { kind: 'ok'; view: TrackingView };

/**
 * The first answer the server rendered into the page at /t/<token> (modules/tracking/tracking-page.ts),
 * inline as JSON: the browser's first render is the server's (hydrated, nothing painted twice) and the
 * first poll waits its turn. `view` null: the link is unknown or over.
 */
export interface TrackingInitial {
  lang: Lang;
  time_zone: string;
  view: TrackingView | null;
}

export function TrackingApp({ initial }: { initial?: TrackingInitial }) {
  const [lang, setLang] = useState<Lang>(() => initial?.lang ?? initialLang());
  const t = useMemo(() => translator(lang), [lang]);
  const [state, setState] = useState<State>(() =>
    !initial ? { kind: 'loading' } : initial.view ? { kind: 'ok', view: initial.view } : { kind: 'gone' },
  );
  /** Rendered by the server: its answer is fresh, the first poll waits; none at all for a link that is over. */
  const [firstPoll] = useState<'now' | 'later' | 'never'>(() =>
    !initial ? 'now' : initial.view ? 'later' : 'never',
  );
  const timeZone = initial?.time_zone;
  const [offline, setOffline] = useState(false);
  /** Rated on this page just now: the thanks stay once the next answer replaces the form. */
  const [thanked, setThanked] = useState(false);
  const token = useMemo(tokenOfPath, []);

  // The server rendered in the browser's language; a choice made on this page before wins, after hydration.
  useEffect(() => {
    const saved = firstPoll === 'now' ? null : savedLang();
    if (saved) setLang(saved);
  }, [firstPoll]);

  useEffect(() => {
    document.documentElement.lang = lang;
    document.title = `${t('tracking.title')} · Dostava`;
  }, [lang, t]);

  const load = useCallback(async (): Promise<boolean> => {
    try {
      const res = await fetch(`/api/tracking/${encodeURIComponent(token)}`, { cache: 'no-store' });
      if (res.status === 404) {
        setState({ kind: 'gone' });
        setOffline(false);
        return false;
      }
      if (!res.ok) throw new Error(String(res.status));
      const body = (await res.json()) as { data: TrackingView };
      setState({ kind: 'ok', view: body.data });
      setOffline(false);
      return true;
    } catch {
      setOffline(true);
      return true;
    }
  }, [token]);

  // Short polling: one small JSON every two seconds, slower while failing, stopped once the link is gone.
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    let stopped = false;
    const run = async () => {
      const more = await load();
      if (stopped || !more) return;
      failures = navigator.onLine === false ? failures + 1 : 0;
      timer = setTimeout(run, Math.min(POLL_MS * 2 ** failures, MAX_BACKOFF_MS));
    };
    if (firstPoll === 'never') return;
    if (firstPoll === 'later') timer = setTimeout(run, POLL_MS);
    else void run();
    const online = () => {
      clearTimeout(timer);
      void run();
    };
    window.addEventListener('online', online);
    return () => {
      stopped = true;
      clearTimeout(timer);
      window.removeEventListener('online', online);
    };
  }, [load, firstPoll]);

  const choose = (next: Lang) => {
    setLang(next);
    saveLang(next);
  };

  return (
    <>
      <header className="bar">
        <strong>Dostava</strong>
        <label>
          {t('language.label')}
          <select value={lang} onChange={(e) => choose(e.target.value as Lang)}>
            <option value="bs">Bosanski</option>
            <option value="en">English</option>
          </select>
        </label>
      </header>
      <main>
        {state.kind === 'loading' ? (
          <p className="muted">{t('common.loading')}</p>
        ) : state.kind === 'gone' ? (
          <section className="card">
            <h1>{t('tracking.not_found_title')}</h1>
            <p>{t('tracking.not_found_text')}</p>
          </section>
        ) : (
          <Order
            view={state.view}
            t={t}
            lang={lang}
            timeZone={timeZone}
            token={token}
            thanked={thanked}
            onRated={() => {
              setThanked(true);
              void load();
            }}
          />
        )}
        {state.kind !== 'gone' ? (
          <p className={offline ? 'live error' : 'live'} role="status" aria-live="polite">
            {offline ? t('tracking.offline') : state.kind === 'ok' ? t('tracking.live') : ''}
          </p>
        ) : null}
      </main>
    </>
  );
}

function Order({
  view,
  t,
  lang,
  timeZone,
  token,
  thanked,
  onRated,
}: {
  view: TrackingView;
  t: T;
  lang: Lang;
  timeZone: string | undefined;
  token: string;
  thanked: boolean;
  onRated: () => void;
}) {
  const time = (iso: string) => formatTime(iso, lang, timeZone);
  const open = !['delivered', 'cancelled', 'declined', 'returned'].includes(view.status);
  const late =
    open && view.promised_at && view.predicted_delivery_at && view.predicted_delivery_at > view.promised_at;
  return (
    <>
      <section className="card" aria-labelledby="order-title">
        <h1 id="order-title">{t('tracking.title')}</h1>
        <p className="muted">{t('tracking.order', { number: view.order_number })}</p>
        <p>{t('tracking.from', { restaurant: view.restaurant.name })}</p>
        {view.street ? <p>{t('tracking.to_street', { street: view.street })}</p> : null}
        <h2 style={{ marginTop: 12 }}>{t(`tracking.status.${view.status}`)}</h2>
        {view.status === 'delivered' && view.delivered_at ? (
          <p className="eta">{t('tracking.arrived', { time: time(view.delivered_at) })}</p>
        ) : null}
        {open && view.predicted_delivery_at ? (
          <>
            <p className="muted">{t('tracking.predicted')}</p>
            <p className="eta">{time(view.predicted_delivery_at)}</p>
          </>
        ) : null}
        {open && view.promised_at ? (
          <p>
            {t('tracking.promised')} {time(view.promised_at)}
          </p>
        ) : null}
        {open && view.promised_at && view.predicted_delivery_at ? (
          late ? (
            <p className="late">
              {t('tracking.later_because', {
                reason: view.risk_reason ? t(`tracking.reason.${view.risk_reason}`) : '…',
              })}
            </p>
          ) : (
            <p className="ok">{t('tracking.on_time')}</p>
          )
        ) : null}
      </section>

      {view.delivery_pin ? (
        <section className="card" aria-labelledby="pin-title">
          <h2 id="pin-title">{t('delivery_pin.title')}</h2>
          <p className="eta" translate="no">
            {view.delivery_pin}
          </p>
          <p className="muted">{t('delivery_pin.text')}</p>
        </section>
      ) : null}

      {view.driver ? (
        <section className="card" aria-labelledby="driver-title">
          <h2 id="driver-title">{t('tracking.driver', { name: view.driver.first_name })}</h2>
          {view.driver.vehicle_type ? (
            <p className="muted">{t(`tracking.vehicle.${view.driver.vehicle_type}`)}</p>
          ) : null}
          {view.status === 'in_delivery' && view.driver.stops_before > 0 ? (
            <p>
              {view.driver.stops_before === 1
                ? t('tracking.stops_one')
                : t('tracking.stops_other', { count: view.driver.stops_before })}
            </p>
          ) : null}
          {view.driver.position ? (
            <>
              <p>{t('tracking.heading')}</p>
              <MapSlot
                lat={view.driver.position.lat}
                lng={view.driver.position.lng}
                label={t('tracking.map')}
              />
              <p className="muted">{t('tracking.position_at', { time: time(view.driver.position.at) })}</p>
            </>
          ) : null}
        </section>
      ) : null}

      <section className="card" aria-labelledby="steps-title">
        <h2 id="steps-title">{t('tracking.timeline')}</h2>
        <ol className="steps">
          {view.timeline.map((step) => (
            <li key={`${step.status}-${step.at}`}>
              <span>{t(`tracking.status.${step.status}`)}</span>
              <time dateTime={step.at}>{time(step.at)}</time>
            </li>
          ))}
        </ol>
      </section>

      {view.can_rate ? <RateForm t={t} token={token} onRated={onRated} /> : null}
      {view.rating ? (
        <section className="card">
          {thanked ? <p className="ok">{t('tracking.thanks')}</p> : null}
          <p>{t('tracking.your_rating', { count: view.rating.rating })}</p>
          {view.rating.comment ? <p className="muted">“{view.rating.comment}”</p> : null}
        </section>
      ) : null}
      {view.expires_at ? (
        <p className="muted">
          {t('tracking.expires', { time: formatDateTime(view.expires_at, lang, timeZone) })}
        </p>
      ) : null}
    </>
  );
}

/** The map's place, filled once in the browser: the server (and hydration) render the empty place, Leaflet never runs there. */
function MapSlot(props: { lat: number; lng: number; label: string }) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const place = <div className="map" />;
  if (!mounted) return place;
  return (
    <Suspense fallback={place}>
      <DriverMap {...props} />
    </Suspense>
  );
}

function RateForm({ t, token, onRated }: { t: T; token: string; onRated: () => void }) {
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (rating < 1) {
      setError(t('tracking.rating_range'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const res = await fetch(`/api/tracking/${encodeURIComponent(token)}/rating`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'accept-language': document.documentElement.lang },
        body: JSON.stringify({ rating, ...(comment.trim() ? { comment: comment.trim() } : {}) }),
      });
      if (!res.ok) {
        const body = (await res.json().catch(() => null)) as { message?: string } | null;
        setError(body?.message ?? t('tracking.rating_range'));
        return;
      }
      setDone(true);
      onRated();
    } catch {
      setError(t('tracking.offline'));
    } finally {
      setBusy(false);
    }
  };
  if (done) return <p className="card ok">{t('tracking.thanks')}</p>;
  return (
    <form className="card" onSubmit={submit} aria-labelledby="rate-title" noValidate>
      <h2 id="rate-title">{t('tracking.rate_title')}</h2>
      <fieldset className="stars">
        <legend>{t('tracking.rating')}</legend>
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} className={n <= rating ? 'on' : ''}>
            <input
              type="radio"
              name="rating"
              value={n}
              checked={rating === n}
              onChange={() => setRating(n)}
              aria-label={t('tracking.stars', { count: n })}
            />
            <span aria-hidden="true">★</span>
          </label>
        ))}
      </fieldset>
      <label htmlFor="rate-comment">{t('tracking.comment')}</label>
      <textarea
        id="rate-comment"
        value={comment}
        maxLength={500}
        onChange={(e) => setComment(e.target.value)}
      />
      {error ? (
        <p className="error" role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit" disabled={busy}>
        {t('tracking.send')}
      </button>
    </form>
  );
}
