// Every enumeration carries its labels beside its values so a missing label fails to compile.
export type EnumColor = 'default' | 'success' | 'processing' | 'warning' | 'error';
export interface EnumLabel {
  en: string;
  zh: string;
  color?: EnumColor;
}
export type Lang = 'en' | 'zh';

// One member of an enumeration: its value, its English and Chinese labels, and its colour if any.
export type EnumRow = readonly [value: number, en: string, zh: string, color?: EnumColor];
// The values of an enumeration: `MarkingFlag` the type is `EnumValue<typeof MarkingFlag>`.
export type EnumValue<T> = T[keyof T];

// An enumeration declared once, a row per member, so no value goes without its labels: the value
// object (member name to value, as `{ ... } as const` reads) and the labels by value, which zEnum,
// enumValues and labelOf take.
export function defineEnum<const T extends Record<string, EnumRow>>(
  rows: T,
): { values: { readonly [K in keyof T]: T[K][0] }; labels: Record<T[keyof T][0], EnumLabel> } {
  const values: Record<string, number> = {};
  const labels: Record<number, EnumLabel> = {};
  for (const [name, [value, en, zh, color]] of Object.entries(rows)) {
    values[name] = value;
    labels[value] = color ? { en, zh, color } : { en, zh };
  }
  return { values: values as { readonly [K in keyof T]: T[K][0] }, labels };
}

export function enumValues<V extends number>(labels: Record<V, EnumLabel>): V[] {
  return Object.keys(labels).map((k) => Number(k) as V);
}

export function labelOf<V extends number>(labels: Record<V, EnumLabel>, value: V, lang: Lang): string {
  return labels[value]?.[lang] ?? String(value);
}
