import type { FieldMeta } from '@lyceum/contract';
import { Form, Input } from 'antd';
import type { Rule } from 'antd/es/form';
import type { z } from 'zod';
import { pickTitle } from '../shell/i18n';
import { fieldKinds, type KindContext } from './field-kinds';
import { zodRule } from './zod-rules';

export type InputContext = KindContext;

// The reference field of the same form whose value narrows this one's choices (a category's degree).
function dependencyOf(field: FieldMeta, ctx: KindContext, siblings: FieldMeta[]): string | undefined {
  const rows = ctx.refs.get(field.key)?.rows ?? [];
  return siblings.find((s) => s.key !== field.key && s.kind === 'ref' && rows.some((r) => s.key in r))?.key;
}

// One field of a create/edit form: its input, rules from `required` and the contract's zod schema.
export function formItem(
  field: FieldMeta,
  schema: z.ZodType | undefined,
  ctx: KindContext,
  { autoFocus = false, siblings = [] }: { autoFocus?: boolean; siblings?: FieldMeta[] } = {},
) {
  const kind = fieldKinds[field.kind];
  const label = pickTitle(field.label, ctx.lang);
  const rules: Rule[] = [];
  if (field.required) {
    rules.push({
      required: true,
      type: kind.ruleType ?? 'string',
      whitespace: kind.whitespace,
      message: ctx.t(kind.picked ? 'validation.select' : 'validation.required', { field: label }),
    });
  }
  if (schema) rules.push(zodRule(schema, ctx.t));
  return (
    <Form.Item
      key={field.key}
      name={field.key}
      label={label}
      rules={rules}
      tooltip={field.help ? pickTitle(field.help, ctx.lang) : undefined}
      {...kind.valueProps}
    >
      {kind.input({ field, ctx, label, autoFocus, dependsOn: dependencyOf(field, ctx, siblings) })}
    </Form.Item>
  );
}

// One field of the filter bar.
export function filterItem(field: FieldMeta, ctx: KindContext) {
  const kind = fieldKinds[field.kind];
  const label = pickTitle(field.label, ctx.lang);
  const args = { field, ctx, label, autoFocus: false };
  return (
    <Form.Item
      key={field.key}
      name={field.key}
      label={label}
      className="filter-item"
      {...(kind.filter && kind.valueProps?.normalize ? kind.valueProps : {})}
    >
      {kind.filter ? kind.filter(args) : <Input allowClear />}
    </Form.Item>
  );
}
