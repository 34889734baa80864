// The job queue's table is the platform's (platform/jobs.table.ts), which writes it; the domain's
// importers and the schema find it here.
export { type JobStatus, jobs } from '../../platform/jobs.table';
