// Every table of the product, for drizzle-kit and for the typed query builder.
export * from '../modules/auth/auth.table';
export * from '../modules/calendar/calendar.table';
export * from '../modules/catalogue/catalogue.table';
export * from '../modules/department/department.table';
export * from '../modules/education/education.table';
export * from '../modules/exam-paper/exam-paper.table';
export * from '../modules/export/export.table';
export * from '../modules/file/file.table';
export * from '../modules/job/job.table';
export * from '../modules/library/library.table';
export * from '../modules/log/log.table';
export * from '../modules/organization/organization.table';
export * from '../modules/question/question.table';
export * from '../modules/role/role.table';
export * from '../modules/system-config/system-config.table';
export * from '../modules/user/user.table';
