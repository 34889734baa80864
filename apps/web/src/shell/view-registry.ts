import type { ComponentType } from 'react';

export type ViewModule = { default: ComponentType };
export type ViewLoader = () => Promise<ViewModule>;

// The menu catalogue's component strings (legacy keys the server stores and returns) mapped to the
// view that shows them. Keys keep the legacy spelling; files live in one folder per domain, so a
// domain with many menu entries does not spread over several camelCase folders. A key missing here
// is an upcoming screen when catalogued (the sidebar badges it "soon" and ViewHost shows what it
// will do), "cannot find module" otherwise.
// view-registry.test.ts checks every key is catalogued and every *.view.tsx file is registered.
const productViews: Record<string, ViewLoader> = {
  'dashboard/index': () => import('../domains/dashboard/dashboard.view'),
  'profile/index': () => import('../domains/profile/profile.view'),
  'profile/editPassword': () => import('../domains/profile/edit-password.view'),
  'message/inbox': () => import('../domains/message/inbox.view'),

  'user/index': () => import('../domains/user/user-list.view'),
  'user/teacher': () => import('../domains/user/teacher-list.view'),
  'user/student': () => import('../domains/user/student-list.view'),
  'user/role': () => import('../domains/user/role-list.view'),

  'baseData/degree': () => import('../domains/base-data/degree.view'),
  'baseData/category': () => import('../domains/base-data/category.view'),
  'baseData/typeEnum': () => import('../domains/base-data/type-enum.view'),
  'baseData/userCategory': () => import('../domains/base-data/user-category.view'),
  'baseData/courseCategory': () => import('../domains/base-data/course-category.view'),
  'baseData/productCategory': () => import('../domains/base-data/product-category.view'),
  'baseData/tag': () => import('../domains/base-data/tag.view'),
  'baseData/department': () => import('../domains/base-data/department.view'),
  'baseData/semester': () => import('../domains/base-data/semester.view'),
  'baseData/teachVenue': () => import('../domains/base-data/teach-venue.view'),
  'baseData/document': () => import('../domains/base-data/document.view'),
  'baseData/knowledge': () => import('../domains/knowledge/knowledge.view'),
  'baseData/resource': () => import('../domains/base-data/resource.view'),
  'baseData/systemConfig': () => import('../domains/base-data/system-config.view'),
  'baseData/courseLearning': () => import('../domains/course/course-list.view'),
  'baseData/courseEdit': () => import('../domains/course/course-edit.view'),
  'baseData/courseLearners': () => import('../domains/course/course-learners.view'),

  'question/list': () => import('../domains/question/question-list.view'),
  'question/singleChoice': () => import('../domains/question/single-choice.view'),
  'question/multipleChoice': () => import('../domains/question/multiple-choice.view'),
  'question/trueFalse': () => import('../domains/question/true-false.view'),
  'question/gapFilling': () => import('../domains/question/gap-filling.view'),
  'question/shortAnswer': () => import('../domains/question/short-answer.view'),
  'question/compose': () => import('../domains/question/compose.view'),

  'exam/paper': () => import('../domains/exam-paper/exam-paper-list.view'),
  'exam/paperEdit': () => import('../domains/exam-paper/exam-paper-builder.view'),
  'exam/paperPrint': () => import('../domains/exam-paper/exam-paper-print.view'),
  'examManagement/index': () => import('../domains/exam/exam-management.view'),
  'examScheduling/index': () => import('../domains/exam/exam-scheduling.view'),
  'task/index': () => import('../domains/task/task-list.view'),
  'task/taskPaperEdit': () => import('../domains/task/task-marking.view'),
  'task/paper': () => import('../domains/exam-paper/homework-paper-list.view'),
  'task/paperEdit': () => import('../domains/exam-paper/homework-paper-builder.view'),
  'task/paperPrint': () => import('../domains/exam-paper/homework-paper-print.view'),

  'team/index': () => import('../domains/team/team-list.view'),
  'team/detail': () => import('../domains/team/team-detail.view'),
  'examRegistration/index': () => import('../domains/exam-register/registration-list.view'),
  'examRegister/registerList': () => import('../domains/exam-register/registrant-list.view'),
  'examRegister/ticket': () => import('../domains/exam-register/ticket.view'),
  'answer/index': () => import('../domains/marking/mark-exams.view'),
  'answer/list': () => import('../domains/marking/mark-overview.view'),
  'answer/edit': () => import('../domains/marking/mark-edit.view'),
  'answer/read': () => import('../domains/marking/mark-read.view'),
  'answer/print': () => import('../domains/marking/mark-print.view'),
  'exam/monitorLog': () => import('../domains/exam-monitor/exam-monitor.view'),
  'exam/myExam': () => import('../domains/my-exam/my-exam.view'),
  'exam/myTicket': () => import('../domains/my-exam/my-ticket.view'),
  'task/myTask': () => import('../domains/my-task/my-task.view'),
  'teachingManagement/index': () => import('../domains/timetable/teaching-management.view'),
  'teachingManagement/myKnowledge': () => import('../domains/knowledge/my-knowledge.view'),
  'teachingManagement/myCourse': () => import('../domains/my-course/my-course.view'),
  'teachingManagement/courseLearn': () => import('../domains/my-course/course-learn.view'),
  'teachingManagement/myTimetable': () => import('../domains/timetable/my-timetable.view'),
  'attendance/index': () => import('../domains/attendance/attendance.view'),
  'attendance/take': () => import('../domains/attendance/take.view'),
  'attendance/myAttendance': () => import('../domains/attendance/my-attendance.view'),
  'attendance/checkIn': () => import('../domains/attendance/check-in.view'),
  'liveClass/index': () => import('../domains/live-class/live-class.view'),
  'examScores/index': () => import('../domains/exam-scores/exam-scores.view'),
  'user/achiReport': () => import('../domains/exam-scores/achi-report.view'),
  'statistics/index': () => import('../domains/statistics/statistics.view'),
  'examScores/gradebook': () => import('../domains/gradebook/gradebook.view'),
  'exam/myGrades': () => import('../domains/gradebook/my-grades.view'),
  'message/index': () => import('../domains/message/message-list.view'),
  'message/myMessage': () => import('../domains/message/my-message.view'),
  'point/index': () => import('../domains/points/points.view'),
  'point/myPoints': () => import('../domains/my-points/my-points.view'),
  'product/index': () => import('../domains/shop/product.view'),
  'order/index': () => import('../domains/shop/order.view'),
  'payment/index': () => import('../domains/payment/payment.view'),
  'payment/myPayments': () => import('../domains/my-payments/my-payments.view'),
  'applicationManagement/index': () => import('../domains/admission/admission.view'),
  'educationalAdministration/index': () => import('../domains/academic/academic.view'),
  'educationalAdministration/myRecord': () => import('../domains/my-record/my-record.view'),
  'trainingManagement/index': () => import('../domains/training/training.view'),
  'trainingManagement/myTraining': () => import('../domains/my-training/my-training.view'),
  'trainingCentre/index': () => import('../domains/training-centre/training-centre.view'),

  'log/operation': () => import('../domains/log/operation-log.view'),
  'log/login': () => import('../domains/log/login-log.view'),
  'exportList/index': () => import('../domains/export/export-list.view'),
};

// The screen kit's gallery is only in builds made with VITE_KIT_GALLERY=1 (see staticRoutes); the
// flag is replaced at build time, so without it the import and its chunk drop out of the bundle.
const kitViews: Record<string, ViewLoader> =
  import.meta.env.VITE_KIT_GALLERY === '1' ? { 'kit/gallery': () => import('../domains/kit/gallery.view') } : {};

export const viewRegistry: Readonly<Record<string, ViewLoader>> = { ...productViews, ...kitViews };

// Pages outside the shell, at addresses of their own (router.tsx): the test payment provider's page a
// payer is sent to, and a payment's receipt printed on a sheet of its own. Neither is a menu page.
export const pageViews = {
  testPay: () => import('../domains/my-payments/test-pay.view'),
  receipt: () => import('../domains/payment/receipt-print.view'),
  apply: () => import('../domains/apply/apply.view'),
  applyStatus: () => import('../domains/apply/apply-status.view'),
  certificatePrint: () => import('../domains/training/certificate-print.view'),
  verify: () => import('../domains/verify/verify.view'),
} satisfies Record<string, ViewLoader>;

export function viewLoader(component: string): ViewLoader | undefined {
  return Object.hasOwn(viewRegistry, component) ? viewRegistry[component] : undefined;
}

// Whether the web app has a screen for a menu component; a catalogued one without is still to come.
export function hasView(component: string): boolean {
  return Object.hasOwn(viewRegistry, component);
}
