// The employer declaration of a month (docs/product/back-office.md#employer-declaration): the salaries paid out that
// month (payouts in a file whose bank day is in it, not denied), per person from what their salary items stored;
// declaring freezes the figures (employer_declaration); a later change is a correction with its cause; the XML file.
import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { components } from '@frilo/openapi/types/api';
import {
  declarationCorrections,
  declaredKronor,
  employerDeclarationFigures,
  paidPartOfItem,
  paidVacationPay,
  type DeclarationPerson,
  type EmployerDeclarationFigures,
  type PaidSalary,
  type StoredSalaryItem,
} from '../../domain/employer-declaration.ts';
import { employerDeclarationXml, employerIdentity } from '../../domain/employer-declaration-xml.ts';
import {
  declarationPeriodCode,
  employerDeclarationDueDate,
  parseMonth,
  previousMonth,
  type ReportPeriod,
} from '../../domain/report-period.ts';
import { recordAuditEvent } from '../../platform/audit/audit.ts';
import { sqlRows } from '../../platform/db/sql.ts';
import { ConflictError, UnprocessableError, ValidationError } from '../../platform/errors.ts';
import { employeeDetails, type EmployeeDetails } from '../auth/public.ts';
import { payoutsInFiles, type ReportPayout, type ReportSalaryItem } from '../payments/public.ts';
import { invoiceDocumentsOf } from '../sending/public.ts';
import { EmployerDeclarationRow, type DeclaredFigures, type DeclaredPersonFigures } from './entities.ts';
import type { ReportsContext } from './context.ts';

type EmployerDeclarationView = components['schemas']['EmployerDeclaration'];
type PersonRef = components['schemas']['ReportPersonRef'];

/** The one specification number (field 570) of every person's part: one part per person and month. */
export const SPECIFICATION_NUMBER = 1;

export function monthOf(text: string): ReportPeriod {
  const month = parseMonth(text);
  if (!month) throw new ValidationError([{ field: 'month', code: 'invalid', message: 'A month YYYY-MM' }]);
  return month;
}

/** What a salary item stored, as the declaration reads it. */
export function storedItem(item: ReportSalaryItem): StoredSalaryItem {
  return {
    grossSalary: item.grossSalary,
    incomeTaxAmount: item.incomeTaxAmount,
    socialFeeAmount: item.socialFeeAmount,
    category: item.employerContributionCategory,
    bases: item.employerContributionBases,
    savedVacationPayAmount: item.savedVacationPayAmount,
    savedVacationPaySocialFee: item.savedVacationPaySocialFee,
  };
}

/**
 * What a payout paid, as its records stored it: the cash gross, the tax withheld, the employer contributions it made
 * due and the tax-free reimbursements. A salary payout: its salary items' paid parts (saved vacation pay left out). A
 * payout of saved vacation pay: its own gross, tax and the contributions set aside with the vacation pay.
 */
export function paidByPayout(payout: ReportPayout): {
  cashGross: number;
  taxWithheld: number;
  contributions: number;
  reimbursements: number;
} {
  if (payout.vacationPay) {
    const v = paidVacationPay(payout.vacationPay, payout.items.map(storedItem));
    return { cashGross: v.cashGross, taxWithheld: v.taxWithheld, contributions: v.contributions, reimbursements: 0 };
  }
  return payout.items.reduce(
    (sum, item) => {
      const paid = paidPartOfItem(storedItem(item));
      return {
        cashGross: sum.cashGross + paid.cashGross,
        taxWithheld: sum.taxWithheld + paid.taxWithheld,
        contributions: sum.contributions + paid.contributions,
        reimbursements: sum.reimbursements + item.reimbursements,
      };
    },
    { cashGross: 0, taxWithheld: 0, contributions: 0, reimbursements: 0 },
  );
}

/**
 * The salaries paid out in [from, to]: every salary item of every payout in a file with its bank day there, not denied,
 * and every payout of saved vacation pay likewise.
 */
export async function paidSalaries(
  em: EntityManager,
  from: string,
  to: string,
): Promise<{ parts: PaidSalary[]; payouts: ReportPayout[] }> {
  const payouts = (await payoutsInFiles(em, from, to, { deniedToo: false })).filter(
    (p) => p.executionDate >= from && p.executionDate <= to,
  );
  const parts: PaidSalary[] = [];
  for (const payout of payouts) {
    if (payout.status === 'failed_after_complete' || payout.status === 'failed') continue;
    if (payout.vacationPay) {
      // Saved vacation pay counts in the month it is paid out, with what its payout stored.
      parts.push({
        ownerId: payout.ownerId,
        payoutId: payout.id,
        payoutNumber: payout.number,
        executionDate: payout.executionDate,
        source: 'vacation_pay',
        salaryItemId: null,
        invoiceId: null,
        ...paidVacationPay(payout.vacationPay, payout.items.map(storedItem)),
      });
      continue;
    }
    for (const item of payout.items) {
      parts.push({
        ownerId: payout.ownerId,
        payoutId: payout.id,
        payoutNumber: payout.number,
        executionDate: payout.executionDate,
        source: 'salary_item',
        salaryItemId: item.id,
        invoiceId: item.invoiceId,
        ...paidPartOfItem(storedItem(item)),
      });
    }
  }
  return { parts, payouts };
}

function ref(details: EmployeeDetails | undefined, userId: string): PersonRef {
  return { userId, displayName: details?.displayName ?? userId, email: details?.email ?? '' };
}

function personalNumberOf(details: EmployeeDetails | undefined, userId: string): string {
  const id = details?.governmentId ?? '';
  if (!/^\d{12}$/.test(id))
    throw new ConflictError(
      'report_person_invalid',
      `The freelancer ${userId} was paid a salary and has no personal identity number to declare it under`,
    );
  return id;
}

function fingerprintOf(people: readonly DeclaredPersonFigures[]): string {
  const figures = people
    .map((p) => [p.userId, p.personalIdentityNumber, p.cashGross, p.taxWithheld, p.contributions])
    .sort((a, b) => String(a[0]).localeCompare(String(b[0])));
  return createHash('sha256').update(JSON.stringify(figures)).digest('hex');
}

type MonthState = {
  month: ReportPeriod;
  figures: EmployerDeclarationFigures;
  payouts: ReportPayout[];
  details: Map<string, EmployeeDetails>;
  declared: DeclaredFigures;
  fingerprint: string;
};

async function monthState(em: EntityManager, month: ReportPeriod): Promise<MonthState> {
  const { parts, payouts } = await paidSalaries(em, month.from, month.to);
  const figures = employerDeclarationFigures(parts);
  const details = await employeeDetails(
    em,
    figures.people.map((p) => p.ownerId),
  );
  const kronor = declaredKronor(figures);
  const people = figures.people.map((person, i) => {
    const who = details.get(person.ownerId);
    return {
      userId: person.ownerId,
      displayName: who?.displayName ?? person.ownerId,
      email: who?.email ?? '',
      personalIdentityNumber: personalNumberOf(who, person.ownerId),
      cashGross: person.cashGross,
      taxWithheld: person.taxWithheld,
      contributions: person.contributions,
      kronor: { cashGross: kronor.people[i]!.cashGross, taxWithheld: kronor.people[i]!.taxWithheld },
      payoutIds: [...new Set(person.parts.map((p) => p.payoutId))].sort(),
    };
  });
  const declared: DeclaredFigures = {
    people,
    totals: {
      cashGross: figures.totals.cashGross,
      taxWithheld: figures.totals.taxWithheld,
      contributions: figures.totals.contributions,
      toPay: figures.totals.toPay,
    },
    kronor: { contributions: kronor.contributions, taxWithheld: kronor.taxWithheld, toPay: kronor.toPay },
  };
  return { month, figures, payouts, details, declared, fingerprint: fingerprintOf(people) };
}

async function latestDeclaration(em: EntityManager, month: string): Promise<EmployerDeclarationRow | null> {
  return em.findOne(EmployerDeclarationRow, { month }, { orderBy: { version: 'desc' } });
}

const zeroTotals = { cashGross: 0, taxWithheld: 0, contributions: 0, toPay: 0 };

function personView(
  person: DeclarationPerson,
  stored: DeclaredPersonFigures,
  invoiceNumbers: Map<string, string>,
): components['schemas']['EmployerDeclarationPerson'] {
  return {
    person: { userId: stored.userId, displayName: stored.displayName, email: stored.email },
    personalIdentityNumber: stored.personalIdentityNumber,
    specificationNumber: SPECIFICATION_NUMBER,
    cashGross: person.cashGross,
    taxWithheld: person.taxWithheld,
    contributions: person.contributions,
    kronor: stored.kronor,
    bases: person.bases.map((b) => ({ category: b.category, rate: b.rate, amount: b.amount })),
    salaries: person.parts.map((part) => ({
      source: part.source,
      salaryItemId: part.salaryItemId,
      invoiceId: part.invoiceId,
      invoiceNumber: part.invoiceId ? (invoiceNumbers.get(part.invoiceId) ?? null) : null,
      payoutId: part.payoutId,
      payoutNumber: part.payoutNumber,
      executionDate: part.executionDate,
      cashGross: part.cashGross,
      taxWithheld: part.taxWithheld,
      contributions: part.contributions,
    })),
  };
}

async function view(em: EntityManager, state: MonthState, context: ReportsContext): Promise<EmployerDeclarationView> {
  const { month, figures, declared } = state;
  const record = await latestDeclaration(em, month.key);
  const invoiceIds = figures.people.flatMap((p) => p.parts.map((part) => part.invoiceId)).filter((id) => id !== null);
  const invoiceNumbers = new Map(
    (await invoiceDocumentsOf(em, invoiceIds as string[])).map((d) => [d.invoiceId, d.number]),
  );
  const declaredPeople = record?.figures.people ?? [];
  const corrections = record
    ? declarationCorrections(
        declaredPeople.map((p) => ({ ...p, ownerId: p.userId })),
        declared.people.map((p) => ({ ...p, ownerId: p.userId })),
      )
    : [];
  const refs = await employeeDetails(em, [
    ...corrections.map((c) => c.ownerId),
    ...(record?.declaredBy ? [record.declaredBy] : []),
  ]);
  const causesOf = (userId: string): components['schemas']['DeclarationCause'][] => {
    if (!record) return [];
    const was = new Set(declaredPeople.find((p) => p.userId === userId)?.payoutIds ?? []);
    const now = new Set(declared.people.find((p) => p.userId === userId)?.payoutIds ?? []);
    const causes: components['schemas']['DeclarationCause'][] = [];
    for (const payout of state.payouts.filter((p) => p.ownerId === userId)) {
      if (was.has(payout.id) && !now.has(payout.id) && payout.deniedOn) {
        causes.push({
          kind: 'payout_denied',
          payoutId: payout.id,
          payoutNumber: payout.number,
          date: payout.deniedOn,
          userId,
          amount: payout.amount,
          reason: payout.statusReason,
        });
      } else if (!was.has(payout.id) && now.has(payout.id)) {
        causes.push({
          kind: 'payout_added',
          payoutId: payout.id,
          payoutNumber: payout.number,
          date: payout.inFileOn,
          userId,
          amount: payout.amount,
          reason: null,
        });
      }
    }
    return causes;
  };
  const figuresOf = (p: { cashGross: number; taxWithheld: number; contributions: number } | null) =>
    p ? { cashGross: p.cashGross, taxWithheld: p.taxWithheld, contributions: p.contributions } : null;
  const sumOf = (key: 'cashGross' | 'taxWithheld' | 'contributions') => corrections.reduce((s, c) => s + c[key], 0);
  return {
    month: month.key,
    period: declarationPeriodCode(month),
    dueDate: employerDeclarationDueDate(month),
    status: !record ? 'open' : record.fingerprint === state.fingerprint ? 'declared' : 'corrected',
    employer: {
      name: context.config.seller.name,
      organisationNumber: employerIdentity(context.config.seller.organisationNumber),
    },
    people: figures.people.map((person, i) => personView(person, declared.people[i]!, invoiceNumbers)),
    totals: declared.totals,
    bases: figures.totals.bases.map((b) => ({ category: b.category, rate: b.rate, amount: b.amount })),
    kronor: declared.kronor,
    declaration: record
      ? {
          version: record.version,
          declaredAt: record.declaredAt.toISOString(),
          declaredBy: record.declaredBy ? ref(refs.get(record.declaredBy), record.declaredBy) : null,
          totals: record.figures.totals,
          kronor: record.figures.kronor,
          people: record.figures.people.map((p) => ({
            person: { userId: p.userId, displayName: p.displayName, email: p.email },
            personalIdentityNumber: p.personalIdentityNumber,
            cashGross: p.cashGross,
            taxWithheld: p.taxWithheld,
            contributions: p.contributions,
          })),
        }
      : null,
    corrections: corrections.map((c) => {
      const stored =
        declared.people.find((p) => p.userId === c.ownerId) ?? declaredPeople.find((p) => p.userId === c.ownerId);
      return {
        person: stored
          ? { userId: stored.userId, displayName: stored.displayName, email: stored.email }
          : ref(refs.get(c.ownerId), c.ownerId),
        declared: figuresOf(c.declared),
        current: figuresOf(c.current),
        cashGross: c.cashGross,
        taxWithheld: c.taxWithheld,
        contributions: c.contributions,
        causes: causesOf(c.ownerId),
      };
    }),
    correctionTotals: record
      ? {
          cashGross: sumOf('cashGross'),
          taxWithheld: sumOf('taxWithheld'),
          contributions: sumOf('contributions'),
          toPay: sumOf('taxWithheld') + sumOf('contributions'),
        }
      : zeroTotals,
    fingerprint: state.fingerprint,
  };
}

export async function employerDeclaration(
  em: EntityManager,
  context: ReportsContext,
  monthText: string,
): Promise<EmployerDeclarationView> {
  return view(em, await monthState(em, monthOf(monthText)), context);
}

/** An admin marks the month declared: its figures, as the admin saw them (`fingerprint`), frozen as the next version. */
export async function declareEmployerDeclaration(
  em: EntityManager,
  context: ReportsContext,
  by: { adminId: string; ip: string | null },
  monthText: string,
  fingerprint: string,
): Promise<EmployerDeclarationView> {
  const month = monthOf(monthText);
  if (month.from > context.today())
    throw new UnprocessableError('month_in_future', 'A month that has not begun cannot be declared');
  await em.transactional(async (tx) => {
    // One declaration of a month at a time: the second waits and then finds the first.
    await sqlRows(tx, `select pg_advisory_xact_lock(hashtext(?))`, [`employer_declaration:${month.key}`]);
    const state = await monthState(tx, month);
    if (state.fingerprint !== fingerprint)
      throw new ConflictError('declaration_outdated', 'The figures changed since they were shown: look at them again');
    const latest = await latestDeclaration(tx, month.key);
    if (latest?.fingerprint === fingerprint)
      throw new ConflictError('declaration_unchanged', 'The month is declared with these figures already');
    const version = (latest?.version ?? 0) + 1;
    tx.create(EmployerDeclarationRow, {
      month: month.key,
      version,
      fingerprint,
      figures: state.declared,
      declaredBy: by.adminId,
      declaredAt: context.now(),
    });
    await tx.flush();
    await recordAuditEvent(tx, {
      actorUserId: by.adminId,
      subjectUserId: null,
      action: 'employer_declaration.declared',
      data: {
        month: month.key,
        version,
        people: state.declared.people.length,
        contributions: state.declared.totals.contributions,
        taxWithheld: state.declared.totals.taxWithheld,
      },
      ip: by.ip,
    });
  });
  return employerDeclaration(em, context, month.key);
}

/** Swedish local time as the file's `Skapad` wants it: `YYYY-MM-DDTHH:MM:SS`. */
function swedishDateTime(at: Date): string {
  return at.toLocaleString('sv-SE', { timeZone: 'Europe/Stockholm', hour12: false }).replace(' ', 'T');
}

export async function employerDeclarationFile(
  em: EntityManager,
  context: ReportsContext,
  monthText: string,
): Promise<{ xml: string; fileName: string }> {
  const contact = context.config.reports.contact;
  if (!contact)
    throw new ConflictError('reports_contact_missing', 'Set REPORTS_CONTACT_NAME and REPORTS_CONTACT_PHONE first');
  const month = monthOf(monthText);
  const state = await monthState(em, month);
  const record = await latestDeclaration(em, month.key);
  const current = new Set(state.declared.people.map((p) => p.personalIdentityNumber));
  const removed = (record?.figures.people ?? []).filter((p) => !current.has(p.personalIdentityNumber));
  const xml = employerDeclarationXml({
    programName: context.config.brandName,
    organisationNumber: context.config.seller.organisationNumber,
    period: declarationPeriodCode(month),
    createdAt: swedishDateTime(context.now()),
    contact,
    individuals: state.declared.people.map((p) => ({
      personalIdentityNumber: p.personalIdentityNumber,
      specificationNumber: SPECIFICATION_NUMBER,
      cashGross: p.kronor.cashGross,
      taxWithheld: p.kronor.taxWithheld,
    })),
    removed: removed.map((p) => ({
      personalIdentityNumber: p.personalIdentityNumber,
      specificationNumber: SPECIFICATION_NUMBER,
    })),
    contributions: state.declared.kronor.contributions,
    taxWithheld: state.declared.kronor.taxWithheld,
  });
  return { xml, fileName: `arbetsgivardeklaration-${declarationPeriodCode(month)}.xml` };
}

/** The recent months, newest first: what was paid out, what the declaration makes due, and whether it is declared. */
export async function employerDeclarationMonths(
  em: EntityManager,
  context: ReportsContext,
  count: number,
): Promise<components['schemas']['EmployerDeclarationMonths']> {
  const today = context.today();
  let month = monthOf(today.slice(0, 7));
  const months: components['schemas']['EmployerDeclarationMonths']['months'] = [];
  for (let i = 0; i < count; i++) {
    const state = await monthState(em, month);
    const record = await latestDeclaration(em, month.key);
    months.push({
      month: month.key,
      dueDate: employerDeclarationDueDate(month),
      people: state.declared.people.length,
      totals: state.declared.totals,
      status: !record ? 'open' : record.fingerprint === state.fingerprint ? 'declared' : 'corrected',
      declaredVersion: record?.version ?? null,
    });
    month = previousMonth(month);
  }
  return { months };
}
