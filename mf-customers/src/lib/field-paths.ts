// Form fields are flat (`postalCode`); the API names them by path (`address.postalCode`, and
// `corrections.address.postalCode` on the public page). Texts are keyed by the API's path.

export const ADDRESS_FIELDS = ['streetName', 'postalCode', 'city', 'country'] as const;
type AddressField = (typeof ADDRESS_FIELDS)[number];

const isAddressField = (name: string): name is AddressField => (ADDRESS_FIELDS as readonly string[]).includes(name);

/** The API path of a form field, which is also its key under `errors.fields`. */
export function apiPathOf(field: string): string {
  return isAddressField(field) ? `address.${field}` : field;
}

/**
 * The form field an API error path (without `body.`) belongs to. `organizationType` is derived
 * from the country, so its errors land there; the address as a whole lands on the street.
 */
export function formFieldOf(path: string): string {
  const inner = path.replace(/^corrections\./, '');
  if (inner === 'organizationType') return 'country';
  if (inner === 'address') return 'streetName';
  const address = /^address\.(\w+)$/.exec(inner);
  return address ? (address[1] ?? inner) : inner;
}
