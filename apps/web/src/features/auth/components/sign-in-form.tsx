import type { SignInBody } from '@dostava/shared';
import { Button, Stack } from '@mui/material';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePasswordToggle } from '../../../components/password-toggle';
import { TextInput } from '../../../components/text-input';
import { ApiError } from '../../../lib/http';
import { toasts } from '../../../lib/toast';
import { signIn } from '../api/auth';
import type { SignInErrors } from './sign-in-schema';

// The shared schema (and zod with it) loads on the first keystroke or the first submit, not with the
// page; nor does react-hook-form, for a form of two fields (the sign-in page's first-load budget).
let schema: Promise<typeof import('./sign-in-schema')> | undefined;
const loadSchema = () => {
  schema ??= import('./sign-in-schema');
  return schema;
};
const FIELDS = ['email', 'password'] as const;

export function SignInForm({ onSignedIn }: { onSignedIn: () => void }) {
  const { t } = useTranslation();
  const password = usePasswordToggle();
  const [values, setValues] = useState<SignInBody>({ email: '', password: '' });
  const [errors, setErrors] = useState<SignInErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [pending, setPending] = useState(false);
  const inputs = useRef<Partial<Record<keyof SignInBody, HTMLInputElement | null>>>({});

  const showErrors = (next: SignInErrors) => {
    setErrors(next);
    const first = FIELDS.find((field) => next[field]);
    if (first) inputs.current[first]?.focus();
    return first === undefined;
  };

  const change = (field: keyof SignInBody) => (event: { target: { value: string } }) => {
    const next = { ...values, [field]: event.target.value };
    setValues(next);
    // As react-hook-form does elsewhere: checked on submit, then again on every change.
    if (submitted) void loadSchema().then((m) => setErrors(m.checkSignIn(next)));
    else void loadSchema();
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!showErrors((await loadSchema()).checkSignIn(values))) return;
    setPending(true);
    try {
      await signIn(values);
      toasts.success(t('auth.login_successful'));
      onSignedIn();
    } catch (error) {
      // Field messages from the API go under their fields; anything else the HTTP client has toasted.
      if (error instanceof ApiError) {
        showErrors(
          Object.fromEntries(
            FIELDS.flatMap((f) => (error.fieldErrors[f]?.[0] ? [[f, error.fieldErrors[f][0]]] : [])),
          ),
        );
      }
      setPending(false);
    }
  };

  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={2.5} aria-label={t('auth.sign_in')}>
      <TextInput
        name="email"
        label={t('auth.email')}
        type="email"
        value={values.email}
        onChange={change('email')}
        inputRef={(input) => {
          inputs.current.email = input;
        }}
        error={errors.email}
        autoComplete="username"
        autoFocus
        required
      />
      <TextInput
        name="password"
        label={t('auth.password')}
        value={values.password}
        onChange={change('password')}
        inputRef={(input) => {
          inputs.current.password = input;
        }}
        error={errors.password}
        autoComplete="current-password"
        required
        {...password}
      />
      <Button type="submit" variant="contained" size="large" loading={pending} fullWidth>
        {t('auth.sign_in')}
      </Button>
    </Stack>
  );
}
