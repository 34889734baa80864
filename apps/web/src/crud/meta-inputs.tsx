import { enumValues, type FieldMeta, type Lang, labelOf } from '@lyceum/contract';
import {
  type ColorPickerProps,
  DatePicker,
  Form,
  Input,
  InputNumber,
  Radio,
  Select,
  Switch,
  TreeSelect,
  type TreeSelectProps,
} from 'antd';
import type { Rule } from 'antd/es/form';
import dayjs, { type Dayjs } from 'dayjs';
import type { TFunction } from 'i18next';
import { lazy, type ReactNode, Suspense } from 'react';
import type { z } from 'zod';
import { pickTitle } from '../shell/i18n';
import { FileInput } from './file-input';
import type { RefChoices, RefTreeOption } from './ref-options';
import type { UploadPurpose } from './resource-view';
import { zodRule } from './zod-rules';

export interface InputContext {
  lang: Lang;
  t: TFunction;
  refs: Map<string, RefChoices>;
  upload?: UploadPurpose;
  // Tree nodes a reference may not point to (a node and its descendants cannot be its own parent).
  excluded?: ReadonlySet<number>;
}

const DATE = 'YYYY-MM-DD';

// Only the settings form picks colours; loading the picker on demand keeps it out of chunks the login shares.
const ColorPicker = lazy(() => import('antd/es/color-picker'));
function LazyColorPicker(props: ColorPickerProps) {
  return (
    <Suspense fallback={<Input disabled style={{ width: 120 }} />}>
      <ColorPicker {...props} />
    </Suspense>
  );
}
// antd's `required` checks a string unless told otherwise.
const ruleType: Partial<Record<FieldMeta['kind'], 'number' | 'array' | 'boolean'>> = {
  number: 'number',
  enum: 'number',
  ref: 'number',
  refs: 'array',
  boolean: 'boolean',
};

function enumOptions(field: FieldMeta, lang: Lang) {
  const labels = field.enum ?? {};
  return enumValues(labels).map((v) => ({ value: v, label: labelOf(labels, v, lang) }));
}

function withExcluded(nodes: RefTreeOption[], excluded?: ReadonlySet<number>): TreeSelectProps['treeData'] {
  return nodes.map((n) => ({
    value: n.value,
    title: n.title,
    disabled: excluded?.has(n.value),
    children: n.children ? withExcluded(n.children, excluded) : undefined,
  }));
}

interface RefSelectProps {
  field: FieldMeta;
  ctx: InputContext;
  multiple: boolean;
  label: string;
  placeholder: string;
  // Another field of the same form the referenced rows carry (a category's degreeId): when it has a
  // value, only rows that match it are offered.
  dependsOn?: string;
  id?: string;
  value?: unknown;
  onChange?: (value: unknown) => void;
}

function RefSelect({ field, ctx, multiple, label, placeholder, dependsOn, ...control }: RefSelectProps) {
  const form = Form.useFormInstance();
  const parentValue: unknown = Form.useWatch(dependsOn ?? [], form);
  const choices = ctx.refs.get(field.key);
  const common = { ...control, allowClear: true, showSearch: true, loading: choices?.loading, placeholder };
  if (choices?.tree)
    return (
      <TreeSelect
        {...common}
        aria-label={label}
        multiple={multiple}
        treeData={withExcluded(choices.tree, ctx.excluded)}
        treeDefaultExpandAll
        treeNodeFilterProp="title"
      />
    );
  const allowed =
    dependsOn && typeof parentValue === 'number'
      ? new Set(choices?.rows.filter((r) => r[dependsOn] === parentValue).map((r) => r.id))
      : null;
  const options = allowed ? choices?.options.filter((o) => allowed.has(o.value)) : choices?.options;
  return (
    <Select
      {...common}
      aria-label={label}
      mode={multiple ? 'multiple' : undefined}
      options={options}
      optionFilterProp="label"
    />
  );
}

function dependencyOf(field: FieldMeta, ctx: InputContext, siblings: FieldMeta[]): string | undefined {
  const rows = ctx.refs.get(field.key)?.rows ?? [];
  return siblings.find((s) => s.key !== field.key && s.kind === 'ref' && rows.some((r) => s.key in r))?.key;
}

// The input of one field in a create/edit form.
function formControl(
  field: FieldMeta,
  ctx: InputContext,
  label: string,
  autoFocus: boolean,
  siblings: FieldMeta[],
): ReactNode {
  const choose = ctx.t('common.choose');
  switch (field.kind) {
    case 'textarea':
      return <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} />;
    case 'number':
      return <InputNumber style={{ width: '100%' }} />;
    case 'enum': {
      const options = enumOptions(field, ctx.lang);
      return options.length <= 4 ? (
        <Radio.Group options={options} />
      ) : (
        <Select options={options} placeholder={choose} />
      );
    }
    case 'boolean':
      return <Switch />;
    case 'date':
      return <DatePicker style={{ width: '100%' }} format={DATE} />;
    case 'color':
      return <LazyColorPicker showText format="hex" disabledAlpha />;
    case 'ref':
    case 'refs':
      return (
        <RefSelect
          field={field}
          ctx={ctx}
          multiple={field.kind === 'refs'}
          label={label}
          placeholder={choose}
          dependsOn={dependencyOf(field, ctx, siblings)}
        />
      );
    case 'url':
    case 'file':
      if (ctx.upload)
        return <FileInput purpose={ctx.upload} preview={ctx.upload === 'image' || ctx.upload === 'logo'} />;
      return <Input inputMode="url" placeholder="https://" />;
    default:
      return <Input autoComplete="off" autoFocus={autoFocus} />;
  }
}

// Form.Item props that convert between what the control holds and what the API takes.
function valueProps(field: FieldMeta): Partial<Parameters<typeof Form.Item>[0]> {
  switch (field.kind) {
    case 'boolean':
      return { valuePropName: 'checked' };
    case 'date':
      return {
        getValueProps: (v: unknown) => ({ value: typeof v === 'string' && v ? dayjs(v) : undefined }),
        normalize: (d: Dayjs | null) => (d ? d.format(DATE) : undefined),
      };
    case 'color':
      return {
        normalize: (c: { toHexString: () => string } | string | null) => (typeof c === 'string' ? c : c?.toHexString()),
      };
    default:
      return {};
  }
}

export function formItem(
  field: FieldMeta,
  schema: z.ZodType | undefined,
  ctx: InputContext,
  { autoFocus = false, siblings = [] }: { autoFocus?: boolean; siblings?: FieldMeta[] } = {},
) {
  const label = pickTitle(field.label, ctx.lang);
  const rules: Rule[] = [];
  if (field.required) {
    const pick = ['enum', 'ref', 'refs', 'date', 'color'].includes(field.kind);
    rules.push({
      required: true,
      type: ruleType[field.kind] ?? 'string',
      whitespace: field.kind === 'text' || field.kind === 'textarea',
      message: ctx.t(pick ? 'validation.select' : 'validation.required', { field: label }),
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
      {...valueProps(field)}
    >
      {formControl(field, ctx, label, autoFocus, siblings)}
    </Form.Item>
  );
}

// The input of one field in the filter bar.
export function filterItem(field: FieldMeta, ctx: InputContext) {
  const label = pickTitle(field.label, ctx.lang);
  let control: ReactNode;
  switch (field.kind) {
    case 'enum':
      control = <Select allowClear placeholder={ctx.t('common.all')} options={enumOptions(field, ctx.lang)} />;
      break;
    case 'boolean':
      control = (
        <Select
          allowClear
          placeholder={ctx.t('common.all')}
          options={[
            { value: true, label: ctx.t('common.yes') },
            { value: false, label: ctx.t('common.no') },
          ]}
        />
      );
      break;
    case 'number':
      control = <InputNumber style={{ width: '100%' }} />;
      break;
    case 'ref':
    case 'refs':
      control = <RefSelect field={field} ctx={ctx} multiple={false} label={label} placeholder={ctx.t('common.all')} />;
      break;
    default:
      control = <Input allowClear />;
  }
  return (
    <Form.Item key={field.key} name={field.key} label={label} className="filter-item">
      {control}
    </Form.Item>
  );
}
