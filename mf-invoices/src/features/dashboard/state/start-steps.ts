// The "Kom igång" checklist from real data: each step is done when the data says so, and names the
// exact place that finishes it. Pure, so the rules are tested without a browser.
import type { Profile } from '../api/start-data.ts';

export type StepId = 'profile' | 'governmentId' | 'bank' | 'customer' | 'invoice';
export type Step = { id: StepId; done: boolean; to: string };

export type StartFacts = {
  profile: Profile | null;
  bankRegistered: boolean | null;
  customers: number | null;
  sentInvoices: number | null;
};

/** The profile card that still needs something: the first missing detail's field. */
function profileTarget(p: Profile): string {
  if (!p.phoneNumber) return '/dashboard/profile#profile-phone-number';
  if (!p.firstName || !p.lastName) return '/dashboard/profile#profile-first-name';
  return '/dashboard/profile#profile-street';
}

export function profileComplete(p: Profile): boolean {
  return Boolean(p.firstName && p.lastName && p.phoneNumber && p.address);
}

/** The steps in order; a step whose data could not be read is left out rather than guessed. */
export function startSteps(facts: StartFacts): Step[] {
  const steps: Step[] = [];
  const { profile } = facts;
  if (profile) {
    const complete = profileComplete(profile);
    steps.push({ id: 'profile', done: complete, to: complete ? '/dashboard/profile' : profileTarget(profile) });
    steps.push({
      id: 'governmentId',
      done: Boolean(profile.governmentId),
      to: '/dashboard/profile#profile-government-id',
    });
  }
  if (facts.bankRegistered !== null) steps.push({ id: 'bank', done: facts.bankRegistered, to: 'bank-registration' });
  if (facts.customers !== null)
    steps.push({ id: 'customer', done: facts.customers > 0, to: '/dashboard/customers/create' });
  if (facts.sentInvoices !== null)
    steps.push({ id: 'invoice', done: facts.sentInvoices > 0, to: '/quotations/create' });
  return steps;
}

/** All five steps known and done: the checklist goes away. */
export function allDone(steps: Step[]): boolean {
  return steps.length === 5 && steps.every((step) => step.done);
}
