import type { FieldMeta } from '@lyceum/contract';
import { Form, Select, TreeSelect, type TreeSelectProps } from 'antd';
import type { RefChoices, RefTreeOption } from './ref-options';
import { RemoteRefSelect } from './remote-ref-select';

function withExcluded(nodes: RefTreeOption[], excluded?: ReadonlySet<number>): TreeSelectProps['treeData'] {
  return nodes.map((n) => ({
    value: n.value,
    title: n.title,
    disabled: excluded?.has(n.value),
    children: n.children ? withExcluded(n.children, excluded) : undefined,
  }));
}

interface Props {
  field: FieldMeta;
  choices: RefChoices | undefined;
  multiple: boolean;
  label: string;
  placeholder: string;
  // Tree ids that may not be picked (a node and its descendants cannot be its own parent).
  excluded?: ReadonlySet<number>;
  // Another field of the same form the referenced rows carry (a category's degreeId): when it has a
  // value, only rows that match it are offered.
  dependsOn?: string;
  id?: string;
  value?: unknown;
  onChange?: (value: unknown) => void;
}

// The picker of a 'ref'/'refs' field: a tree for tree resources, a searchable list for small ones, and
// a server-searched, paged list for references marked `remote` (users, questions).
export function RefSelect({ field, choices, multiple, label, placeholder, excluded, dependsOn, ...control }: Props) {
  const form = Form.useFormInstance();
  const parentValue: unknown = Form.useWatch(dependsOn ?? [], form);
  if (field.ref?.remote)
    return (
      <RemoteRefSelect
        {...control}
        refTo={field.ref}
        multiple={multiple}
        aria-label={label}
        placeholder={placeholder}
      />
    );
  const common = { ...control, allowClear: true, showSearch: true, loading: choices?.loading, placeholder };
  if (choices?.tree)
    return (
      <TreeSelect
        {...common}
        aria-label={label}
        multiple={multiple}
        treeData={withExcluded(choices.tree, excluded)}
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
