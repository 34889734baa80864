import type { ErrorLang } from './errors';

// The names people read for the fields server refusals point at, where no form hands over its own label
// (a toast after an action, the operation log): "Closes: the exam has ended", not "windowEnd: …".
// Keyed by the field's last name; the labels are the screens' own.
const L = (en: string, zh: string) => ({ en, zh });
export const FIELD_LABELS: Record<string, { en: string; zh: string }> = {
  id: L('Record', '记录'),
  ids: L('Records', '记录'),
  name: L('Name', '名称'),
  title: L('Title', '标题'),
  status: L('Status', '状态'),
  state: L('State', '状态'),
  type: L('Type', '类型'),
  remark: L('Remark', '备注'),
  sort: L('Order', '排序'),
  parentId: L('Parent', '上级'),
  url: L('Link', '链接'),
  fileUrl: L('File', '文件'),
  avatar: L('Avatar', '头像'),
  userName: L('User name', '用户名'),
  realName: L('Real name', '姓名'),
  password: L('Password', '密码'),
  oldPassword: L('Current password', '当前密码'),
  newPassword: L('New password', '新密码'),
  phone: L('Phone', '手机号'),
  email: L('Email', '邮箱'),
  roleId: L('Role', '角色'),
  userIds: L('Users', '用户'),
  studentIds: L('Students', '学生'),
  teamId: L('Class', '班级'),
  teamIds: L('Classes', '班级'),
  departmentIds: L('Departments', '部门'),
  gradeYears: L('Grades', '年级'),
  windowStart: L('Opens', '开始时间'),
  windowEnd: L('Closes', '结束时间'),
  durationMinutes: L('Duration', '时长'),
  paperId: L('Exam paper', '试卷'),
  venueId: L('Venue', '考场'),
  capacity: L('Places', '名额'),
  invigilatorIds: L('Invigilators', '监考老师'),
  registrationStart: L('Registration opens', '报名开始'),
  registrationEnd: L('Registration closes', '报名截止'),
  instructions: L('Instructions for candidates', '考生须知'),
  reviewAfterHandIn: L('Review after hand-in', '交卷后即可查看'),
  extraMinutes: L('Extra time', '延长时间'),
  startTime: L('Start', '开始时间'),
  dueTime: L('Due', '截止时间'),
  passScore: L('Pass score', '及格分'),
  showKey: L('Show the key', '显示答案'),
  stem: L('Stem', '题干'),
  options: L('Options', '选项'),
  answer: L('Answer', '答案'),
  analysis: L('Analysis', '解析'),
  children: L('Sub-questions', '小题'),
  difficulty: L('Difficulty', '难度'),
  subjectId: L('Subject', '学科'),
  tagIds: L('Tags', '标签'),
  score: L('Score', '分数'),
  totalScore: L('Total score', '总分'),
  sections: L('Sections', '大题'),
  rules: L('Rules', '抽题规则'),
  questionId: L('Question', '题目'),
  items: L('Answers', '答案'),
  reason: L('Reason', '理由'),
  comment: L('Comment', '评语'),
  body: L('Message', '正文'),
  attachments: L('Attachments', '附件'),
  targets: L('Recipients', '接收对象'),
};

// A field path ("items.2.questionId", "windowEnd") as people read it: the label of its last name, with the
// position of a list entry ("Answers 3 · Question"); a name without a label is spelt out ("Seat no").
export function fieldLabelText(path: string, lang: ErrorLang): string {
  const parts = path.split('.');
  const words: string[] = [];
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i] ?? '';
    if (/^\d+$/.test(part)) continue;
    const next = parts[i + 1];
    const label = FIELD_LABELS[part]?.[lang] ?? spelt(part);
    words.push(next !== undefined && /^\d+$/.test(next) ? `${label} ${Number(next) + 1}` : label);
  }
  // The last name says what is wrong; a list entry above it says where.
  const last = words.at(-1) ?? path;
  const where = words.slice(0, -1).filter((w) => /\d$/.test(w));
  return [...where, last].join(' · ');
}

function spelt(name: string): string {
  const words = name
    .replace(/Ids?$/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
