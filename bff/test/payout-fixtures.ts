// Thousands of freelancers ready to be paid, written straight into a database (the kill test and the payout
// benchmark): each with a sealed bank account and one salary item waiting for its payout. The salary figures are THE
// salary function's; the rows behind them (one customer, one paid invoice, one payment per item) only satisfy the
// foreign keys, since what is measured and killed here is the payout batch.
import type pg from 'pg';
import { computeSalary } from '../src/domain/salary.ts';
import type { DataCipher } from '../src/platform/crypto/data-encryption.ts';
import { hashPassword } from '../src/modules/auth/passwords.ts';

export interface PayableFreelancers {
  userIds: string[];
  /** The paid invoice the salary items come from. */
  invoiceId: string;
  /** Sum of every salary item's payout, SEK öre. */
  total: number;
  admin: { email: string; password: string };
}

type Db = Pick<pg.Client, 'query'>;

export async function seedPayableFreelancers(
  db: Db,
  cipher: DataCipher,
  options: { count: number; registeredOn: string; tag: string; invoiceAmount?: number },
): Promise<PayableFreelancers> {
  const { count, registeredOn, tag } = options;
  const admin = { email: `admin-${tag}@example.com`, password: 'admin-password-for-tests' };
  await db.query(
    `insert into app_user (email, password_hash, first_name, last_name, email_confirmed_at, is_admin, terms_accepted_at)
     values ($1, $2, 'Ada', 'Admin', now(), true, now())`,
    [admin.email, await hashPassword(admin.password)],
  );
  const users = await db.query<{ id: string }>(
    `insert into app_user (email, password_hash, first_name, last_name, email_confirmed_at, government_id,
       payout_preference, terms_accepted_at)
     select 'payee-' || g || '-' || $2 || '@example.com', 'not-a-hash', 'Frida', 'Frilans ' || g, now(),
       '198112189876', 'payout_immediate', now()
     from generate_series(1, $1::int) g order by g returning id`,
    [count, tag],
  );
  const userIds = users.rows.map((r) => r.id);
  const registrations = await db.query<{ id: string; user_id: string }>(
    `insert into bank_registration (user_id, provider, status, locale, expires_at, completed_at)
     select id, 'seed', 'succeeded', 'sv', now(), now() from unnest($1::uuid[]) as id returning id, user_id`,
    [userIds],
  );
  const CHUNK = 2000;
  for (let start = 0; start < registrations.rows.length; start += CHUNK) {
    const rows = registrations.rows.slice(start, start + CHUNK).map((r) => {
      const account = { kind: 'domestic', clearingNumber: '83279', accountNumber: '1234567897', bankName: 'Swedbank' };
      return {
        user_id: r.user_id,
        registration_id: r.id,
        sealed: cipher.encrypt(JSON.stringify(account), `bank_account:${r.user_id}`),
      };
    });
    await db.query(
      `insert into bank_account (user_id, kind, sealed_account, key_id, masked, bank_name, registration_id)
       select r.user_id, 'domestic', r.sealed, $2, 'Swedbank •••• 7897', 'Swedbank', r.registration_id
       from jsonb_to_recordset($1::jsonb) as r(user_id uuid, registration_id uuid, sealed text)`,
      [JSON.stringify(rows), cipher.keyId],
    );
  }
  const customer = await db.query<{ id: string }>(
    `insert into customer (owner_id, type, name, contact_person_email, invoice_language, address_street_name,
       address_postal_code, address_city, address_country)
     values ($1, 'organization', 'Kund AB', 'kund@example.com', 'sv', 'Gatan 1', '11122', 'Stockholm', 'SE') returning id`,
    [userIds[0]],
  );
  const invoice = await db.query<{ id: string }>(
    `insert into invoice (owner_id, customer_id, state, number, ocr_number, invoice_date, due_date, late_payment_interest,
       total_excl_vat, total_vat, total_incl_vat, paid_amount)
     values ($1, $2, 'paid', 999000 + floor(random() * 900)::int, null, $3::date - 30, $3::date, 10,
       1000000, 250000, 1250000, 1250000) returning id`,
    [userIds[0], customer.rows[0]!.id, registeredOn],
  );
  const payout = await addSalaryItems(db, {
    ownerIds: userIds,
    invoiceId: invoice.rows[0]!.id,
    registeredOn,
    invoiceAmount: options.invoiceAmount ?? 1_000_000,
  });
  return { userIds, invoiceId: invoice.rows[0]!.id, total: payout * count, admin };
}

/**
 * One more salary item (and the payment behind it) for each of `ownerIds`, from an invoice amount of its own (excl.
 * VAT, öre) on `invoiceId`, with the salary function's figures. Returns the payout of each item.
 */
export async function addSalaryItems(
  db: Db,
  options: {
    ownerIds: readonly string[];
    invoiceId: string;
    registeredOn: string;
    invoiceAmount: number;
    /** The vacation pay of the items saved ("spara semesterersättning"). */
    saveVacationPay?: boolean;
  },
): Promise<number> {
  const { ownerIds, invoiceId, registeredOn, invoiceAmount } = options;
  const paid = Math.round(invoiceAmount * 1.25);
  const salary = computeSalary({
    invoiceAmount,
    birthDate: '1981-12-18',
    paymentDate: registeredOn,
    saveVacationPay: options.saveVacationPay ?? false,
  });
  await db.query(
    `with payments as (
       insert into incoming_payment (source, payment_date, currency, amount, sek_amount, status, invoice_id, owner_id,
         match_method, applied_amount)
       select 'manual', $2::date, 'SEK', $17, $17, 'matched', $1, id, 'manual', $17
       from unnest($3::uuid[]) as id returning id, owner_id)
     insert into salary_item (owner_id, invoice_id, payment_id, payment_date, registered_on, status, invoice_currency,
       invoice_paid_amount, amount, commission_amount, reimbursements, deductible_input_vat, uncovered_reimbursements,
       mileage_allowance, gross_salary, social_fee_amount, pension_amount, pension_tax_amount, income_tax_amount,
       net_salary, payout_amount, fee_rate, income_tax_rate, pension_rate, pension_special_payroll_tax_rate,
       employer_contribution_rate, employer_contribution_category, employer_contribution_rules_valid_from,
       employer_contribution_bases, salary_already_paid_this_month, vacation_pay_rate, vacation_pay_amount,
       saved_vacation_pay_amount, saved_vacation_pay_social_fee)
     select owner_id, $1, id, $2::date, $2::date, 'completed_invoice', 'SEK', $17, $4, $5, 0, 0, 0, 0, $6, $7, 0, 0,
       $8, $9, $10, $11, $12, $13, $14, $15, 'standard', $16, '[]', 0, $18, $19, $20, $21
     from payments`,
    [
      invoiceId,
      registeredOn,
      ownerIds,
      salary.amount,
      salary.commissionAmount,
      salary.grossSalary,
      salary.socialFeeAmount,
      salary.incomeTaxAmount,
      salary.netSalary,
      salary.payout,
      salary.rates.fee,
      salary.rates.incomeTax,
      salary.rates.pension,
      salary.rates.pensionSpecialPayrollTax,
      salary.rates.employerContribution,
      salary.employerContributionRulesValidFrom,
      paid,
      salary.rates.vacationPay,
      salary.vacationPayAmount,
      salary.savedVacationPayAmount,
      salary.savedVacationPaySocialFeeAmount,
    ],
  );
  return salary.payout;
}
