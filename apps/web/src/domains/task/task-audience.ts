import { TaskRange } from '@lyceum/contract';

interface Targets {
  rangeType: TaskRange;
  gradeYears: number[];
  teamIds: number[];
  studentIds: number[];
}

// Who a task goes to, as the names a teacher reads: the grade years, the classes (by name, "#id"
// while unknown) or the number of students picked.
export function audienceOf(
  task: Targets,
  teamName: (id: number) => string | undefined,
): { range: TaskRange; names: string[]; count: number } {
  switch (task.rangeType) {
    case TaskRange.Grade:
      return { range: task.rangeType, names: [...task.gradeYears].sort().map(String), count: task.gradeYears.length };
    case TaskRange.Class:
      return {
        range: task.rangeType,
        names: task.teamIds.map((id) => teamName(id) ?? `#${id}`),
        count: task.teamIds.length,
      };
    default:
      return { range: task.rangeType, names: [], count: task.studentIds.length };
  }
}
