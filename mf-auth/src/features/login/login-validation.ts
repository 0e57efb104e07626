// The login form's own checks (docs/product/accounts.md#sessions: login requires an email and a password, each with a message).
import type { Issues } from '@frilo/ui/form/use-form';
import { checkRequired, withoutEmpty } from '@frilo/ui/form/issues';

export type LoginValues = { email: string; password: string };

export function validateLogin(values: LoginValues): Issues<LoginValues> {
  return withoutEmpty({
    email: checkRequired(values.email),
    password: values.password ? undefined : { code: 'required' },
  });
}
