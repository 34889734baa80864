import type { OperationAction } from '../enums/operation-action';
import { operationActionLabels } from '../enums/operation-action';
import type { EnumLabel, Lang } from '../labels';
import type { OperationLog } from './log';

// The logs' words (what an entry acted on, how an operation reads, the columns' labels) without their
// schemas: the dashboard and the log screens word entries without loading zod.

// What a logged call acted on: the first segment of its address (/api/{entity}/...), named for people.
// A mutating route whose entity is missing here fails log.test.ts.
export const operationEntityLabels = {
  user: { en: 'User', zh: '用户' },
  role: { en: 'Role', zh: '角色' },
  degree: { en: 'Degree', zh: '学历层次' },
  category: { en: 'Category', zh: '类别' },
  typeEnum: { en: 'Type enum', zh: '类型枚举' },
  department: { en: 'Department', zh: '院系部门' },
  userCategory: { en: 'User category', zh: '用户类别' },
  courseCategory: { en: 'Course category', zh: '课程分类' },
  productCategory: { en: 'Product category', zh: '商品分类' },
  tag: { en: 'Tag or knowledge point', zh: '标签或知识点' },
  semester: { en: 'Semester', zh: '学期' },
  teachVenue: { en: 'Teaching venue', zh: '教学场地' },
  document: { en: 'Document', zh: '文档' },
  resource: { en: 'Teaching resource', zh: '教学资源' },
  question: { en: 'Question', zh: '题目' },
  examPaper: { en: 'Exam paper', zh: '试卷' },
  team: { en: 'Class', zh: '班级' },
  exam: { en: 'Exam', zh: '考试' },
  examRegister: { en: 'Exam registration', zh: '考试报名' },
  examLog: { en: 'Exam monitoring', zh: '考试监控' },
  answer: { en: 'Marking', zh: '阅卷' },
  examScore: { en: 'Exam scores', zh: '考试成绩' },
  gradebook: { en: 'Gradebook', zh: '成绩册' },
  task: { en: 'Task', zh: '任务' },
  message: { en: 'Message', zh: '消息' },
  knowledge: { en: 'Knowledge article', zh: '知识库文章' },
  course: { en: 'Course', zh: '课程' },
  timetable: { en: 'Timetable', zh: '课表' },
  termDay: { en: 'Term day', zh: '校历日' },
  teachingAssignment: { en: 'Teaching assignment', zh: '任课安排' },
  lesson: { en: 'Lesson', zh: '课次' },
  calendar: { en: 'Calendar feed', zh: '日历订阅' },
  liveClass: { en: 'Live class', zh: '直播课' },
  liveProvider: { en: 'Live-class server', zh: '直播服务器' },
  attendance: { en: 'Attendance', zh: '考勤' },
  attendanceStatus: { en: 'Attendance status', zh: '考勤状态' },
  attendanceAlertRule: { en: 'Attendance alert rule', zh: '考勤预警规则' },
  leave: { en: 'Leave request', zh: '请假申请' },
  point: { en: 'Points', zh: '积分' },
  pointRule: { en: 'Points rule', zh: '积分规则' },
  product: { en: 'Product', zh: '商品' },
  goodsOrder: { en: 'Goods order', zh: '商品订单' },
  payment: { en: 'Payment', zh: '支付记录' },
  paymentChannel: { en: 'Payment channel', zh: '支付渠道' },
  courseOrder: { en: 'Course order', zh: '课程订单' },
  tuition: { en: 'Tuition invoice', zh: '学费账单' },
  feeStructure: { en: 'Fee structure', zh: '收费标准' },
  admissionRound: { en: 'Admission round', zh: '招生批次' },
  application: { en: 'Application', zh: '报名申请' },
  trainingCentre: { en: 'Training centre', zh: '培训中心' },
  trainingProgramme: { en: 'Training programme', zh: '培训项目' },
  trainingSession: { en: 'Training session', zh: '培训场次' },
  trainingRegistration: { en: 'Training registration', zh: '培训报名' },
  graduation: { en: 'Graduation batch', zh: '毕业批次' },
  graduationRequirement: { en: 'Graduation requirement', zh: '毕业要求' },
  graduationBatch: { en: 'Graduation batch', zh: '毕业批次' },
  degreeAward: { en: 'Degree award', zh: '学位授予' },
  certificate: { en: 'Certificate', zh: '证书' },
  certificateTemplate: { en: 'Certificate template', zh: '证书模板' },
  studentRecord: { en: 'Student record', zh: '学籍' },
  statusChange: { en: 'Status change', zh: '学籍异动' },
  export: { en: 'Export file', zh: '导出文件' },
  file: { en: 'File', zh: '文件' },
  systemConfig: { en: 'System settings', zh: '系统配置' },
  log: { en: 'Operation log', zh: '操作日志' },
  loginLog: { en: 'Login log', zh: '登录日志' },
} satisfies Record<string, EnumLabel>;
export type OperationEntity = keyof typeof operationEntityLabels;

export function isOperationEntity(value: string): value is OperationEntity {
  return Object.hasOwn(operationEntityLabels, value);
}

// Phones and tablets, as the logs flag them (spec: "mobile flag").
const MOBILE_UA = /Mobile|Android|iPhone|iPad|iPod|HarmonyOS|MicroMessenger/i;
export const MOBILE_UA_PATTERN = MOBILE_UA.source;
export function isMobileUserAgent(userAgent: string | null | undefined): boolean {
  return MOBILE_UA.test(userAgent ?? '');
}

// "Admin deleted user category «Interns»" / "管理员删除用户类别「实习生」", or on failure "Admin could
// not delete ..." / "...失败". Unknown codes (a row older than a label) show as they are.
export function describeOperation(
  row: Pick<OperationLog, 'entity' | 'action' | 'recordLabel' | 'success'>,
  who: string,
  lang: Lang,
): string {
  const entity = isOperationEntity(row.entity) ? operationEntityLabels[row.entity][lang] : row.entity;
  const act = Object.hasOwn(operationActionLabels, row.action)
    ? operationActionLabels[row.action as OperationAction]
    : null;
  if (lang === 'zh') {
    const target = `${entity}${row.recordLabel ? `「${row.recordLabel}」` : ''}`;
    const phrase = act ? act.zhDo.replace('{{target}}', target) : `${row.action} ${target}`;
    // A Latin name ("Alice Admin") is set off from the Chinese that follows by a space.
    const gap = /[A-Za-z0-9)]$/.test(who) ? ' ' : '';
    return `${who}${gap}${phrase}${row.success ? '' : '失败'}`;
  }
  const target = `${entity.toLowerCase()}${row.recordLabel ? ` «${row.recordLabel}»` : ''}`;
  if (!act) return `${who} ${row.action} ${target}${row.success ? '' : ' (failed)'}`;
  const phrase = (row.success ? act.did : act.do).replace('{{target}}', target);
  return row.success ? `${who} ${phrase}` : `${who} could not ${phrase}`;
}

// Column and value labels of both logs, shared by the screens and the Excel exports.
export const logLabels = {
  time: { en: 'When', zh: '时间' },
  user: { en: 'User', zh: '用户' },
  userName: { en: 'User name', zh: '用户名' },
  operation: { en: 'Operation', zh: '操作' },
  result: { en: 'Result', zh: '结果' },
  message: { en: 'Message', zh: '提示信息' },
  reason: { en: 'Reason', zh: '原因' },
  device: { en: 'Device', zh: '设备' },
  address: { en: 'Address', zh: 'IP 地址' },
  deviceAddress: { en: 'Device and address', zh: '设备与地址' },
  duration: { en: 'Duration (ms)', zh: '耗时（毫秒）' },
  success: { en: 'Succeeded', zh: '成功', color: 'success' },
  failure: { en: 'Failed', zh: '失败', color: 'error' },
  mobile: { en: 'Mobile', zh: '手机' },
  desktop: { en: 'Computer', zh: '电脑' },
  operationLog: { en: 'Operation log', zh: '操作日志' },
  loginLog: { en: 'Login log', zh: '登录日志' },
} satisfies Record<string, EnumLabel>;
