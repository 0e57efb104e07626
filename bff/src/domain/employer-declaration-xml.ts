// Skatteverket's file of an employer declaration at individual level (arbetsgivardeklaration, schema 1.1), written
// from the technical description ("Teknisk beskrivning för arbetsgivardeklaration på individnivå"): the official XSD is
// not available to us, so the structure and the sums are checked by our own tests (employer-declaration-xml.test.ts).
//
//   <Skatteverket omrade="Arbetsgivardeklaration" xmlns=".../instans/schema/1.1" xmlns:agd=".../komponent/schema/1.1">
//     <agd:Avsandare>            program, sender's id (12 digits), technical contact, created (local time)
//     <agd:Blankettgemensamt>    the employer (AgRegistreradId) and its contact person
//     <agd:Blankett> HU          main part: 201 employer, 006 period, 487 contributions, 497 tax withheld
//     <agd:Blankett> IU × n      one individual part per person: 201, 215 personal identity number (12 digits),
//                                006, 570 specification number, 011 cash gross salary, 001 tax withheld
//     <agd:Blankett> IU borttag  a person declared before and no longer paid that month: 201, 215, 006, 570, 205 = 1
//
// Amounts are whole kronor. Every text goes through xml-writer.ts, which escapes it.
import { XmlNode, xmlDocument } from './xml-writer.ts';

export const AGI_INSTANCE_NAMESPACE = 'http://xmls.skatteverket.se/se/skatteverket/da/instans/schema/1.1';
export const AGI_COMPONENT_NAMESPACE = 'http://xmls.skatteverket.se/se/skatteverket/da/komponent/schema/1.1';

export type AgiContact = { readonly name: string; readonly phone: string; readonly email: string };

export type AgiIndividual = {
  /** 12 digits, century included. */
  readonly personalIdentityNumber: string;
  /** 570: the same number in every file of the month for this person (a correction replaces the part it names). */
  readonly specificationNumber: number;
  /** 011, whole kronor. */
  readonly cashGross: number;
  /** 001, whole kronor. */
  readonly taxWithheld: number;
};

export type AgiFileInput = {
  readonly programName: string;
  /** The employer's organisation number, 10 digits (written as 12: `16` + the number). */
  readonly organisationNumber: string;
  /** `YYYYMM`. */
  readonly period: string;
  /** `YYYY-MM-DDTHH:MM:SS`, Swedish local time. */
  readonly createdAt: string;
  readonly contact: AgiContact;
  readonly individuals: readonly AgiIndividual[];
  /** People declared in an earlier file of the month and no longer paid: their parts are removed (borttag). */
  readonly removed: readonly { readonly personalIdentityNumber: string; readonly specificationNumber: number }[];
  /** 487 and 497, whole kronor. */
  readonly contributions: number;
  readonly taxWithheld: number;
};

export class AgiFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AgiFileError';
  }
}

/** An organisation number as Skatteverket's 12-digit identity: `16` + the 10 digits. */
export function employerIdentity(organisationNumber: string): string {
  const digits = organisationNumber.replace(/\D/g, '');
  if (digits.length !== 10) throw new AgiFileError(`Not an organisation number: ${organisationNumber}`);
  return `16${digits}`;
}

function amount(value: number, field: string): string {
  if (!Number.isSafeInteger(value) || value < 0 || value > 9_999_999_999)
    throw new AgiFileError(`${field}: an amount 0–9 999 999 999 kr, got ${value}`);
  return String(value);
}

function field(parent: XmlNode, name: string, code: string, value: string): void {
  parent.ele(`agd:${name}`, { faltkod: code }).txt(value);
}

function form(root: XmlNode, employer: string, period: string): XmlNode {
  const blankett = root.ele('agd:Blankett');
  const info = blankett.ele('agd:Arendeinformation');
  info.ele('agd:Arendeagare').txt(employer);
  info.ele('agd:Period').txt(period);
  return blankett.ele('agd:Blankettinnehall');
}

function individual(
  content: XmlNode,
  employer: string,
  period: string,
  person: { personalIdentityNumber: string; specificationNumber: number },
): XmlNode {
  if (!/^\d{12}$/.test(person.personalIdentityNumber))
    throw new AgiFileError('A personal identity number must be 12 digits');
  if (!Number.isInteger(person.specificationNumber) || person.specificationNumber < 1)
    throw new AgiFileError('A specification number is a whole number from 1');
  const iu = content.ele('agd:IU');
  field(iu.ele('agd:ArbetsgivareIUGROUP'), 'AgRegistreradId', '201', employer);
  field(
    iu.ele('agd:BetalningsmottagareIUGROUP').ele('agd:BetalningsmottagareIDChoice'),
    'BetalningsmottagarId',
    '215',
    person.personalIdentityNumber,
  );
  field(iu, 'RedovisningsPeriod', '006', period);
  field(iu, 'Specifikationsnummer', '570', String(person.specificationNumber));
  return iu;
}

/** The declaration as Skatteverket's XML file (UTF-8). */
export function employerDeclarationXml(input: AgiFileInput): string {
  if (!/^\d{4}(0[1-9]|1[0-2])$/.test(input.period)) throw new AgiFileError(`Not a period YYYYMM: ${input.period}`);
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/.test(input.createdAt))
    throw new AgiFileError('The creation time is YYYY-MM-DDTHH:MM:SS');
  const sumOfIndividuals = input.individuals.reduce((sum, p) => sum + p.taxWithheld, 0);
  if (sumOfIndividuals !== input.taxWithheld)
    throw new AgiFileError('497 must be the sum of every individual part’s 001');
  const people = new Set(input.individuals.map((p) => p.personalIdentityNumber));
  if (people.size !== input.individuals.length) throw new AgiFileError('One individual part per person');
  if (input.removed.some((p) => people.has(p.personalIdentityNumber)))
    throw new AgiFileError('A person is either declared or removed');
  const employer = employerIdentity(input.organisationNumber);
  const root = new XmlNode('Skatteverket', {
    omrade: 'Arbetsgivardeklaration',
    xmlns: AGI_INSTANCE_NAMESPACE,
    'xmlns:agd': AGI_COMPONENT_NAMESPACE,
  });
  const sender = root.ele('agd:Avsandare');
  sender.ele('agd:Programnamn').txt(input.programName);
  sender.ele('agd:Organisationsnummer').txt(employer);
  const technical = sender.ele('agd:TekniskKontaktperson');
  technical.ele('agd:Namn').txt(input.contact.name);
  technical.ele('agd:Telefon').txt(input.contact.phone);
  technical.ele('agd:Epostadress').txt(input.contact.email);
  sender.ele('agd:Skapad').txt(input.createdAt);

  const employerPart = root.ele('agd:Blankettgemensamt').ele('agd:Arbetsgivare');
  employerPart.ele('agd:AgRegistreradId').txt(employer);
  const contact = employerPart.ele('agd:Kontaktperson');
  contact.ele('agd:Namn').txt(input.contact.name);
  contact.ele('agd:Telefon').txt(input.contact.phone);
  contact.ele('agd:Epostadress').txt(input.contact.email);

  const hu = form(root, employer, input.period).ele('agd:HU');
  field(hu.ele('agd:ArbetsgivareHUGROUP'), 'AgRegistreradId', '201', employer);
  field(hu, 'RedovisningsPeriod', '006', input.period);
  field(hu, 'SummaArbAvgSlf', '487', amount(input.contributions, '487'));
  field(hu, 'SummaSkatteavdr', '497', amount(input.taxWithheld, '497'));

  for (const person of input.individuals) {
    const iu = individual(form(root, employer, input.period), employer, input.period, person);
    field(iu, 'KontantErsattningUlagAG', '011', amount(person.cashGross, '011'));
    field(iu, 'AvdrPrelSkatt', '001', amount(person.taxWithheld, '001'));
  }
  for (const person of input.removed) {
    const iu = individual(form(root, employer, input.period), employer, input.period, person);
    field(iu, 'Borttag', '205', '1');
  }
  return xmlDocument(root);
}
