import { Skeleton, Stack } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../lib/http';
import { ErrorState } from './error-state';

/** What a record page needs of its query (a TanStack `useQuery` result). */
export interface RecordQuery<T> {
  data: T | undefined;
  error: unknown;
  refetch: () => unknown;
}

interface RecordPageProps<T> {
  query: RecordQuery<T>;
  /** The id from the URL: one that is not a positive integer is "not found" without asking the API. */
  id: number;
  /** Shown for a 404 or a bad id; `common.not_found` unless given. */
  notFoundMessage?: string;
  /** Shown, without retry, for a 403 (a record of another restaurant); a 403 is retried otherwise. */
  forbiddenMessage?: string;
  /** The placeholder while loading; two field-sized blocks unless given. */
  skeleton?: ReactNode;
  /** The page's content once the record is there. */
  children: (data: T) => ReactNode;
}

const FIELDS_SKELETON = (
  <>
    <Skeleton variant="rounded" height={56} />
    <Skeleton variant="rounded" height={56} />
  </>
);

/**
 * The body of a page showing one record fetched by the id in the URL: a skeleton while it loads,
 * "not found" (no retry) for a 404 or an impossible id, the load error with retry otherwise, then the
 * content. The page keeps its own container, header and document title around it.
 */
export function RecordPage<T>({
  query,
  id,
  notFoundMessage,
  forbiddenMessage,
  skeleton = FIELDS_SKELETON,
  children,
}: RecordPageProps<T>) {
  const { t } = useTranslation();
  const status = isApiError(query.error) ? query.error.status : 0;
  if (!Number.isInteger(id) || id <= 0 || status === 404) {
    return <ErrorState message={notFoundMessage ?? t('common.not_found')} />;
  }
  if (query.data !== undefined) return children(query.data);
  if (status === 403 && forbiddenMessage) return <ErrorState message={forbiddenMessage} />;
  if (query.error) return <ErrorState onRetry={() => void query.refetch()} />;
  return (
    <Stack spacing={2} role="status" aria-busy="true" aria-label={t('common.loading')}>
      {skeleton}
    </Stack>
  );
}
