import type { BoardCounts } from '@dostava/shared';
import { useSyncExternalStore } from 'react';
import type { LiveEvent } from '../../../lib/event-stream';
import { orderChangeOf } from './board-cache';

/** Who watches a board: the dispatcher (every restaurant) or the kitchen (its own restaurant). */
export type BoardAudience = 'dispatch' | 'restaurant';

/**
 * Whether an event asks this board's user to act now (a beep). The kitchen: a new order to accept.
 * Dispatch: an order that came to need a driver (ready with nobody to pick it up, or its driver taken
 * off) or that nobody answered at the door; a new order the restaurant will accept is not theirs.
 */
export function eventCalls(audience: BoardAudience, event: LiveEvent): boolean {
  if (audience === 'restaurant') return event.type === 'order.created';
  if (event.type !== 'order.updated') return false;
  const change = orderChangeOf(event.data);
  if (!change?.previous) return false;
  const { order, previous } = change;
  const needsDriver = (status: string, driver: number | null) =>
    status === 'ready_for_pickup' && driver === null;
  if (
    needsDriver(order.status, order.driver?.id ?? null) &&
    !needsDriver(previous.status, previous.driver_id)
  )
    return true;
  return order.status === 'no_answer' && previous.status !== 'no_answer';
}

/**
 * Whether the counts grew in what this board's user can fix (a beep): the kitchen its own late
 * preparation (not accepted or not ready in time); dispatch the late orders. Not on the first counts
 * of a visit or of a new filter (`before` undefined).
 */
export function countsCall(
  audience: BoardAudience,
  before: BoardCounts | undefined,
  after: BoardCounts | undefined,
): boolean {
  if (!before || !after) return false;
  return audience === 'restaurant'
    ? after.late_preparation > before.late_preparation
    : after.late > before.late;
}

/** Beeps closer together than this are one: an event and a count that grew with it beep once. */
export const BEEP_GAP_MS = 3_000;
let lastBeepAt = -Infinity;

let audio: AudioContext | null = null;

const SOUND_KEY = 'dostava.sound';
const listeners = new Set<() => void>();
let soundOn = readSoundPreference();

function readSoundPreference(): boolean {
  try {
    return localStorage.getItem(SOUND_KEY) !== 'off';
  } catch {
    return true;
  }
}

function notify() {
  for (const listener of listeners) listener();
}

function context(): AudioContext | null {
  try {
    if (!audio) {
      audio = new AudioContext();
      audio.addEventListener('statechange', notify);
    }
    return audio;
  } catch {
    return null;
  }
}

/** A short two-tone beep made with the Web Audio API (no audio file), when sound is on. */
export function beep(now = Date.now()): void {
  if (!soundOn || now - lastBeepAt < BEEP_GAP_MS) return;
  lastBeepAt = now;
  const ctx = context();
  if (!ctx) return;
  try {
    if (ctx.state === 'suspended') void ctx.resume().catch(() => undefined);
    const start = ctx.currentTime;
    for (const [offset, frequency] of [
      [0, 880],
      [0.18, 1175],
    ] as const) {
      const oscillator = ctx.createOscillator();
      const gain = ctx.createGain();
      oscillator.type = 'sine';
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, start + offset);
      gain.gain.exponentialRampToValueAtTime(0.25, start + offset + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + offset + 0.15);
      oscillator.connect(gain).connect(ctx.destination);
      oscillator.start(start + offset);
      oscillator.stop(start + offset + 0.16);
    }
  } catch {
    // No audio in this browser: the banner and the highlighted rows still show.
  }
}

/** Browsers start audio only after a user gesture: any click or key press (the sound switch too) unlocks it. */
function unlock() {
  void context()
    ?.resume()
    .then(notify)
    .catch(() => undefined);
}
window.addEventListener('pointerdown', unlock, { once: true });
window.addEventListener('keydown', unlock, { once: true });

/** Turns the cues' sound on or off for this browser (kept across visits); turning it on unlocks audio. */
export function setSound(on: boolean) {
  soundOn = on;
  try {
    localStorage.setItem(SOUND_KEY, on ? 'on' : 'off');
  } catch {
    // Private mode: the choice lasts for this tab.
  }
  if (on) unlock();
  notify();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const snapshot = () => `${soundOn ? 'on' : 'off'}:${audio?.state === 'running' ? 'running' : 'blocked'}`;

/** Whether sound is on, and whether the browser still blocks it until the next click. */
export function useSound(): { on: boolean; blocked: boolean } {
  const value = useSyncExternalStore(subscribe, snapshot);
  const [on, state] = value.split(':');
  return { on: on === 'on', blocked: state !== 'running' };
}
