import { getTableColumns } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import '../modules/admission/admission-round.resource';
import '../modules/admission/application.resource';
import '../modules/attendance/attendance-alerts.resource';
import '../modules/attendance/attendance-statuses';
import '../modules/base-data.routes';
import '../modules/certificate/certificate.resource';
import '../modules/certificate/certificate-template.resource';
import '../modules/course/course.resource';
import '../modules/course-order/course-order.resource';
import '../modules/exam/exam.resource';
import '../modules/exam-paper/exam-paper.resource';
import '../modules/graduation/degree-award.resource';
import '../modules/graduation/graduation-batch.resource';
import '../modules/graduation/graduation-requirement.resource';
import '../modules/knowledge/knowledge.resource';
import '../modules/live-class/live-class.resource';
import '../modules/live-class/live-provider.resource';
import '../modules/message/message.resource';
import '../modules/payment/payment-channels';
import '../modules/points/point-rules.resource';
import '../modules/question/question.resource';
import '../modules/role/role.resource';
import '../modules/shop/goods-order.resource';
import '../modules/shop/product.resource';
import '../modules/student-record/student-record.resource';
import '../modules/task/task.resource';
import '../modules/team/team.resource';
import '../modules/timetable/lesson.resource';
import '../modules/timetable/teaching-assignment.resource';
import '../modules/timetable/term-day.resource';
import '../modules/training/training-centre.resource';
import '../modules/training/training-programme.resource';
import '../modules/training/training-session.resource';
import '../modules/tuition/fee-structure.resource';
import '../modules/user/user.service';
import { engineResources } from '@lyceum/contract';
import { declaredResources } from './resource';

// The database is the truth for constraints and the entity declaration the truth for input: they
// must agree, or the contract lets through what the table cannot store (or refuses what it needs).
// Fields the server fills when the input leaves them out (hooks.values), so optional on purpose.
const DERIVED: Record<string, string[]> = {
  // From the question type: short answers are marked by hand, the rest automatically.
  question: ['judgeType'],
  // The organisation's currency when none is given (issue 33).
  feeStructure: ['currency'],
};

describe('every declared resource and its table', () => {
  const resources = declaredResources();

  it('covers every resource the contract declares', () => {
    expect(resources.map((r) => r.def.name).sort()).toEqual([...engineResources].sort());
  });

  for (const r of resources) {
    it(`${r.def.name}: each field is a column (or a link or child set) the input fits`, () => {
      const columns = getTableColumns(r.def.table) as Record<string, PgColumn>;
      const input = r.def.schemas.create.shape as Record<string, z.ZodType>;
      // The declared fields where there is a meta, the create input's fields otherwise.
      const fields = r.def.meta
        ? r.def.meta.fields
        : Object.keys(input)
            .filter((key) => key !== 'id')
            .map((key) => ({ key, importOnly: false }));
      const problems: string[] = [];
      for (const field of fields) {
        const key = field.key;
        const column = columns[key];
        if (!column) {
          // Input only (a new user's password is stored as its hash).
          if (field.importOnly) continue;
          const owned = (r.def.links && key in r.def.links) || (r.def.children && key in r.def.children);
          const decorated = !(key in input);
          if (!owned && !decorated) problems.push(`${key}: no column, link set or child collection`);
          continue;
        }
        const schema = input[key];
        if (!schema) continue;
        // What the column cannot hold, the input must refuse.
        if (column.columnType === 'PgVarchar') {
          const length = (column as unknown as { length: number }).length;
          if (schema.safeParse('x'.repeat(length + 1)).success) problems.push(`${key}: accepts more than ${length}`);
        }
        if (
          column.notNull &&
          !column.hasDefault &&
          !DERIVED[r.def.name]?.includes(key) &&
          schema.safeParse(undefined).success
        ) {
          const parsed = schema.safeParse(undefined);
          if (parsed.success && (parsed.data === undefined || parsed.data === null))
            problems.push(`${key}: optional in the input, required (no default) in the table`);
        }
        if (column.notNull && schema.safeParse(null).success && schema.safeParse(null).data === null)
          problems.push(`${key}: accepts null, the column is not null`);
      }
      expect(problems).toEqual([]);
    });
  }
});
