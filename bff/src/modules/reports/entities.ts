// The reports module's one table (the schema lives in Migration20261127160000Reports): the declared months.
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** A person's figures as declared (öre), with the payouts behind them. */
export interface DeclaredPersonFigures {
  userId: string;
  displayName: string;
  email: string;
  personalIdentityNumber: string;
  cashGross: number;
  taxWithheld: number;
  contributions: number;
  kronor: { cashGross: number; taxWithheld: number };
  payoutIds: string[];
}

export interface DeclaredFigures {
  people: DeclaredPersonFigures[];
  totals: { cashGross: number; taxWithheld: number; contributions: number; toPay: number };
  kronor: { contributions: number; taxWithheld: number; toPay: number };
}

export const EmployerDeclarationRow = defineEntity({
  name: 'EmployerDeclarationRow',
  tableName: 'employer_declaration',
  properties: {
    id: p.uuid().primary().defaultRaw('gen_random_uuid()'),
    month: p.string().columnType('char(7)'),
    version: p.integer(),
    fingerprint: p.string().columnType('char(64)'),
    figures: p.json<DeclaredFigures>(),
    declaredBy: p.uuid().nullable(),
    declaredAt: p.datetime().defaultRaw('now()'),
  },
});
export type EmployerDeclarationRow = InferEntity<typeof EmployerDeclarationRow>;

export const reportsEntities = [EmployerDeclarationRow];
