import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TEMPLATES,
  NOTIFICATION_EVENTS,
  renderTemplate,
  templateBodySchema,
} from './notifications.js';
import { streetOf } from './tracking.js';

describe('what the tracking page shows of the address', () => {
  it('keeps the street only: no house number, flat or town', () => {
    expect(streetOf('Titova 10, stan 4, Sarajevo')).toBe('Titova');
    expect(streetOf('Zmaja od Bosne 12a')).toBe('Zmaja od Bosne');
    expect(streetOf('Ferhadija bb')).toBe('Ferhadija bb');
    expect(streetOf('Obala Kulina bana 7/II, 71000 Sarajevo')).toBe('Obala Kulina bana');
  });
});

describe('message templates', () => {
  it('fills every placeholder of every default, in both languages', () => {
    const values = { order_number: 'D1', restaurant: 'R', minutes: '5', link: 'https://x/t/y' };
    for (const language of ['bs', 'en'] as const)
      for (const event of NOTIFICATION_EVENTS) {
        const text = renderTemplate(DEFAULT_TEMPLATES[language][event], values);
        expect(text, `${language} ${event}`).not.toMatch(/\{\w+\}/);
        expect(templateBodySchema.safeParse({ body: DEFAULT_TEMPLATES[language][event] }).success).toBe(true);
      }
  });

  it('refuses a placeholder it does not know', () => {
    expect(templateBodySchema.safeParse({ body: 'Hi {name}' }).success).toBe(false);
  });
});
