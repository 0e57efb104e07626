/** A moment in Swedish time, to the minute (where the support team works). */
export function when(iso: string): string {
  return new Date(iso).toLocaleString('sv-SE', {
    timeZone: 'Europe/Stockholm',
    dateStyle: 'short',
    timeStyle: 'short',
  });
}
