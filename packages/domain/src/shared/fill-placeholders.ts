/**
 * A catalogue sentence with its `{name}` placeholders filled from `values`.
 * A placeholder with no value stays as written, so a missing value shows in
 * the text (and in a test) instead of vanishing.
 */
export function fillPlaceholders(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}
