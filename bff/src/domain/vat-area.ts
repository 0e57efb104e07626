// The EU VAT area: the member states minus their territories outside it. Whether a customer's address lies in it
// decides reverse charge and the organisation type, and will decide an invoice's VAT treatment.
import { isEuMemberState } from './vat-number.ts';

/**
 * Parts of EU member states outside the EU VAT area (VAT Directive 2006/112/EC art. 6 and 7), found by the
 * postal code of the address: Canary Islands (ES 35, 38), Ceuta (ES 51), Melilla (ES 52), the French overseas
 * departments and collectivities (FR 971–978), Heligoland (DE 27498), Büsingen (DE 78266), Livigno (IT 23041),
 * Campione d'Italia (IT 22061) and Mount Athos (GR 63086). Åland has its own country code (AX), outside the EU list.
 */
const OUTSIDE_EU_VAT_AREA: Readonly<Record<string, readonly RegExp[]>> = {
  ES: [/^(35|38|51|52)\d{3}$/],
  FR: [/^97[1-8]\d{2}$/],
  DE: [/^(27498|78266)$/],
  IT: [/^(23041|22061)$/],
  GR: [/^63086$/],
};

/** Whether an address (ISO country code, postal code) lies in the EU VAT area. */
export function isInEuVatArea(country: string, postalCode: string): boolean {
  const code = country.trim().toUpperCase();
  if (!isEuMemberState(code) || code === 'EL') return false;
  const compact = postalCode.replace(/[\s-]+/g, '');
  return !((Object.hasOwn(OUTSIDE_EU_VAT_AREA, code) ? OUTSIDE_EU_VAT_AREA[code] : undefined) ?? []).some((pattern) =>
    pattern.test(compact),
  );
}
