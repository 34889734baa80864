// The operation log's table is the platform's (platform/operation-log.table.ts), which writes it;
// the log screens and the schema find it here.
export { operationLogs } from '../../platform/operation-log.table';
