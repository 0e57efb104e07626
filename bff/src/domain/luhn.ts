// Luhn (modulus 10) check digits, as used by Swedish personal identity numbers, organisation numbers, Bankgiro numbers and OCR references.

const DIGITS = /^\d+$/;

/**
 * Sum of the Luhn weights for `digits` when the rightmost digit of `digits` gets weight 2
 * (i.e. `digits` is a payload that a check digit will be appended to).
 */
function weightedSum(digits: string, rightmostWeight: 1 | 2): number {
  let sum = 0;
  let weight = rightmostWeight;
  for (let i = digits.length - 1; i >= 0; i--) {
    const product = (digits.charCodeAt(i) - 48) * weight;
    sum += product > 9 ? product - 9 : product;
    weight = weight === 2 ? 1 : 2;
  }
  return sum;
}

/**
 * The Luhn check digit (0–9) to append to `payload`.
 * `payload` is trusted program data, not user input: a non-digit or empty payload is a bug and throws a RangeError.
 */
export function luhnCheckDigit(payload: string): number {
  if (!DIGITS.test(payload)) {
    throw new RangeError('luhnCheckDigit expects a non-empty string of digits');
  }
  return (10 - (weightedSum(payload, 2) % 10)) % 10;
}

/** Whether `digits` (payload followed by its check digit) passes the Luhn check; false for anything but two or more digits. */
export function isValidLuhn(digits: string): boolean {
  if (digits.length < 2 || !DIGITS.test(digits)) {
    return false;
  }
  return weightedSum(digits, 1) % 10 === 0;
}
