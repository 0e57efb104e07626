// The customers module's rules in action: who may see and change which customer, what a change does to the
// verification, the verification links and what the invoice module may pick. HTTP lives in routes.ts.
import { createHash, randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { LockMode, OptimisticLockError } from '@mikro-orm/core';
import type { components } from '@frilo/openapi/types/api';
import { swedishToday } from '../../domain/calendar-date.ts';
import type { CustomerDetails, CustomerIssue, NormalisedCustomer } from '../../domain/customer-details.ts';
import { customerProblems, evaluateCustomer, problemCodesOf } from '../../domain/customer-rules.ts';
import { changedVerifiedDetails } from '../../domain/customer-verification.ts';
import { peppolAddressOf } from '../../domain/peppol-participant.ts';
import {
  parseOrganisationNumber,
  parseOrganisationOrPersonalIdentityNumber,
} from '../../domain/organisation-number.ts';
import { parsePersonalIdentityNumber } from '../../domain/personal-identity-number.ts';
import { reverseVatEligibility } from '../../domain/reverse-charge.ts';
import {
  ConflictError,
  GoneError,
  NotFoundError,
  RateLimitedError,
  ValidationError,
  type FieldError,
} from '../../platform/errors.ts';
import { recordAuditEvent } from '../../platform/audit/audit.ts';
import { sqlRow, sqlRows } from '../../platform/db/sql.ts';
import type { Limit, RateLimiter } from '../../platform/rate-limit.ts';
import { userDisplayName } from '../auth/public.ts';
import { Customer, CustomerVerification } from './entities.ts';
import type { CustomerEmails } from './emails.ts';
import type { CustomerListQuery, CustomerRepository } from './repository.ts';
import { detailsOf, evaluationContextOf } from './views.ts';

type Schemas = components['schemas'];
export type CustomerCreateInput = Schemas['CustomerCreate'];
export type CustomerUpdateInput = Schemas['CustomerUpdate'];
export type PublicRecipientConfirmationInput = Schemas['PublicRecipientConfirmation'];

/** Who asks: the freelancer whose customers these are, and the person acting (an impersonating admin). */
export interface Actor {
  userId: string;
  actorUserId: string;
  ip: string | null;
}

export const VERIFICATION_TTL_DAYS = 7;
export const VERIFICATION_MIN_INTERVAL_SECONDS = 60;
export const VERIFICATIONS_PER_DAY = 5;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Beside the limits per customer: a freelancer can create customers without end, each with any address, so the
 * emails are also limited per freelancer and per recipient address (whoever sends), counted in PostgreSQL.
 */
export const VERIFICATION_LIMITS = {
  perFreelancer: { scope: 'customer-verification:freelancer', max: 20, windowSeconds: 24 * 60 * 60 },
  perRecipient: { scope: 'customer-verification:recipient', max: 10, windowSeconds: 24 * 60 * 60 },
} satisfies Record<string, Limit>;

/** The suppression list keeps only this of an address: enough to recognise it, nothing to mail. */
const addressHash = (email: string) => createHash('sha256').update(email.trim().toLowerCase()).digest('hex');

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NONCE = /^[A-Za-z0-9_-]{43}$/;
const hashNonce = (nonce: string) => createHash('sha256').update(nonce).digest('hex');

/** What the invoice flow is told when its chosen customer has been deleted (docs/product/customers.md#deleting). */
const recipientUnavailable = () =>
  new GoneError(
    'recipient_unavailable',
    'The selected recipient is no longer available. Please choose another recipient.',
  );
const governmentIdLocked = () =>
  new ConflictError(
    'government_id_locked',
    'The government id cannot change once an invoice has been sent to the customer',
  );
const versionConflict = () =>
  new ConflictError('version_conflict', 'The customer changed since it was read; reload it');
const noSuchCustomer = () => new NotFoundError('not_found', 'No such customer');
const verificationLinkNotFound = () =>
  new NotFoundError('verification_link_not_found', 'This link does not exist. Check that it was copied whole.');

/** The error naming each invalid field under `prefix` (`body.`), with the product problem codes of those fields. */
function invalidDetails(issues: CustomerIssue[], prefix: string): ValidationError | null {
  const invalid = issues.filter((issue) => issue.severity === 'invalid');
  if (!invalid.length) return null;
  const errors: FieldError[] = invalid.map((issue) => ({
    field: `${prefix}${issue.field}`,
    code: issue.code,
    message: issue.message,
    ...(issue.params ? { params: issue.params } : {}),
  }));
  const problemCodes = [...new Set(invalid.flatMap((issue) => (issue.problemCode ? [issue.problemCode] : [])))].sort(
    (a, b) => a - b,
  );
  return new ValidationError(errors, { problemCodes });
}

/** Every field whose normalised value differs, in API names (`address.city`). */
function changedFields(before: NormalisedCustomer, after: NormalisedCustomer): string[] {
  const out: string[] = [];
  for (const key of Object.keys(after) as (keyof NormalisedCustomer)[]) {
    if (key === 'address') {
      for (const part of Object.keys(after.address) as (keyof NormalisedCustomer['address'])[]) {
        if (before.address[part] !== after.address[part]) out.push(`address.${part}`);
      }
    } else if (before[key] !== after[key]) {
      out.push(key);
    }
  }
  return out;
}

/** The Peppol address the customer's details give (organisation number under 0007, else its VAT number's scheme). */
const peppolAddress = (details: {
  address: { country: string };
  governmentId?: string | null;
  vatNumber?: string | null;
  email?: string | null;
}) =>
  peppolAddressOf({
    country: details.address.country,
    governmentId: details.governmentId ?? null,
    vatNumber: details.vatNumber ?? null,
    email: details.email ?? null,
  });

function assign(customer: Customer, values: NormalisedCustomer, now: Date): void {
  // An e-invoice acceptance was found for the organisation the details named: another one must accept anew.
  if (peppolAddress(customer) !== peppolAddress(values)) {
    customer.eInvoiceConnectedAt = null;
    customer.eInvoiceParticipantId = null;
    customer.eInvoiceAcceptedBy = null;
    customer.eInvoiceDirectoryCheckedAt = null;
    customer.eInvoiceUnreachableAt = null;
  }
  customer.type = values.type;
  customer.name = values.name;
  customer.governmentId = values.governmentId;
  customer.vatNumber = values.vatNumber;
  customer.contactPersonEmail = values.contactPersonEmail;
  customer.email = values.email;
  customer.invoiceLanguage = values.invoiceLanguage;
  customer.reverseVat = values.reverseVat;
  customer.eInvoice = values.eInvoice;
  customer.address = { ...values.address };
  customer.updatedAt = now;
}

/** The input's own keys over the stored details: a key sent as null clears, a key left out keeps. */
function merge(stored: CustomerDetails, patch: Partial<Record<keyof CustomerDetails, unknown>>): CustomerDetails {
  // Own properties only (fromEntries defines them): a key `__proto__` in a patch can never become a prototype.
  const merged = Object.fromEntries([
    ...Object.entries(stored),
    ...Object.entries(patch).filter(([, value]) => value !== undefined),
  ]);
  return merged as unknown as CustomerDetails;
}

export interface CustomerServiceOptions {
  repository: CustomerRepository;
  emails: CustomerEmails;
  limiter: RateLimiter;
  /** The clock; tests may pin it. */
  now?: () => Date;
}

export class CustomerService {
  readonly #repository: CustomerRepository;
  readonly #emails: CustomerEmails;
  readonly #limiter: RateLimiter;
  readonly #now: () => Date;

  constructor(options: CustomerServiceOptions) {
    this.#repository = options.repository;
    this.#emails = options.emails;
    this.#limiter = options.limiter;
    this.#now = options.now ?? (() => new Date());
  }

  now(): Date {
    return this.#now();
  }

  /** Today in Sweden, `YYYY-MM-DD`, for the views of one request. */
  today(): string {
    return swedishToday(this.#now());
  }

  list(em: EntityManager, ownerId: string, query: CustomerListQuery) {
    return this.#repository.list(em, ownerId, query);
  }

  /** A live customer of the owner, or not found (another owner's customer is "not found" too, never "forbidden"). */
  async get(em: EntityManager, ownerId: string, id: string): Promise<Customer> {
    const customer = await this.#repository.findOwned(em, ownerId, id);
    if (!customer) throw noSuchCustomer();
    return customer;
  }

  /**
   * The owner's live customers that a new one with these details would repeat: the same government id (any written
   * form of the number), or the same name and invoice email. The form asks "open it or create anyway" with them.
   */
  async findDuplicates(
    em: EntityManager,
    ownerId: string,
    input: { name?: string | undefined; governmentId?: string | undefined; email?: string | undefined },
  ): Promise<Schemas['CustomerDuplicates']> {
    const today = this.today();
    const raw = input.governmentId?.trim() ?? '';
    const governmentIds = new Set<string>();
    if (raw) {
      // As the rules store each kind (customer-rules.ts): organisation numbers NNNNNN-NNNN, personal numbers 12 digits,
      // a foreign registration number as given with its spaces collapsed.
      for (const parsed of [parseOrganisationNumber(raw), parseOrganisationOrPersonalIdentityNumber(raw, today)]) {
        if (parsed.valid) governmentIds.add(parsed.normalised);
      }
      const person = parsePersonalIdentityNumber(raw, today);
      if (person.valid) governmentIds.add(person.normalised);
      governmentIds.add(raw.replace(/\s+/g, ' '));
    }
    const name = input.name?.trim().replace(/\s+/g, ' ') || null;
    const email = input.email?.trim() || null;
    const found = await this.#repository.findDuplicates(
      em,
      ownerId,
      { governmentIds: [...governmentIds], name, email },
      5,
    );
    return {
      items: found.map(({ record, matchedOn }) => ({
        id: record.id,
        name: record.name,
        type: record.type,
        governmentId: record.governmentId ?? null,
        email: record.email ?? null,
        matchedOn,
      })),
    };
  }

  async create(em: EntityManager, actor: Actor, input: CustomerCreateInput): Promise<Customer> {
    const now = this.#now();
    const details: CustomerDetails = {
      type: input.type,
      name: input.name,
      governmentId: input.governmentId ?? null,
      vatNumber: input.vatNumber ?? null,
      contactPersonEmail: input.contactPersonEmail ?? '',
      email: input.email ?? null,
      invoiceLanguage: input.invoiceLanguage,
      organizationType: input.organizationType,
      reverseVat: input.reverseVat,
      eInvoice: input.eInvoice ?? false,
      address: input.address,
    };
    const { issues, normalised } = evaluateCustomer(details, { today: now });
    const invalid = invalidDetails(issues, 'body.');
    if (invalid) throw invalid;
    return em.transactional(async (tx) => {
      const { organizationType: _derivedFromAddress, ...values } = normalised;
      const customer = tx.create(Customer, { ownerId: actor.userId, ...values, createdAt: now, updatedAt: now });
      await tx.flush();
      await this.#audit(tx, actor, 'customer.created', { customerId: customer.id, type: customer.type });
      return customer;
    });
  }

  async update(em: EntityManager, actor: Actor, id: string, input: CustomerUpdateInput): Promise<Customer> {
    const { version, ...patch } = input;
    try {
      return await em.transactional(async (tx) => {
        const customer = await this.get(tx, actor.userId, id);
        if (version !== undefined && version !== customer.version) throw versionConflict();
        const now = this.#now();
        const context = evaluationContextOf(customer, now);
        const before = evaluateCustomer(detailsOf(customer), context).normalised;
        // organizationType is derived; a value sent is only checked against the address.
        const { issues, normalised } = evaluateCustomer(
          { ...merge(detailsOf(customer), patch), organizationType: patch.organizationType },
          context,
        );
        if (customer.governmentIdLockedAt && normalised.governmentId !== (customer.governmentId ?? null)) {
          throw governmentIdLocked();
        }
        const invalid = invalidDetails(issues, 'body.');
        if (invalid) throw invalid;
        const changed = changedFields(before, normalised);
        if (!changed.length) return customer;

        assign(customer, normalised, now);
        const unverifiedBy = changedVerifiedDetails(before, normalised);
        if (unverifiedBy.length && customer.verifiedAt) {
          customer.verifiedAt = null;
          customer.verifiedEmail = null;
        }
        // The open link went to someone who is no longer the contact.
        if (changed.includes('contactPersonEmail'))
          await this.#repository.supersedeOpenVerifications(tx, customer.id, now);
        await tx.flush();
        await this.#audit(tx, actor, 'customer.updated', {
          customerId: customer.id,
          changed,
          ...(unverifiedBy.length ? { verificationReset: true } : {}),
        });
        return customer;
      });
    } catch (error) {
      // Two saves based on the same version: the second loses (MikroORM's version check in the UPDATE).
      if (error instanceof OptimisticLockError) throw versionConflict();
      throw error;
    }
  }

  async delete(em: EntityManager, actor: Actor, id: string): Promise<void> {
    await em.transactional(async (tx) => {
      const customer = await this.get(tx, actor.userId, id);
      const now = this.#now();
      customer.deletedAt = now;
      await this.#repository.supersedeOpenVerifications(tx, customer.id, now);
      await tx.flush();
      await this.#audit(tx, actor, 'customer.deleted', { customerId: customer.id });
    });
  }

  async problems(em: EntityManager, ownerId: string, id: string): Promise<Schemas['CustomerProblems']> {
    const customer = await this.get(em, ownerId, id);
    const problems = customerProblems(detailsOf(customer), evaluationContextOf(customer, this.#now()));
    return { canSend: problems.length === 0, problemCodes: problemCodesOf(problems), problems };
  }

  /**
   * For the invoice module: the customer an invoice may be addressed to. Another owner's or an unknown id is not
   * found; a deleted customer is gone, `recipient_unavailable` (docs/product/customers.md#deleting).
   */
  async getSelectableCustomer(em: EntityManager, ownerId: string, id: string): Promise<Customer> {
    const customer = UUID.test(id) ? await this.#repository.findById(em, id) : null;
    if (!customer || customer.ownerId !== ownerId) throw noSuchCustomer();
    if (customer.deletedAt) throw recipientUnavailable();
    return customer;
  }

  async sendVerification(em: EntityManager, actor: Actor, id: string): Promise<{ sentTo: string; expiresAt: string }> {
    const now = this.#now();
    const nonce = randomBytes(32).toString('base64url');
    const { customer, expiresAt } = await em.transactional(async (tx) => {
      // The row lock makes two clicks at once count as two against the limit, not zero.
      const customer = await tx.findOne(
        Customer,
        { id, ownerId: actor.userId, deletedAt: null },
        { lockMode: LockMode.PESSIMISTIC_WRITE },
      );
      if (!customer) throw noSuchCustomer();
      this.#checkVerificationRate(
        await this.#repository.recentVerifications(tx, customer.id, new Date(now.getTime() - DAY_MS)),
        now,
      );
      if (
        await sqlRow(tx, `select 1 from email_suppression where email_hash = ?`, [
          addressHash(customer.contactPersonEmail),
        ])
      ) {
        throw new ConflictError(
          'recipient_opted_out',
          'The contact person asked not to receive these emails; ask them to confirm the details another way',
        );
      }
      // Counted in this transaction: a refusal further on takes the count back with it.
      await this.#limitVerifications(
        tx,
        VERIFICATION_LIMITS.perFreelancer,
        actor.userId,
        'You have sent the most verification emails a day allows; try again tomorrow',
      );
      await this.#limitVerifications(
        tx,
        VERIFICATION_LIMITS.perRecipient,
        customer.contactPersonEmail.toLowerCase(),
        'This address has received the most verification emails a day allows; try again tomorrow',
      );
      await this.#repository.supersedeOpenVerifications(tx, customer.id, now);
      const expiresAt = new Date(now.getTime() + VERIFICATION_TTL_DAYS * DAY_MS);
      tx.create(CustomerVerification, {
        customerId: customer.id,
        nonceHash: hashNonce(nonce),
        sentTo: customer.contactPersonEmail,
        requestedByUserId: actor.actorUserId,
        createdAt: now,
        expiresAt,
      });
      await tx.flush();
      await this.#audit(tx, actor, 'customer.verification_sent', { customerId: customer.id });
      return { customer, expiresAt };
    });
    // Queued after the commit, so the email never carries a link that was rolled back.
    const sender = await userDisplayName(em, customer.ownerId);
    await this.#emails.verification(customer, sender, nonce, VERIFICATION_TTL_DAYS);
    return { sentTo: customer.contactPersonEmail, expiresAt: expiresAt.toISOString() };
  }

  async #limitVerifications(em: EntityManager, limit: Limit, subject: string, detail: string): Promise<void> {
    try {
      await this.#limiter.hit(em, { limit, subject });
    } catch (error) {
      if (!(error instanceof RateLimitedError) || error.code !== 'rate_limited') throw error;
      throw new RateLimitedError('verification_rate_limited', detail, error.retryAfterSeconds);
    }
  }

  /**
   * The recipient of a verification email says "I did not ask for this": the address goes on the suppression list
   * (for every freelancer) and its open links close. Works with any link ever sent to it, used or expired; a link
   * that never existed is not found.
   */
  async stopRecipientEmails(em: EntityManager, id: string, nonce: string): Promise<{ email: string }> {
    if (!UUID.test(id) || !NONCE.test(nonce)) throw verificationLinkNotFound();
    const verification = await this.#repository.findVerificationByNonceHash(em, hashNonce(nonce));
    if (!verification || verification.customerId !== id.toLowerCase()) throw verificationLinkNotFound();
    const email = verification.sentTo;
    await em.transactional(async (tx) => {
      await sqlRows(
        tx,
        `insert into email_suppression (email_hash, reason) values (?, 'customer_verification') on conflict do nothing`,
        [addressHash(email)],
      );
      await sqlRows(
        tx,
        `update customer_verification set superseded_at = now()
         where lower(sent_to) = lower(?) and used_at is null and superseded_at is null`,
        [email],
      );
      const customer = await tx.findOneOrFail(Customer, { id: verification.customerId });
      await recordAuditEvent(tx, {
        actorUserId: null,
        subjectUserId: customer.ownerId,
        action: 'customer.contact_opted_out',
        data: { customerId: customer.id },
      });
    });
    return { email };
  }

  #checkVerificationRate(recent: CustomerVerification[], now: Date): void {
    const tooMany = (retryAfterMs: number, detail: string) =>
      new RateLimitedError('verification_rate_limited', detail, retryAfterMs / 1000);
    const newest = recent[0];
    const sinceNewest = newest ? now.getTime() - newest.createdAt.getTime() : Infinity;
    if (sinceNewest < VERIFICATION_MIN_INTERVAL_SECONDS * 1000) {
      throw tooMany(VERIFICATION_MIN_INTERVAL_SECONDS * 1000 - sinceNewest, 'A link was just sent; wait a minute');
    }
    if (recent.length >= VERIFICATIONS_PER_DAY) {
      const oldest = recent[recent.length - 1]!;
      throw tooMany(oldest.createdAt.getTime() + DAY_MS - now.getTime(), 'Five links were sent today; try tomorrow');
    }
  }

  /**
   * The link and its customer, or the problem the public page shows: not found for a link that does not exist (or
   * is malformed), gone for one that no longer works, with the reason.
   */
  async openVerification(
    em: EntityManager,
    id: string,
    nonce: string,
    lock = false,
  ): Promise<{ customer: Customer; verification: CustomerVerification }> {
    if (!UUID.test(id) || !NONCE.test(nonce)) throw verificationLinkNotFound();
    // Locked when confirming, so a second confirmation with the same link waits and then sees it used.
    const verification = await this.#repository.findVerificationByNonceHash(em, hashNonce(nonce), lock);
    if (!verification || verification.customerId !== id.toLowerCase()) throw verificationLinkNotFound();
    const customer = await em.findOneOrFail(
      Customer,
      { id: verification.customerId },
      lock ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {},
    );
    const gone = (code: string, detail: string) => new GoneError(code, detail);
    if (customer.deletedAt) throw recipientUnavailable();
    if (verification.usedAt) throw gone('verification_link_used', 'The details were already confirmed with this link.');
    if (verification.supersededAt)
      throw gone('verification_link_superseded', 'A newer link was sent; use the latest email.');
    if (verification.expiresAt.getTime() <= this.#now().getTime())
      throw gone('verification_link_expired', 'The link has expired.');
    return { customer, verification };
  }

  async publicRecipient(em: EntityManager, id: string, nonce: string) {
    const { customer, verification } = await this.openVerification(em, id, nonce);
    return { customer, verification, requestedBy: await userDisplayName(em, customer.ownerId) };
  }

  /**
   * The contact confirms the details, with corrections: they are checked by the same rules, the customer becomes
   * verified and the link is used up. Reverse VAT stays as the freelancer chose unless the corrected details rule it
   * out (the contact does not choose the VAT treatment).
   */
  async confirmPublicRecipient(
    em: EntityManager,
    id: string,
    nonce: string,
    input: PublicRecipientConfirmationInput,
  ): Promise<{ customer: Customer; correctedFields: string[] }> {
    return em.transactional(async (tx) => {
      const { customer, verification } = await this.openVerification(tx, id, nonce, true);
      if (input.version !== customer.version) {
        throw new ConflictError('recipient_changed', 'The details changed since the page was opened; reload the page');
      }
      const now = this.#now();
      const context = evaluationContextOf(customer, now);
      const before = evaluateCustomer(detailsOf(customer), context).normalised;
      const merged = merge(detailsOf(customer), input.corrections ?? {});
      const corrected = evaluateCustomer({ ...merged, reverseVat: false }, context);
      const reverseVat = customer.reverseVat && reverseVatEligibility(corrected.normalised).eligible;
      const normalised = { ...corrected.normalised, reverseVat };
      if (customer.governmentIdLockedAt && normalised.governmentId !== (customer.governmentId ?? null)) {
        throw governmentIdLocked();
      }
      const invalid = invalidDetails(corrected.issues, 'body.corrections.');
      if (invalid) throw invalid;

      const correctedFields = changedFields(before, normalised).filter((field) => field !== 'reverseVat');
      assign(customer, normalised, now);
      customer.verifiedAt = now;
      customer.verifiedEmail = verification.sentTo;
      verification.usedAt = now;
      await tx.flush();
      await recordAuditEvent(tx, {
        actorUserId: null,
        subjectUserId: customer.ownerId,
        action: 'customer.verified',
        data: { customerId: customer.id, contact: verification.sentTo, correctedFields },
      });
      return { customer, correctedFields };
    });
  }

  #audit(em: EntityManager, actor: Actor, action: string, data: Record<string, unknown>): Promise<void> {
    return recordAuditEvent(em, {
      actorUserId: actor.actorUserId,
      subjectUserId: actor.userId,
      action,
      data,
      ip: actor.ip,
    });
  }
}
