import { z } from 'zod';
import { msg } from './messages.js';

export * from './money-format.js';

/**
 * The most one order may come to, in minor units (50 000 KM). Far above any real order, and low
 * enough that an order's amounts fit PostgreSQL integers: 50 items × 99 × the highest price would not.
 */
export const MAX_ORDER_AMOUNT = 50_000_00;

/**
 * An amount of money in minor units, as JSON carries it: an integer. A string or an array is refused,
 * never read as a number ("1200" could be KM or fening; [1200] is a broken client), so no endpoint
 * books a sum it had to guess. Forms read what is typed with parseMoneyInput and send the number.
 */
export const amount = () =>
  z
    .number({ error: msg('validation.number') })
    .int({ error: msg('validation.price') })
    .min(0, { error: msg('validation.price') })
    .max(100_000_00);
