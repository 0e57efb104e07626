/** Joins the class names that are set: `cx(styles.button, primary && styles.primary, className)`. */
export function cx(...names: (string | false | null | undefined)[]): string {
  return names.filter(Boolean).join(' ');
}
