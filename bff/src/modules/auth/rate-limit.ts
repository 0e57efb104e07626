// The auth module's rate limits (the limiter itself is platform/rate-limit.ts).
import type { Limit } from '../../platform/rate-limit.ts';

/**
 * The limits of the auth module (README, "Security"). Login counts failed attempts only; the others count every
 * request. Each of login, sign-up and reset is limited per address, per address and account, and per account
 * whatever the address, so spreading guesses over many addresses does not help.
 */
export const LIMITS = {
  loginFailuresPerEmail: { scope: 'login:ip+email', max: 10, windowSeconds: 15 * 60 },
  loginFailuresPerAccount: { scope: 'login:email', max: 20, windowSeconds: 15 * 60 },
  loginFailuresPerIp: { scope: 'login:ip', max: 100, windowSeconds: 15 * 60 },
  signUpPerEmail: { scope: 'sign-up:ip+email', max: 5, windowSeconds: 60 * 60 },
  signUpPerAccount: { scope: 'sign-up:email', max: 10, windowSeconds: 60 * 60 },
  signUpPerIp: { scope: 'sign-up:ip', max: 30, windowSeconds: 60 * 60 },
  passwordResetPerEmail: { scope: 'password-reset:ip+email', max: 5, windowSeconds: 60 * 60 },
  passwordResetPerAccount: { scope: 'password-reset:email', max: 10, windowSeconds: 60 * 60 },
  passwordResetPerIp: { scope: 'password-reset:ip', max: 30, windowSeconds: 60 * 60 },
  resendConfirmationPerUser: { scope: 'resend-confirmation:user', max: 5, windowSeconds: 60 * 60 },
  resendConfirmationPerEmail: { scope: 'resend-confirmation:ip+email', max: 5, windowSeconds: 60 * 60 },
  resendConfirmationPerAccount: { scope: 'resend-confirmation:email', max: 10, windowSeconds: 60 * 60 },
  resendConfirmationPerIp: { scope: 'resend-confirmation:ip', max: 30, windowSeconds: 60 * 60 },
  emailChangePerUser: { scope: 'email-change:user', max: 5, windowSeconds: 60 * 60 },
  passwordFailuresPerUser: { scope: 'password:user', max: 10, windowSeconds: 15 * 60 },
} satisfies Record<string, Limit>;
