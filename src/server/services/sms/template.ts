/** `${name}` placeholders of SMS templates (the syntax Alibaba Cloud templates use). */

const PLACEHOLDER = /\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/** A variable name as a placeholder can hold it. */
export const VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,29}$/;

/** The variable names a text uses, each once, in the order they first appear. */
export function placeholders(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1]!))];
}

/** The text with every placeholder replaced by its value (callers check that all of them have one). */
export function render(text: string, values: ReadonlyMap<string, string>): string {
  return text.replace(PLACEHOLDER, (whole, name: string) => values.get(name) ?? whole);
}
