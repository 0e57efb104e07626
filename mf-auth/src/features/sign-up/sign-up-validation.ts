// The sign-up form's checks, mirroring the BFF's (docs/product/accounts.md#sign-up: passwords must match, a minimum length,
// terms must be accepted).
import type { Issues } from '../../hooks/use-form.ts';
import { checkConfirmation, checkEmail, checkNewPassword, checkRequired, issues } from '../../lib/validation.ts';

export type SignUpValues = {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  passwordConfirmation: string;
  acceptTerms: boolean;
};

export function validateSignUp(values: SignUpValues): Issues<SignUpValues> {
  return issues({
    firstName: checkRequired(values.firstName),
    lastName: checkRequired(values.lastName),
    email: checkEmail(values.email),
    password: checkNewPassword(values.password),
    passwordConfirmation: checkConfirmation(values.password, values.passwordConfirmation),
    acceptTerms: values.acceptTerms ? undefined : { code: 'must_accept_terms' },
  });
}
