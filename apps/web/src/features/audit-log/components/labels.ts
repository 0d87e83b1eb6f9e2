import type { AuditEntry } from '@dostava/shared';
import type { TFunction } from 'i18next';

/** The log stores raw names ('settlements', 'payment_orders'); known ones are translated, others shown. */
export const entityLabel = (t: TFunction, entity: string) =>
  t(`audit_log.entities.${entity}`, { defaultValue: entity });
export const actionLabel = (t: TFunction, action: string) =>
  t(`audit_log.actions.${action}`, { defaultValue: action });

/** What an entry is about, as people name it (D112596, a name); the bare id only when nothing names it. */
export const subjectLabel = (entry: Pick<AuditEntry, 'subject' | 'entity_id'>) =>
  entry.subject.name ?? (entry.entity_id ? `#${entry.entity_id}` : '—');
