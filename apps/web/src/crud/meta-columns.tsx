import type { FieldMeta, ResourceMeta } from '@lyceum/contract';
import type { TableColumnType } from 'antd';
import type { ReactNode } from 'react';
import { pickTitle } from '../shell/i18n';
import { EMPTY, fieldKinds, type KindContext } from './field-kinds';
import type { AnyRow } from './resource-api';
import { listFields } from './resource-view';

// How one value of a field shows in a table cell.
export function renderCell(field: FieldMeta, value: unknown, ctx: KindContext): ReactNode {
  if (value === null || value === undefined || value === '') return EMPTY;
  const cell = fieldKinds[field.kind].cell;
  return cell ? cell(value, field, ctx) : String(value);
}

// Table columns from the meta: enum tags in their colours, references by name, sortable where declared.
export function metaColumns(meta: ResourceMeta, ctx: KindContext): TableColumnType<AnyRow>[] {
  return listFields(meta).map((field) => {
    const kind = fieldKinds[field.kind];
    return {
      key: field.key,
      dataIndex: field.key,
      title: pickTitle(field.label, ctx.lang),
      width: field.width,
      align: kind.align,
      ellipsis: kind.ellipsis,
      sorter: field.sortable ? true : undefined,
      render: (value: unknown) => renderCell(field, value, ctx),
    };
  });
}
