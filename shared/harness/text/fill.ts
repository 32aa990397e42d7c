/**
 * Fills `{{name}}` slots of a profile's wrapper strings in one pass: values are inserted as
 * they are and never scanned again, so file content that happens to hold `{{cwd}}` stays as
 * written. Slots with no value stay as written too.
 */
export function fillSlots(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{\{([A-Za-z][A-Za-z0-9_]*)\}\}/g, (whole, name: string) =>
    Object.prototype.hasOwnProperty.call(values, name) ? (values[name] as string) : whole,
  );
}
