import { type EnumLabel, enumValues, type Lang, labelOf } from '@lyceum/contract';
import { Checkbox, Form, Input, Select } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../shell/i18n';

// The fields filter bars keep repeating, for a list page's `filterFields` or a screen's own filter form.

// An enum's values as select options, labelled in the current language.
export function enumOptions<V extends number>(labels: Record<V, EnumLabel>, lang: Lang) {
  return enumValues(labels).map((v) => ({ value: v, label: labelOf(labels, v, lang) }));
}

// Free text under `keyword`.
export function KeywordFilter(props: { label: string; placeholder?: string; width?: number }) {
  return (
    <Form.Item name="keyword" label={props.label}>
      <Input allowClear placeholder={props.placeholder} style={{ width: props.width ?? 180 }} />
    </Form.Item>
  );
}

// One of a list of choices, or any (cleared). The placeholder names "any": "All" unless given, none
// with false; `searchable` lets the choices be typed to.
export function SelectFilter<V extends string | number>(props: {
  name: string;
  label: string;
  width: number;
  options: { value: V; label: string }[] | undefined;
  loading?: boolean;
  placeholder?: string | false;
  searchable?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Form.Item name={props.name} label={props.label}>
      <Select
        allowClear
        showSearch={props.searchable ? { optionFilterProp: 'label' } : undefined}
        placeholder={props.placeholder === false ? undefined : (props.placeholder ?? t('common.all'))}
        style={{ width: props.width }}
        loading={props.loading}
        options={props.options}
      />
    </Form.Item>
  );
}

// One of an enum's values, or any.
export function EnumFilter<V extends number>(props: {
  name: string;
  label: string;
  labels: Record<V, EnumLabel>;
  width: number;
  placeholder?: false;
  searchable?: boolean;
}) {
  const lang = useLang();
  const { labels, ...rest } = props;
  return <SelectFilter {...rest} options={enumOptions(labels, lang)} />;
}

// A yes-only switch: checked narrows the list, unchecked leaves it whole.
export function CheckFilter(props: { name: string; children: ReactNode }) {
  return (
    <Form.Item name={props.name} valuePropName="checked">
      <Checkbox>{props.children}</Checkbox>
    </Form.Item>
  );
}
