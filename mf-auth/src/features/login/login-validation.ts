// The login form's own checks (docs/product/accounts.md#sessions: login requires an email and a password, each with a message).
import type { Issues } from '../../hooks/use-form.ts';
import { checkRequired, issues } from '../../lib/validation.ts';

export type LoginValues = { email: string; password: string };

export function validateLogin(values: LoginValues): Issues<LoginValues> {
  return issues({
    email: checkRequired(values.email),
    password: values.password ? undefined : { code: 'required' },
  });
}
