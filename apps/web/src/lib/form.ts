import { zodResolver } from '@hookform/resolvers/zod';
import { type BaseSyntheticEvent, useId } from 'react';
import {
  type DefaultValues,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormReturn,
  type UseFormSetError,
  useForm,
} from 'react-hook-form';
import { ApiError } from './http';
import { i18n } from './i18n';
import { toasts } from './toast';
import { setFormDirty, setFormSaving, useUnsavedChanges } from './unsaved-changes';

/**
 * Puts the API's field errors (already translated by the server) under the matching form fields: a
 * key names a field, or a row's field inside one (`distance_bands.0.amount` under the first band's
 * amount). Returns true when at least one field got a message.
 */
function applyApiErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly string[],
): boolean {
  if (!(error instanceof ApiError)) return false;
  let applied = false;
  for (const [field, messages] of Object.entries(error.fieldErrors)) {
    if (!fields.includes(field.split('.')[0] ?? '') || !messages[0]) continue;
    setError(field as Path<T>, { type: 'server', message: messages[0] }, { shouldFocus: !applied });
    applied = true;
  }
  return applied;
}

/** A shared zod body schema: what the inputs hold and the body it parses them into. */
interface BodySchema<TValues, TBody> {
  _zod: { input: TValues; output: TBody };
}

export interface ApiFormOptions<TValues extends FieldValues, TBody, TResult> {
  /** The shared body schema (its messages are catalogue keys) … */
  schema?: BodySchema<TValues, TBody>;
  /** … or a resolver around it, when the inputs need shaping first (a price in KM, a picked option). */
  resolver?: Resolver<TValues, unknown, TBody>;
  defaultValues: TValues;
  /** Saves the body (a mutation's `mutateAsync`); the request must not toast (`toast: false`). */
  save: (body: TBody) => Promise<TResult>;
  /**
   * Asked after validation, before saving (a consequence to confirm in words): false saves nothing and
   * keeps the input as it is.
   */
  confirm?: (body: TBody) => Promise<boolean>;
  /** After a successful save: the success toast, navigating away, resetting to the saved record. */
  onSaved?: (result: TResult) => void;
  /** Shows a refusal that belongs to no field itself (a dialog's alert) instead of the toast. */
  onRefusal?: (message: string) => void;
  /**
   * Ask before unsaved input is lost (leaving the page, reload, closing the tab): default true. A form
   * in a dialog passes the dialog's `open`, so a closed dialog's leftovers hold no one back.
   */
  guard?: boolean;
}

export type ApiForm<TValues extends FieldValues, TBody> = UseFormReturn<TValues, unknown, TBody> & {
  /** The form's onSubmit: validates, saves, and shows what the API refused. */
  submit: (event?: BaseSyntheticEvent) => Promise<void>;
  /** The save is in flight (the submit button's `loading`). */
  busy: boolean;
};

/**
 * The one way a form saves (decision 0016): the shared schema validates; an API refusal with field
 * errors puts them under the fields (the fields are the keys of `defaultValues`) and shows nothing
 * else; any other failure is one toast with its (translated) message. A 401 says nothing: the HTTP
 * client has already ended the session and said why.
 */
export function useApiForm<TValues extends FieldValues, TBody, TResult = unknown>({
  schema,
  resolver,
  defaultValues,
  save,
  confirm,
  onSaved,
  onRefusal,
  guard = true,
}: ApiFormOptions<TValues, TBody, TResult>): ApiForm<TValues, TBody> {
  const form = useForm<TValues, unknown, TBody>({
    resolver: resolver ?? (zodResolver(schema as never) as Resolver<TValues, unknown, TBody>),
    defaultValues: defaultValues as DefaultValues<TValues>,
  });
  const fields = Object.keys(defaultValues);
  const id = useId();
  useUnsavedChanges(id, form.formState.isDirty, guard);
  const submit = form.handleSubmit(async (body) => {
    if (confirm && !(await confirm(body))) return;
    let result: TResult;
    // A save may navigate away itself (back to the list): that is not leaving unsaved input.
    setFormSaving(id, true);
    try {
      result = await save(body);
    } catch (error) {
      setFormSaving(id, false);
      if (applyApiErrors(error, form.setError, fields)) return;
      if (error instanceof ApiError && error.status === 401) return;
      const message = error instanceof ApiError ? error.message : i18n.t('errors.unexpected');
      if (onRefusal) onRefusal(message);
      else toasts.error(message, { toastId: `api:${message}` });
      return;
    }
    // Saved: nothing to lose any more, until the next change (an edit form resets to the saved record).
    setFormDirty(id, false);
    setFormSaving(id, false);
    onSaved?.(result);
  });
  return { ...form, submit, busy: form.formState.isSubmitting };
}
