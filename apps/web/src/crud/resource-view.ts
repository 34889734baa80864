import type { FieldMeta, FilePurpose, FormMeta, Lang, ResourceMeta } from '@lyceum/contract';
import type { z } from 'zod';
import { pickTitle } from '../shell/i18n';

export type UploadPurpose = FilePurpose;

// Everything a meta-driven screen needs to know about one resource: its meta and the zod schema
// of its create input (form rules and defaults come from it). `upload` turns 'url' and 'file'
// fields into inputs that can also upload a file of that purpose.
export interface ResourceView {
  meta: ResourceMeta;
  schema: z.ZodObject;
  upload?: UploadPurpose;
}
// What a form alone needs (the settings form is one, without a resource behind it).
export type FormView = Omit<ResourceView, 'meta'> & { meta: FormMeta };

export function listFields(meta: ResourceMeta): FieldMeta[] {
  return meta.fields.filter((f) => f.list !== false && !f.importOnly);
}

export function formFields(meta: FormMeta): FieldMeta[] {
  return meta.fields.filter((f) => f.form !== false && !f.importOnly);
}

export function filterFields(meta: ResourceMeta): FieldMeta[] {
  return meta.fields.filter((f) => f.filter);
}

export function labelKeyOf(meta: ResourceMeta): string {
  return meta.labelKey ?? 'name';
}

// A field key as people read it ('' for errors that concern the whole row).
export function fieldLabel(meta: ResourceMeta, key: string, lang: Lang): string {
  const field = meta.fields.find((f) => f.key === key);
  return field ? pickTitle(field.label, lang) : key;
}

export function rowName(meta: ResourceMeta, row: Record<string, unknown>): string {
  const value = row[labelKeyOf(meta)];
  return typeof value === 'string' || typeof value === 'number' ? String(value) : `#${String(row.id)}`;
}
