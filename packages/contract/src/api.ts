import {
  admissionRoundActions,
  admissionRoundVerbs,
  applicationActions,
  applicationEndpoints,
  applicationPublicEndpoints,
  applicationVerbs,
} from './modules/admission-endpoints';
import { attemptEndpoints, examLogEndpoints } from './modules/attempt-endpoints';
import { attendanceEndpoints, attendanceStatusVerbs, leaveEndpoints } from './modules/attendance-endpoints';
import { attendanceAlertRuleVerbs, attendanceStatsEndpoints } from './modules/attendance-stats-endpoints';
import { authEndpoints } from './modules/auth-endpoints';
import { baseDataEndpoints } from './modules/base/base-engine';
import { calendarEndpoints, calendarFileEndpoints } from './modules/calendar-view';
import {
  certificateActions,
  certificateEndpoints,
  certificateTemplateVerbs,
  certificateVerbs,
} from './modules/certificate-endpoints';
import { commonEndpoints } from './modules/common-endpoints';
import { courseActions, courseEndpoints, courseVerbs } from './modules/course-endpoints';
import { courseOrderEndpoints, courseOrderVerbs } from './modules/course-order-endpoints';
import { dashboardEndpoints } from './modules/dashboard-endpoints';
import {
  accommodationEndpoints,
  examActions,
  examEndpoints,
  examRegisterEndpoints,
  examVerbs,
} from './modules/exam-endpoints';
import {
  examPaperActions,
  examPaperEndpoints,
  examPaperFileEndpoints,
  examPaperVerbs,
} from './modules/exam-paper-endpoints';
import { examPaperCopyEndpoints } from './modules/exam-paper-import';
import { exportEndpoints, exportFileEndpoints } from './modules/export-endpoints';
import { fileDownloadEndpoints, fileEndpoints } from './modules/file-endpoints';
import { gradebookEndpoints } from './modules/gradebook-endpoints';
import {
  degreeAwardActions,
  degreeAwardVerbs,
  graduationBatchActions,
  graduationBatchVerbs,
  graduationEndpoints,
  graduationRequirementVerbs,
} from './modules/graduation-endpoints';
import { knowledgeEndpoints, knowledgeVerbs } from './modules/knowledge-endpoints';
import {
  liveClassActions,
  liveClassEndpoints,
  liveClassVerbs,
  liveProviderEndpoints,
  liveProviderVerbs,
} from './modules/live-class-endpoints';
import { logEndpoints, logFileEndpoints } from './modules/log-endpoints';
import { answerEndpoints, examScoreEndpoints } from './modules/marking-endpoints';
import { messageActions, messageEndpoints, messageVerbs } from './modules/message-endpoints';
import {
  paymentChannelEndpoints,
  paymentChannelVerbs,
  paymentEndpoints,
  paymentFileEndpoints,
} from './modules/payment-endpoints';
import { pointEndpoints, pointFileEndpoints, pointRuleVerbs } from './modules/points-endpoints';
import {
  questionEndpoints,
  questionFileEndpoints,
  questionInteropFileEndpoints,
  questionVerbs,
} from './modules/question-endpoints';
import {
  statusChangeEndpoints,
  statusChangeVerbs,
  studentRecordEndpoints,
  studentRecordVerbs,
} from './modules/records-endpoints';
import { roleEndpoints, roleVerbs } from './modules/role-endpoints';
import {
  goodsOrderActions,
  goodsOrderEndpoints,
  goodsOrderVerbs,
  productEndpoints,
  productVerbs,
} from './modules/shop-endpoints';
import { systemConfigEndpoints } from './modules/system-config-endpoints';
import { taskActions, taskEndpoints, taskVerbs } from './modules/task-endpoints';
import { teamEndpoints, teamFileEndpoints, teamVerbs } from './modules/team-endpoints';
import {
  lessonActions,
  lessonEndpoints,
  lessonVerbs,
  teachingAssignmentVerbs,
  termDayVerbs,
  timetableEndpoints,
} from './modules/timetable-endpoints';
import {
  trainingCentreVerbs,
  trainingProgrammeVerbs,
  trainingRegistrationEndpoints,
  trainingRegistrationFileEndpoints,
  trainingSessionActions,
  trainingSessionEndpoints,
  trainingSessionVerbs,
} from './modules/training-endpoints';
import { feeStructureVerbs, tuitionEndpoints, tuitionFileEndpoints } from './modules/tuition-endpoints';
import { userEndpoints, userVerbs } from './modules/user-endpoints';

// Every endpoint of the product, the resource engine's verbs included, by domain:
// the server registers each (defineEndpoint) and the web calls them (call(api.question.copy, ...)).
export const api = {
  auth: authEndpoints,
  user: { ...userVerbs, ...userEndpoints },
  role: { ...roleVerbs, ...roleEndpoints },
  common: commonEndpoints,
  dashboard: dashboardEndpoints,
  systemConfig: systemConfigEndpoints,
  log: { ...logEndpoints, ...logFileEndpoints },
  export: { ...exportEndpoints, ...exportFileEndpoints },
  file: { ...fileEndpoints, ...fileDownloadEndpoints },
  question: { ...questionVerbs, ...questionEndpoints, ...questionFileEndpoints, ...questionInteropFileEndpoints },
  examPaper: {
    ...examPaperVerbs,
    ...examPaperEndpoints,
    ...examPaperCopyEndpoints,
    ...examPaperActions,
    ...examPaperFileEndpoints,
  },
  team: { ...teamVerbs, ...teamEndpoints, ...teamFileEndpoints },
  exam: { ...examVerbs, ...examEndpoints, ...examActions },
  examRegister: examRegisterEndpoints,
  accommodation: accommodationEndpoints,
  attempt: attemptEndpoints,
  examLog: examLogEndpoints,
  answer: answerEndpoints,
  examScore: examScoreEndpoints,
  gradebook: gradebookEndpoints,
  task: { ...taskVerbs, ...taskEndpoints, ...taskActions },
  message: { ...messageVerbs, ...messageEndpoints, ...messageActions },
  course: { ...courseVerbs, ...courseEndpoints, ...courseActions },
  calendar: { ...calendarEndpoints, ...calendarFileEndpoints },
  knowledge: { ...knowledgeVerbs, ...knowledgeEndpoints },
  timetable: timetableEndpoints,
  liveClass: { ...liveClassVerbs, ...liveClassEndpoints, ...liveClassActions },
  liveProvider: { ...liveProviderVerbs, ...liveProviderEndpoints },
  termDay: termDayVerbs,
  teachingAssignment: teachingAssignmentVerbs,
  lesson: { ...lessonVerbs, ...lessonActions, ...lessonEndpoints },
  attendanceStatus: attendanceStatusVerbs,
  attendance: attendanceEndpoints,
  leave: leaveEndpoints,
  attendanceStats: attendanceStatsEndpoints,
  attendanceAlertRule: attendanceAlertRuleVerbs,
  point: { ...pointEndpoints, ...pointFileEndpoints },
  pointRule: pointRuleVerbs,
  product: { ...productVerbs, ...productEndpoints },
  goodsOrder: { ...goodsOrderVerbs, ...goodsOrderEndpoints, ...goodsOrderActions },
  courseOrder: { ...courseOrderVerbs, ...courseOrderEndpoints },
  payment: { ...paymentEndpoints, ...paymentFileEndpoints },
  paymentChannel: { ...paymentChannelVerbs, ...paymentChannelEndpoints },
  tuition: { ...tuitionEndpoints, ...tuitionFileEndpoints },
  feeStructure: feeStructureVerbs,
  studentRecord: { ...studentRecordVerbs, ...studentRecordEndpoints },
  statusChange: { ...statusChangeVerbs, ...statusChangeEndpoints },
  trainingCentre: trainingCentreVerbs,
  trainingProgramme: trainingProgrammeVerbs,
  trainingSession: { ...trainingSessionVerbs, ...trainingSessionActions, ...trainingSessionEndpoints },
  trainingRegistration: { ...trainingRegistrationEndpoints, ...trainingRegistrationFileEndpoints },
  admissionRound: { ...admissionRoundVerbs, ...admissionRoundActions },
  application: { ...applicationVerbs, ...applicationPublicEndpoints, ...applicationEndpoints, ...applicationActions },
  graduation: graduationEndpoints,
  graduationRequirement: graduationRequirementVerbs,
  graduationBatch: { ...graduationBatchVerbs, ...graduationBatchActions },
  degreeAward: { ...degreeAwardVerbs, ...degreeAwardActions },
  certificateTemplate: certificateTemplateVerbs,
  certificate: { ...certificateVerbs, ...certificateActions, ...certificateEndpoints },
  ...baseDataEndpoints,
};

// The resources the engine serves (page, list, select, create, update, delete, and their trees and
// spreadsheets), by name: the meta-driven screens reach a resource's verbs by its name.
export const engineResources = [
  'user',
  'role',
  'question',
  'examPaper',
  'team',
  'exam',
  'task',
  'message',
  'course',
  'knowledge',
  'termDay',
  'teachingAssignment',
  'lesson',
  'attendanceStatus',
  'attendanceAlertRule',
  'liveClass',
  'liveProvider',
  'pointRule',
  'product',
  'goodsOrder',
  'courseOrder',
  'paymentChannel',
  'feeStructure',
  'studentRecord',
  'statusChange',
  'trainingCentre',
  'trainingProgramme',
  'trainingSession',
  'admissionRound',
  'application',
  'graduationRequirement',
  'graduationBatch',
  'degreeAward',
  'certificateTemplate',
  'certificate',
  ...(Object.keys(baseDataEndpoints) as (keyof typeof baseDataEndpoints)[]),
] as const satisfies readonly (keyof typeof api)[];
