import type { Session } from '@dostava/shared';
import {
  Box,
  Button,
  Chip,
  Paper,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ErrorState } from '../../../components/error-state';
import { describeUserAgent, formatDateTime } from '../../../lib/format';
import { useRevokeOtherSessions, useRevokeSession, useSessions } from '../api/account';

/** The columns a 360px screen folds into the device cell. */
const wide = { display: { xs: 'none', sm: 'table-cell' } } as const;

export function SessionsTable() {
  const { t } = useTranslation();
  const sessions = useSessions();
  const revoke = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();
  const [confirmOthers, setConfirmOthers] = useState(false);
  const others = (sessions.data ?? []).filter((session) => !session.current);

  function signOut(session: Session) {
    revoke.mutate(session.id, { onSuccess: () => toast.success(t('account.session_signed_out')) });
  }

  function signOutOthers() {
    revokeOthers.mutate(undefined, {
      onSuccess: () => {
        toast.success(t('account.sessions_signed_out'));
        setConfirmOthers(false);
      },
    });
  }

  let body: React.ReactNode;
  if (sessions.data) {
    body = (
      <TableContainer sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={t('account.sessions')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('account.session_device')}</TableCell>
              <TableCell sx={wide}>{t('account.session_ip')}</TableCell>
              <TableCell sx={wide}>{t('account.session_last_used')}</TableCell>
              <TableCell align="right">
                <Box component="span" sx={visuallyHidden}>
                  {t('common.actions')}
                </Box>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {sessions.data.map((session) => (
              <TableRow key={session.id}>
                <TableCell title={session.user_agent ?? undefined}>
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                    {describeUserAgent(session.user_agent)}
                    {session.current ? (
                      <Chip size="small" color="primary" label={t('account.session_current')} />
                    ) : null}
                  </Box>
                  {/* On a phone the address and the last use go under the device: no sideways scroll. */}
                  <Typography
                    variant="caption"
                    color="text.secondary"
                    component="p"
                    sx={{ display: { xs: 'block', sm: 'none' } }}
                  >
                    {session.ip ?? '—'} · {formatDateTime(session.last_used_at)}
                  </Typography>
                </TableCell>
                <TableCell sx={wide}>{session.ip ?? '—'}</TableCell>
                <TableCell sx={{ ...wide, whiteSpace: 'nowrap' }}>
                  {formatDateTime(session.last_used_at)}
                </TableCell>
                <TableCell align="right">
                  {session.current ? null : (
                    <Button
                      size="small"
                      color="error"
                      onClick={() => signOut(session)}
                      disabled={revoke.isPending && revoke.variables === session.id}
                      aria-label={`${t('account.session_sign_out')}: ${describeUserAgent(session.user_agent)}, ${session.ip ?? ''}`}
                    >
                      {t('account.session_sign_out')}
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    );
  } else if (sessions.isError) {
    body = <ErrorState onRetry={() => void sessions.refetch()} />;
  } else {
    body = (
      <Box role="status" aria-busy="true" aria-label={t('common.loading')}>
        <Skeleton height={40} />
        <Skeleton height={40} />
      </Box>
    );
  }

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, justifyContent: 'space-between', mb: 2 }}>
        <Box>
          <Typography variant="h6" component="h2">
            {t('account.sessions')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('account.sessions_hint')}
          </Typography>
        </Box>
        <Button
          variant="outlined"
          color="error"
          disabled={others.length === 0}
          onClick={() => setConfirmOthers(true)}
          sx={{ alignSelf: 'flex-start' }}
        >
          {t('account.sessions_sign_out_others')}
        </Button>
      </Box>
      {body}
      <ConfirmDialog
        open={confirmOthers}
        title={t('account.sessions_sign_out_others')}
        message={t('account.sessions_sign_out_others_confirm')}
        confirmLabel={t('account.sessions_sign_out_others')}
        destructive
        busy={revokeOthers.isPending}
        onConfirm={signOutOthers}
        onClose={() => setConfirmOthers(false)}
      />
    </Paper>
  );
}

const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;
