import { en, type Texts } from './en';

/** The console's texts. English only for now; another language is another `Texts` object. */
export const t: Texts = en;

/** Fills `{name}` placeholders: fmt('Deposit #{id} approved', { id: 12 }). */
export function fmt(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}

/** A label from a number→text table, or the number itself when the table does not know it. */
export function label(table: Record<number | string, string>, value: number | string): string {
  return table[value] ?? String(value);
}
