// Exam day, the invigilators' side (exam/monitorLog), in three parts: who may watch what and the
// file readers that follow it (monitor-access), the reads (monitor-read), the actions (monitor-actions).
export { addTime, collectNow, markAbnormal, reopen, review, sendNotice } from './monitor-actions';
export { monitorExams, monitorPage, timeline } from './monitor-read';
