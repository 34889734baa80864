// Every enumeration carries its labels beside its values so a missing label fails to compile.
export type EnumColor = 'default' | 'success' | 'processing' | 'warning' | 'error';
export interface EnumLabel {
  en: string;
  zh: string;
  color?: EnumColor;
}
export type Lang = 'en' | 'zh';

export function enumValues<V extends number>(labels: Record<V, EnumLabel>): V[] {
  return Object.keys(labels).map((k) => Number(k) as V);
}

export function labelOf<V extends number>(labels: Record<V, EnumLabel>, value: V, lang: Lang): string {
  return labels[value]?.[lang] ?? String(value);
}
