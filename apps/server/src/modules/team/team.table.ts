import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, pgTable, primaryKey, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import {
  createTime,
  organizationId,
  refId,
  tenantId,
  tenantRef,
  trigramIndex,
  updateTime,
} from '../../platform/columns';
import { organizations } from '../../platform/organizations.table';
import { semesters } from '../calendar/calendar.table';
import { departments } from '../department/department.table';
import { users } from '../user/user.table';

// A class: students with a class teacher, addressed as one group by exams, homework and messages.
export const teams = pgTable(
  'teams',
  {
    organizationId: organizationId().references(() => organizations.id, { onDelete: 'cascade' }),
    id: tenantId(),
    name: varchar('name', { length: 64 }).notNull(),
    gradeYear: integer('grade_year').notNull(),
    majorId: refId('major_id'),
    semesterId: refId('semester_id'),
    classTeacherId: refId('class_teacher_id'),
    remark: varchar('remark', { length: 200 }),
    // Written with every save of the members (never typed in).
    memberCount: integer('member_count').notNull().default(0),
    createTime: createTime(),
    updateTime: updateTime(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    uniqueIndex('teams_name_uq').on(t.organizationId, sql`lower(${t.name})`),
    index('teams_teacher_ix').on(t.organizationId, t.classTeacherId),
    index('teams_grade_ix').on(t.organizationId, t.gradeYear),
    trigramIndex('teams_name_trgm', t.name),
    tenantRef(t.organizationId, t.majorId, departments),
    tenantRef(t.organizationId, t.semesterId, semesters),
    tenantRef(t.organizationId, t.classTeacherId, users),
  ],
);

// A class's members (an owned collection: saved with the class); a student is in a class once.
export const teamMembers = pgTable(
  'team_members',
  {
    organizationId: organizationId(),
    id: tenantId(),
    teamId: bigint('team_id', { mode: 'number' }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    joinDate: date('join_date', { mode: 'string' }),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    uniqueIndex('team_members_uq').on(t.organizationId, t.teamId, t.userId),
    index('team_members_user_ix').on(t.organizationId, t.userId),
    tenantRef(t.organizationId, t.teamId, teams).onDelete('cascade'),
    tenantRef(t.organizationId, t.userId, users).onDelete('cascade'),
  ],
);
