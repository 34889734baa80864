import { CheckCircleFilled, LinkOutlined } from '@ant-design/icons';
import { enumValues, type FieldKind, type FieldMeta, type Lang, labelOf } from '@lyceum/contract';
import {
  type ColorPickerProps,
  DatePicker,
  type FormItemProps,
  Input,
  InputNumber,
  Radio,
  Select,
  Space,
  Switch,
  Tag,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { TFunction } from 'i18next';
import { lazy, type ReactNode, Suspense } from 'react';
import { OneLineHtml } from '../rich-text/one-line';
import { formatDuration } from './duration';
import { FileInput } from './file-input';
import type { RefChoices } from './ref-options';
import { RefSelect } from './ref-select';
import { RemoteRefName } from './remote-ref-select';
import type { UploadPurpose } from './resource-view';

// One registry says, for every field kind, how a value shows in a cell, which input edits it, which input
// filters by it and how the form converts between the two. New kinds (and the screens of papers, exams,
// marking) add an entry here instead of another case in several switches.

export interface KindContext {
  lang: Lang;
  t: TFunction;
  refs: Map<string, RefChoices>;
  upload?: UploadPurpose;
  // Tree nodes a reference may not point to (a node and its descendants cannot be its own parent).
  excluded?: ReadonlySet<number>;
}

export interface InputArgs {
  field: FieldMeta;
  ctx: KindContext;
  label: string;
  autoFocus: boolean;
  // Another reference field of the form the picked rows depend on (category → degree).
  dependsOn?: string;
}

export interface FieldKindSpec {
  // The cell of a non-empty value.
  cell?: (value: unknown, field: FieldMeta, ctx: KindContext) => ReactNode;
  input: (args: InputArgs) => ReactNode;
  // The filter bar's input; a plain text input when absent.
  filter?: (args: InputArgs) => ReactNode;
  // Form.Item props converting between what the control holds and what the API takes.
  valueProps?: FormItemProps;
  // antd's `required` checks a string unless told otherwise.
  ruleType?: 'number' | 'array' | 'boolean';
  // A value one picks rather than types: "please choose" instead of "please enter".
  picked?: boolean;
  // A blank text is no text.
  whitespace?: boolean;
  align?: 'right';
  ellipsis?: boolean;
}

export const EMPTY = <Typography.Text type="secondary">—</Typography.Text>;

const DATE = 'YYYY-MM-DD';
const DATE_TIME = 'YYYY-MM-DD HH:mm';

// Only a few forms pick colours or edit rich text: both load on demand, out of the chunks the login shares.
const ColorPicker = lazy(() => import('antd/es/color-picker'));
function LazyColorPicker(props: ColorPickerProps) {
  return (
    <Suspense fallback={<Input disabled style={{ width: 120 }} />}>
      <ColorPicker {...props} />
    </Suspense>
  );
}
const RichTextInput = lazy(() => import('../rich-text/rich-text-input').then((m) => ({ default: m.RichTextInput })));
export function RichTextField({
  id,
  value,
  onChange,
  label,
}: {
  id?: string;
  value?: string;
  onChange?: (v: string) => void;
  label: string;
}) {
  return (
    <Suspense fallback={<Input.TextArea disabled rows={4} />}>
      <RichTextInput id={id} ariaLabel={label} value={value ?? ''} onChange={(v) => onChange?.(v)} />
    </Suspense>
  );
}

function fileName(url: string): string {
  try {
    const last = new URL(url, window.location.origin).pathname.split('/').pop();
    return last ? decodeURIComponent(last) : url;
  } catch {
    return url;
  }
}

function refName(id: unknown, field: FieldMeta, ctx: KindContext): ReactNode {
  if (typeof id !== 'number') return String(id);
  if (field.ref?.remote) return <RemoteRefName refTo={field.ref} id={id} />;
  return ctx.refs.get(field.key)?.nameOf(id) ?? `#${id}`;
}

function enumOptions(field: FieldMeta, lang: Lang) {
  const labels = field.enum ?? {};
  return enumValues(labels).map((v) => ({ value: v, label: labelOf(labels, v, lang) }));
}

function refInput(multiple: boolean, placeholderKey: string) {
  return ({ field, ctx, label, dependsOn }: InputArgs) => (
    <RefSelect
      field={field}
      choices={ctx.refs.get(field.key)}
      multiple={multiple}
      label={label}
      placeholder={ctx.t(placeholderKey)}
      excluded={ctx.excluded}
      dependsOn={dependsOn}
    />
  );
}

const text: FieldKindSpec = {
  input: ({ autoFocus }) => <Input autoComplete="off" autoFocus={autoFocus} />,
  whitespace: true,
  ellipsis: true,
};

const link: FieldKindSpec = {
  cell: (value) => (
    <a href={String(value)} target="_blank" rel="noreferrer">
      <LinkOutlined /> {fileName(String(value))}
    </a>
  ),
  input: ({ ctx }) =>
    ctx.upload ? (
      <FileInput purpose={ctx.upload} preview={ctx.upload === 'image' || ctx.upload === 'logo'} />
    ) : (
      <Input inputMode="url" placeholder="https://" />
    ),
  ellipsis: true,
};

export const fieldKinds: Record<FieldKind, FieldKindSpec> = {
  text,
  textarea: { ...text, input: () => <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} /> },
  number: {
    input: () => <InputNumber style={{ width: '100%' }} />,
    filter: () => <InputNumber style={{ width: '100%' }} />,
    ruleType: 'number',
    align: 'right',
  },
  enum: {
    cell: (value, field, { lang }) => {
      const label = field.enum?.[value as number];
      return label ? <Tag color={label.color}>{labelOf(field.enum ?? {}, value as number, lang)}</Tag> : String(value);
    },
    input: ({ field, ctx }) => {
      const options = enumOptions(field, ctx.lang);
      return options.length <= 4 ? (
        <Radio.Group options={options} />
      ) : (
        <Select options={options} placeholder={ctx.t('common.choose')} />
      );
    },
    filter: ({ field, ctx }) => (
      <Select allowClear placeholder={ctx.t('common.all')} options={enumOptions(field, ctx.lang)} />
    ),
    ruleType: 'number',
    picked: true,
  },
  boolean: {
    cell: (value, _, { t }) =>
      value ? (
        <Tag icon={<CheckCircleFilled />} color="success">
          {t('common.yes')}
        </Tag>
      ) : (
        <Typography.Text type="secondary">{t('common.no')}</Typography.Text>
      ),
    input: () => <Switch />,
    filter: ({ ctx }) => (
      <Select
        allowClear
        placeholder={ctx.t('common.all')}
        options={[
          { value: true, label: ctx.t('common.yes') },
          { value: false, label: ctx.t('common.no') },
        ]}
      />
    ),
    valueProps: { valuePropName: 'checked' },
    ruleType: 'boolean',
  },
  date: {
    cell: (value) => String(value).slice(0, 10),
    input: () => <DatePicker style={{ width: '100%' }} format={DATE} />,
    filter: () => <DatePicker format={DATE} />,
    valueProps: {
      getValueProps: (v: unknown) => ({ value: typeof v === 'string' && v ? dayjs(v) : undefined }),
      normalize: (d: Dayjs | null) => (d ? d.format(DATE) : undefined),
    },
    picked: true,
  },
  datetime: {
    cell: (value) => dayjs(String(value)).format(DATE_TIME),
    input: () => (
      <DatePicker showTime={{ format: 'HH:mm', minuteStep: 5 }} style={{ width: '100%' }} format={DATE_TIME} />
    ),
    filter: () => <DatePicker format={DATE} />,
    valueProps: {
      getValueProps: (v: unknown) => ({ value: typeof v === 'string' && v ? dayjs(v) : undefined }),
      normalize: (d: Dayjs | null) => (d ? d.toISOString() : undefined),
    },
    picked: true,
  },
  duration: {
    cell: (value, _, { t }) => (typeof value === 'number' ? formatDuration(value, t) : String(value)),
    input: ({ ctx }) => <DurationInput t={ctx.t} />,
    filter: () => <InputNumber min={0} style={{ width: '100%' }} />,
    ruleType: 'number',
    align: 'right',
  },
  richText: {
    cell: (value) => <OneLineHtml html={String(value)} />,
    input: ({ label }) => <RichTextField label={label} />,
    whitespace: true,
    ellipsis: true,
  },
  color: {
    cell: (value) => (
      <Space size={6}>
        <span className="color-swatch" style={{ background: String(value) }} />
        {String(value)}
      </Space>
    ),
    input: () => <LazyColorPicker showText format="hex" disabledAlpha />,
    valueProps: {
      normalize: (c: { toHexString: () => string } | string | null) => (typeof c === 'string' ? c : c?.toHexString()),
    },
    picked: true,
  },
  ref: {
    cell: (value, field, ctx) => refName(value, field, ctx),
    input: refInput(false, 'common.choose'),
    filter: refInput(false, 'common.all'),
    ruleType: 'number',
    picked: true,
  },
  refs: {
    cell: (value, field, ctx) =>
      Array.isArray(value) && value.length > 0
        ? value.map((id: unknown) => <Tag key={String(id)}>{refName(id, field, ctx)}</Tag>)
        : EMPTY,
    input: refInput(true, 'common.choose'),
    filter: refInput(false, 'common.all'),
    ruleType: 'array',
    picked: true,
  },
  url: link,
  file: link,
};

// Minutes typed as a number, with the reading ("1 h 30 min") beside it.
export function DurationInput({
  t,
  value,
  onChange,
  id,
}: {
  t: TFunction;
  value?: number | null;
  onChange?: (v: number | null) => void;
  id?: string;
}) {
  return (
    <Space>
      <InputNumber
        id={id}
        step={5}
        value={value}
        onChange={onChange}
        suffix={t('kit.minutes')}
        style={{ width: 160 }}
      />
      {typeof value === 'number' && value >= 60 && (
        <Typography.Text type="secondary">{formatDuration(value, t)}</Typography.Text>
      )}
    </Space>
  );
}
