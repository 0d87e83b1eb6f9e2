import { type ReactElement, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListParams } from '../../lib/list-params';
import { ConfirmDialog } from '../confirm-dialog';

interface DeleteMutation<Result> {
  mutate: (id: number, callbacks: { onSuccess: (result: Result) => void; onError: () => void }) => void;
  isPending: boolean;
}

interface RowDeleteOptions<R, Result> {
  /** The delete mutation of the row's id (`useDeleteX()`). */
  mutation: DeleteMutation<Result>;
  title: string;
  message: (row: R) => string;
  /**
   * Why this row cannot be deleted, known from the list before asking (a category its products use):
   * the dialog says so, with only Close, and nothing is sent. The API still refuses on its own.
   */
  refusal?: (row: R) => string | null;
  /** Says it went well (a toast); returns false when the row stays listed (deactivated instead). */
  onDeleted: (result: Result) => unknown;
  /** Close the dialog on a refusal too (else it stays, the API's message shown as a toast). */
  closeOnError?: boolean;
  /** A paged list: the rows on this page and its params, to go back a page after its last row. */
  page?: { rows: number | undefined; params: ListParams; setParams: (changes: Partial<ListParams>) => void };
}

/**
 * A row's delete: `ask(row)` opens the confirm dialog (`dialog`, rendered beside the table); confirming
 * runs the mutation, closes the dialog, and, when it was the only row of a page after the first, goes
 * back one page. A refusal is the API's own message, already shown as a toast; the dialog stays open
 * unless `closeOnError`.
 */
export function useRowDelete<R extends { id: number }, Result = unknown>(
  options: RowDeleteOptions<R, Result>,
): { ask: (row: R) => void; dialog: ReactElement } {
  const { mutation, title, message, refusal, onDeleted, page, closeOnError } = options;
  const { t } = useTranslation();
  const [row, setRow] = useState<R | null>(null);

  const refused = row ? (refusal?.(row) ?? null) : null;

  function confirm() {
    if (!row || refused) return;
    mutation.mutate(row.id, {
      onSuccess: (result) => {
        setRow(null);
        const gone = onDeleted(result) !== false;
        if (gone && page && page.rows === 1 && page.params.page > 1)
          page.setParams({ page: page.params.page - 1 });
      },
      onError: () => {
        if (closeOnError) setRow(null);
      },
    });
  }

  const dialog = (
    <ConfirmDialog
      open={row !== null}
      title={title}
      message={refused ?? (row ? message(row) : '')}
      confirmLabel={t('common.delete')}
      refused={refused !== null}
      destructive
      busy={mutation.isPending}
      onConfirm={confirm}
      onClose={() => setRow(null)}
    />
  );
  return { ask: setRow, dialog };
}
