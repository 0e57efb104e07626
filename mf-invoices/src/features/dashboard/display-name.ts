// The displayed user name: firstName plus lastName, or the email when there is no first name
// (docs/product/accounts.md#display-name).

export type NamedUser = { firstName: string | null; lastName: string | null; email: string };

export function displayName(user: NamedUser): string {
  const first = user.firstName?.trim();
  if (!first) return user.email;
  return [first, user.lastName?.trim()].filter(Boolean).join(' ');
}
