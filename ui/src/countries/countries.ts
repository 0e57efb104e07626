// Countries for an address, named in the reader's language by the browser (Intl.DisplayNames), so
// no list of names ships with the app. Sweden first: nearly every user and most customers live here.

export const HOME_COUNTRY = 'SE';

/** ISO 3166-1 alpha-2 codes an address may have. */
export const COUNTRY_CODES: readonly string[] = (
  'AD AE AF AG AI AL AM AO AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BW BY BZ ' +
  'CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO ' +
  'FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GT GU GW GY HK HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO ' +
  'JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ ' +
  'MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA ' +
  'RE RO RS RU RW SA SB SC SD SE SG SH SI SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TG TH TJ TK TL TM TN TO TR TT ' +
  'TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS XK YE YT ZA ZM ZW'
).split(' ');

const languageTag = (locale: string) => (locale === 'sv' ? 'sv-SE' : 'en-GB');

function displayNames(locale: string): Intl.DisplayNames | null {
  try {
    return new Intl.DisplayNames([languageTag(locale)], { type: 'region' });
  } catch {
    return null;
  }
}

/** Every country, named in `locale`, alphabetically after Sweden. */
export function countryOptions(locale: string): { value: string; label: string }[] {
  const names = displayNames(locale);
  const options = COUNTRY_CODES.map((code) => ({ value: code, label: names?.of(code) ?? code }));
  const collator = new Intl.Collator(languageTag(locale));
  options.sort((a, b) =>
    a.value === HOME_COUNTRY ? -1 : b.value === HOME_COUNTRY ? 1 : collator.compare(a.label, b.label),
  );
  return options;
}

/** One country's name in `locale` (the code when the browser does not know it). */
export function countryName(code: string, locale: string): string {
  return displayNames(locale)?.of(code) ?? code;
}
