import { CheckCircleFilled, LinkOutlined } from '@ant-design/icons';
import type { FieldMeta, Lang, ResourceMeta } from '@lyceum/contract';
import { labelOf } from '@lyceum/contract';
import { Space, type TableColumnType, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { pickTitle } from '../shell/i18n';
import type { RefChoices } from './ref-options';
import type { AnyRow } from './resource-api';
import { listFields } from './resource-view';

const EMPTY = <Typography.Text type="secondary">—</Typography.Text>;

function fileName(url: string): string {
  try {
    const last = new URL(url, window.location.origin).pathname.split('/').pop();
    return last ? decodeURIComponent(last) : url;
  } catch {
    return url;
  }
}

function refName(id: unknown, choices: RefChoices | undefined): string {
  return typeof id === 'number' ? (choices?.nameOf(id) ?? `#${id}`) : String(id);
}

// How one value of a field shows in a table cell.
export function renderCell(field: FieldMeta, value: unknown, lang: Lang, t: TFunction, refs?: RefChoices): ReactNode {
  if (value === null || value === undefined || value === '') return EMPTY;
  switch (field.kind) {
    case 'enum': {
      const label = field.enum?.[value as number];
      return label ? <Tag color={label.color}>{labelOf(field.enum ?? {}, value as number, lang)}</Tag> : String(value);
    }
    case 'boolean':
      return value ? (
        <Tag icon={<CheckCircleFilled />} color="success">
          {t('common.yes')}
        </Tag>
      ) : (
        <Typography.Text type="secondary">{t('common.no')}</Typography.Text>
      );
    case 'ref':
      return refName(value, refs);
    case 'refs':
      return Array.isArray(value) && value.length > 0
        ? value.map((id: unknown) => <Tag key={String(id)}>{refName(id, refs)}</Tag>)
        : EMPTY;
    case 'color':
      return (
        <Space size={6}>
          <span className="color-swatch" style={{ background: String(value) }} />
          {String(value)}
        </Space>
      );
    case 'url':
    case 'file':
      return (
        <a href={String(value)} target="_blank" rel="noreferrer">
          <LinkOutlined /> {fileName(String(value))}
        </a>
      );
    default:
      return String(value);
  }
}

// Table columns from the meta: enum tags in their colours, references by name, sortable where declared.
export function metaColumns(
  meta: ResourceMeta,
  lang: Lang,
  t: TFunction,
  refs: Map<string, RefChoices>,
): TableColumnType<AnyRow>[] {
  return listFields(meta).map((field) => ({
    key: field.key,
    dataIndex: field.key,
    title: pickTitle(field.label, lang),
    width: field.width,
    align: field.kind === 'number' ? 'right' : undefined,
    ellipsis: field.kind === 'text' || field.kind === 'textarea' || field.kind === 'url',
    sorter: field.sortable ? true : undefined,
    render: (value: unknown) => renderCell(field, value, lang, t, refs.get(field.key)),
  }));
}
