import { sql } from 'drizzle-orm';
import { date, index, integer, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { idTable, keyId, ownedRefs, refId, stamps, tenantRefs, trigramIndex } from '../../platform/columns';
import { tenantTable } from '../../platform/organizations.table';
import { semesters } from '../calendar/calendar.table';
import { departments } from '../department/department.table';
import { users } from '../user/user.table';

// A class: students with a class teacher, addressed as one group by exams, homework and messages.
export const teams = tenantTable(
  'teams',
  {
    name: varchar('name', { length: 64 }).notNull(),
    gradeYear: integer('grade_year').notNull(),
    majorId: refId('major_id'),
    semesterId: refId('semester_id'),
    classTeacherId: refId('class_teacher_id'),
    remark: varchar('remark', { length: 200 }),
    // Written with every save of the members (never typed in).
    memberCount: integer('member_count').notNull().default(0),
    ...stamps(),
  },
  (t) => [
    uniqueIndex('teams_name_uq').on(t.organizationId, sql`lower(${t.name})`),
    index('teams_teacher_ix').on(t.organizationId, t.classTeacherId),
    index('teams_grade_ix').on(t.organizationId, t.gradeYear),
    trigramIndex('teams_name_trgm', t.name),
    ...tenantRefs(t, [t.majorId, departments], [t.semesterId, semesters], [t.classTeacherId, users]),
  ],
);

// A class's members (an owned collection: saved with the class); a student is in a class once.
export const teamMembers = idTable(
  'team_members',
  {
    teamId: keyId('team_id'),
    userId: keyId('user_id'),
    joinDate: date('join_date', { mode: 'string' }),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    uniqueIndex('team_members_uq').on(t.organizationId, t.teamId, t.userId),
    ...ownedRefs('team_members_user_ix', t, [t.teamId, teams], [t.userId, users], true),
  ],
);
