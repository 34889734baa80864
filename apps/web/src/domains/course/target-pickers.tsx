import { Select, TreeSelect } from 'antd';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import type { TreeNode } from '../../crud/resource-api';
import { searchStudents, useDepartments, useTeams } from '../../ui/lookups';
import { UserSearchSelect } from '../../ui/user-search-select';

// The pickers of an assignment's targets, over the shared lookups of ui/ (classes, departments,
// students): each takes the id list its Form.Item holds.

interface ManyProps<V> {
  id?: string;
  value?: V[];
  onChange?: (value: V[]) => void;
  placeholder?: string;
  'aria-label'?: string;
}

// Grade years: the last five, this one and the next, and every class's year, newest first.
export function GradeYearSelect(props: ManyProps<number>) {
  const teams = useTeams();
  const options = useMemo(() => {
    const now = dayjs().year();
    const years = new Set<number>(Array.from({ length: 7 }, (_, i) => now - 5 + i));
    for (const team of teams.data ?? []) years.add(team.gradeYear);
    return [...years].sort((a, b) => b - a).map((y) => ({ value: y, label: String(y) }));
  }, [teams.data]);
  return <Select {...props} mode="multiple" allowClear options={options} />;
}

// Classes, each named with its grade year; typed to search.
export function ClassSelect(props: ManyProps<number>) {
  const teams = useTeams();
  const options = (teams.data ?? []).map((team) => ({ value: team.id, label: `${team.name} (${team.gradeYear})` }));
  return (
    <Select
      {...props}
      mode="multiple"
      allowClear
      loading={teams.isPending}
      showSearch={{ optionFilterProp: 'label' }}
      options={options}
    />
  );
}

type DepartmentOption = { value: number; title: string; children?: DepartmentOption[] };
const departmentOptions = (nodes: TreeNode[] | undefined): DepartmentOption[] =>
  (nodes ?? []).map((n) => ({
    value: n.id,
    title: String(n.name ?? `#${n.id}`),
    children: n.children?.length ? departmentOptions(n.children) : undefined,
  }));

// Departments from their tree (an assignment to one reaches its sub-departments too).
export function DepartmentSelect(props: ManyProps<number>) {
  const departments = useDepartments();
  return (
    <TreeSelect
      {...props}
      multiple
      allowClear
      showSearch={{ treeNodeFilterProp: 'title' }}
      treeDefaultExpandAll
      loading={departments.isPending}
      treeData={departmentOptions(departments.data)}
    />
  );
}

// Named students, searched on the server as one types.
export function StudentSelect(props: ManyProps<number> & { placeholder: string }) {
  return <UserSearchSelect kind="student" search={searchStudents} {...props} />;
}
