// Exact rational arithmetic on BigInt, for rates and every intermediate money value: nothing here rounds.
// Rates travel as exact decimal strings of a percentage ('31.42' = 31.42 %), the form PostgreSQL's numeric and the
// profile's `incomeTaxRate`/`pensionRate` already use; they become a Ratio only inside a computation.

/** A rational number `numerator / denominator`, always reduced, denominator > 0. */
export type Ratio = { readonly numerator: bigint; readonly denominator: bigint };

/** An exact decimal string of a percentage: `'31.42'`, `'6'`, `'4.5'`, `'0'`. */
export type PercentString = string;

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

function gcd(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y !== 0n) {
    [x, y] = [y, x % y];
  }
  return x;
}

function toBigInt(value: bigint | number, name: string): bigint {
  if (typeof value === 'bigint') {
    return value;
  }
  if (!Number.isSafeInteger(value)) {
    throw new RangeError(`${name} must be a safe integer, got ${value}`);
  }
  return BigInt(value);
}

/** `numerator / denominator`, reduced. Throws a RangeError for a zero denominator or a non-integer number. */
export function ratio(numerator: bigint | number, denominator: bigint | number = 1n): Ratio {
  let n = toBigInt(numerator, 'numerator');
  let d = toBigInt(denominator, 'denominator');
  if (d === 0n) {
    throw new RangeError('Division by zero');
  }
  if (d < 0n) {
    n = -n;
    d = -d;
  }
  const divisor = gcd(n, d);
  return divisor > 1n ? { numerator: n / divisor, denominator: d / divisor } : { numerator: n, denominator: d };
}

export const ZERO: Ratio = ratio(0n);
export const ONE: Ratio = ratio(1n);

export function add(a: Ratio, b: Ratio): Ratio {
  return ratio(a.numerator * b.denominator + b.numerator * a.denominator, a.denominator * b.denominator);
}

export function subtract(a: Ratio, b: Ratio): Ratio {
  return ratio(a.numerator * b.denominator - b.numerator * a.denominator, a.denominator * b.denominator);
}

export function multiply(a: Ratio, b: Ratio): Ratio {
  return ratio(a.numerator * b.numerator, a.denominator * b.denominator);
}

/** Throws a RangeError when `b` is zero. */
export function divide(a: Ratio, b: Ratio): Ratio {
  return ratio(a.numerator * b.denominator, a.denominator * b.numerator);
}

/** Negative when `a < b`, 0 when equal, positive when `a > b`. */
export function compare(a: Ratio, b: Ratio): number {
  const difference = a.numerator * b.denominator - b.numerator * a.denominator;
  return difference < 0n ? -1 : difference > 0n ? 1 : 0;
}

export function min(a: Ratio, b: Ratio): Ratio {
  return compare(a, b) <= 0 ? a : b;
}

export function max(a: Ratio, b: Ratio): Ratio {
  return compare(a, b) >= 0 ? a : b;
}

/**
 * Parses a plain decimal string (`'31.42'`, `'-0.5'`, `'11.0534'`, no grouping, no exponent, at most `maxScale`
 * decimals); null for anything else. This is for program and stored values, not for what a user types (see
 * `parseAmount` in money.ts).
 */
export function parseDecimal(text: string, maxScale = 12): Ratio | null {
  if (typeof text !== 'string') {
    return null;
  }
  const match = DECIMAL.exec(text);
  if (!match) {
    return null;
  }
  const fraction = match[3] ?? '';
  if (fraction.length > maxScale) {
    return null;
  }
  const digits = BigInt(`${match[2] ?? ''}${fraction}`);
  return ratio(match[1] === '-' ? -digits : digits, 10n ** BigInt(fraction.length));
}

const percentCache = new Map<string, Ratio>();

/** A percentage string as a fraction: `'31.42'` → 3142/10000. Null when not a plain decimal. */
export function parsePercent(text: PercentString): Ratio | null {
  const known = percentCache.get(text);
  if (known) {
    return known;
  }
  const value = parseDecimal(text);
  const fraction = value && multiply(value, ratio(1n, 100n));
  if (fraction) {
    // The same few rates are parsed on every salary; a bounded memo keeps that off the hot path.
    if (percentCache.size >= 1_000) {
      percentCache.clear();
    }
    percentCache.set(text, fraction);
  }
  return fraction;
}

/** Like `parsePercent` for program input (tables, stored rates): throws a RangeError instead of returning null. */
export function percent(text: PercentString): Ratio {
  const value = parsePercent(text);
  if (!value) {
    throw new RangeError(`Not an exact decimal percentage: ${JSON.stringify(text)}`);
  }
  return value;
}

/**
 * The exact decimal notation of `value` with at least `minScale` decimals. Throws a RangeError when `value` has no
 * finite decimal expansion of at most `maxScale` decimals (e.g. 1/3): nothing here rounds.
 */
export function formatDecimal(value: Ratio, minScale = 0, maxScale = 20): string {
  // Only a denominator made of 2s and 5s terminates: find the first power of ten it divides.
  let scale = 0;
  let power = 1n;
  while (power % value.denominator !== 0n) {
    if (scale >= maxScale) {
      throw new RangeError('No finite decimal expansion');
    }
    power *= 10n;
    scale += 1;
  }
  let scaled = value.numerator * (power / value.denominator);
  while (scale < minScale) {
    scaled *= 10n;
    scale += 1;
  }
  const negative = scaled < 0n;
  const digits = (negative ? -scaled : scaled).toString().padStart(scale + 1, '0');
  const integer = digits.slice(0, digits.length - scale);
  const fraction = digits.slice(digits.length - scale);
  return `${negative ? '-' : ''}${integer}${scale > 0 ? `.${fraction}` : ''}`;
}

/** A fraction as a percentage string with at least 2 decimals: 3142/10000 → `'31.42'`, 6/100 → `'6.00'`. */
export function formatPercent(value: Ratio): PercentString {
  return formatDecimal(multiply(value, ratio(100n)), 2);
}
