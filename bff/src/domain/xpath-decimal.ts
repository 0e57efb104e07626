// Exact decimals with the XPath semantics the EN 16931 / Peppol rules are written in (xs:decimal, round(), sums),
// so the rule checks compare amounts exactly as the official schematron does, never through floats.

export interface Decimal {
  /** value = units / 10^scale */
  readonly units: bigint;
  readonly scale: number;
}

const DECIMAL = /^[ \t\r\n]*([+-]?)(\d*)(?:\.(\d*))?[ \t\r\n]*$/;

export const ZERO: Decimal = { units: 0n, scale: 0 };

/** Parses an xs:decimal lexical value ("12", "-0.5", ".5", "1."); undefined for anything else (e.g. "1e3", ""). */
export function parseDecimal(text: string | undefined): Decimal | undefined {
  if (text === undefined) {
    return undefined;
  }
  const match = DECIMAL.exec(text);
  if (!match) {
    return undefined;
  }
  const whole = match[2] ?? '';
  const fraction = match[3] ?? '';
  if (whole === '' && fraction === '') {
    return undefined;
  }
  const units = BigInt(`${whole}${fraction}` || '0');
  return { units: match[1] === '-' ? -units : units, scale: fraction.length };
}

function align(a: Decimal, b: Decimal): [bigint, bigint, number] {
  const scale = Math.max(a.scale, b.scale);
  return [a.units * 10n ** BigInt(scale - a.scale), b.units * 10n ** BigInt(scale - b.scale), scale];
}

export function add(a: Decimal, b: Decimal): Decimal {
  const [x, y, scale] = align(a, b);
  return { units: x + y, scale };
}

export function sub(a: Decimal, b: Decimal): Decimal {
  const [x, y, scale] = align(a, b);
  return { units: x - y, scale };
}

export function mul(a: Decimal, b: Decimal): Decimal {
  return { units: a.units * b.units, scale: a.scale + b.scale };
}

export function compare(a: Decimal, b: Decimal): number {
  const [x, y] = align(a, b);
  return x < y ? -1 : x > y ? 1 : 0;
}

export function equals(a: Decimal, b: Decimal): boolean {
  return compare(a, b) === 0;
}

export function abs(a: Decimal): Decimal {
  return a.units < 0n ? { units: -a.units, scale: a.scale } : a;
}

export function sum(values: readonly Decimal[]): Decimal {
  return values.reduce(add, ZERO);
}

/** value × 10^-n (e.g. a percentage ÷ 100). */
export function shift(a: Decimal, n: number): Decimal {
  return { units: a.units, scale: a.scale + n };
}

function floorDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return a % b !== 0n && a < 0n !== b < 0n ? q - 1n : q;
}

/**
 * XPath round() to `digits` decimals: the nearest value, halves towards positive infinity (round(-2.5) = -2).
 * The rules write `round(x * 10 * 10) div 100` for two decimals.
 */
export function round(a: Decimal, digits = 0): Decimal {
  if (a.scale <= digits) {
    return a;
  }
  const divisor = 10n ** BigInt(a.scale - digits);
  // floor(x + 1/2) in units of 10^-digits.
  return { units: floorDiv(2n * a.units + divisor, 2n * divisor), scale: digits };
}

/** Number of characters after the first '.', as the rules count decimals (`substring-after(., '.')`). */
export function fractionDigits(text: string): number {
  const dot = text.indexOf('.');
  return dot === -1 ? 0 : text.length - dot - 1;
}

export function fromInteger(n: number): Decimal {
  return { units: BigInt(n), scale: 0 };
}

/** XPath number() succeeds (not NaN): an optional sign, digits with an optional fraction, surrounding whitespace. */
export function isXPathNumber(text: string): boolean {
  return /^[ \t\r\n]*-?(\d+(\.\d*)?|\.\d+)[ \t\r\n]*$/.test(text);
}

export function toNumberString(a: Decimal): string {
  const negative = a.units < 0n;
  const digits = (negative ? -a.units : a.units).toString().padStart(a.scale + 1, '0');
  const whole = digits.slice(0, digits.length - a.scale);
  const fraction = digits.slice(digits.length - a.scale).replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}
