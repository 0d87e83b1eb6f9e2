import { type SignInBody, signInBody } from '@dostava/shared';

export type SignInErrors = Partial<Record<keyof SignInBody, string>>;

/** The shared schema's verdict, the first message per field (loaded with zod on the first keystroke). */
export function checkSignIn(values: SignInBody): SignInErrors {
  const result = signInBody.safeParse(values);
  const errors: SignInErrors = {};
  for (const issue of result.success ? [] : result.error.issues) {
    const field = issue.path[0] as keyof SignInBody;
    errors[field] ??= issue.message;
  }
  return errors;
}
