import { capitalise, type ErrorDetail, errorText, type ImportRowError, issueDetail, type Lang } from '@lyceum/contract';
import type { z } from 'zod';
import { AppError } from './errors';

// The problems of an import, every one of every row: each coded like any refusal (the web translates
// `error`), with the reason and the column header already in the language the caller asked for.
export class ImportErrors {
  readonly list: ImportRowError[] = [];

  constructor(
    private readonly lang: Lang,
    // The column header of an input field ("roleIds" -> "Roles" / "角色"), "" when it has none.
    private readonly columnOf: (field: string) => string,
  ) {}

  // `column` overrides the header found from the field.
  add(row: number, field: string, detail: ErrorDetail, column?: string): void {
    const error = { ...detail, ...(field ? { field } : {}) } as ErrorDetail;
    this.list.push({
      row,
      field,
      column: column ?? (field ? this.columnOf(field) : ''),
      message: capitalise(errorText(this.lang, error)),
      error,
    });
  }

  // A zod issue, its path under `prefix` (a compose question's child: "children.1.").
  addIssue(row: number, issue: z.core.$ZodIssue, prefix = ''): void {
    const detail = issueDetail(issue);
    this.add(row, `${prefix}${issue.path.map(String).join('.')}`, detail);
  }

  // A refusal thrown by a rule; one without a field is put on `field` (the field the rule checks).
  // Anything else is a fault, not a problem of the row, and goes on up.
  addThrown(row: number, err: unknown, field: string, prefix = ''): void {
    if (!(err instanceof AppError)) throw err;
    this.add(row, `${prefix}${err.detail.field ?? field}`, err.detail);
  }

  rows(): Set<number> {
    return new Set(this.list.map((e) => e.row));
  }

  // By row, each row's problems in the order they were found.
  sorted(): ImportRowError[] {
    return this.list
      .map((e, i) => ({ e, i }))
      .sort((a, b) => a.e.row - b.e.row || a.i - b.i)
      .map(({ e }) => e);
  }
}
