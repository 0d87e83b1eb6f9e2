import type { TFunction } from 'i18next';

/** The log stores raw names ('settlements', 'payment_orders'); known ones are translated, others shown. */
export const entityLabel = (t: TFunction, entity: string) =>
  t(`audit_log.entities.${entity}`, { defaultValue: entity });
export const actionLabel = (t: TFunction, action: string) =>
  t(`audit_log.actions.${action}`, { defaultValue: action });
