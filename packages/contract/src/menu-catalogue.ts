import { RoleKind } from './enums/role-kind';

// The permission menu of the whole product, as data. The server seeds it into the permission
// table and grants it to the built-in roles; the web resolves each `component` to a view file.
// A page's `grant` lists the built-in role kinds that get it by default (administrators get all).
export interface Title {
  en: string;
  zh: string;
}
export interface MenuButton {
  permission: string;
  title: Title;
  grant?: RoleKind[];
}
export interface MenuPage {
  path: string;
  name: string;
  component: string;
  permission: string;
  title: Title;
  grant: RoleKind[];
  noCache?: boolean;
  hidden?: boolean;
  activeMenu?: string;
  buttons?: MenuButton[];
}
export interface MenuArea {
  path: string;
  name: string;
  icon: string;
  title: Title;
  pages: MenuPage[];
}

const { AcademicStaff: A, Teacher: T, Student: S } = RoleKind;
const STAFF = [A, T];

function t(en: string, zh: string): Title {
  return { en, zh };
}
function page(
  path: string,
  component: string,
  permission: string,
  title: Title,
  grant: RoleKind[],
  extra: Partial<MenuPage> = {},
): MenuPage {
  const name = component.replace(/\/(\w)/g, (_, c: string) => c.toUpperCase());
  return { path, name, component, permission, title, grant, ...extra };
}
function btn(permission: string, en: string, zh: string, grant: RoleKind[] = []): MenuButton {
  return { permission, title: t(en, zh), grant };
}

// The buttons of a declared resource's screen, granted with the screen.
function crud(prefix: string, grant: RoleKind[]): MenuButton[] {
  return [
    btn(`${prefix}:create`, 'Create', '新增', grant),
    btn(`${prefix}:update`, 'Edit', '编辑', grant),
    btn(`${prefix}:delete`, 'Delete', '删除', grant),
    btn(`${prefix}:export`, 'Export', '导出', grant),
    btn(`${prefix}:import`, 'Import', '导入', grant),
  ];
}
function resourcePage(path: string, en: string, zh: string, grant: RoleKind[]): MenuPage {
  return page(path, `baseData/${path}`, `${path}:page`, t(en, zh), grant, { buttons: crud(path, grant) });
}

export const menuCatalogue: MenuArea[] = [
  {
    path: '/user',
    name: 'User',
    icon: 'user',
    title: t('Users', '用户管理'),
    pages: [
      page('index', 'user/index', 'user:page', t('Users', '用户列表'), [A], {
        buttons: [
          btn('user:create', 'Create user', '新增用户', [A]),
          btn('user:update', 'Edit user', '编辑用户', [A]),
          btn('user:delete', 'Delete user', '删除用户'),
          btn('user:status', 'Enable or disable', '启用/禁用', [A]),
          btn('user:resetPassword', 'Reset password', '重置密码', [A]),
          btn('user:assignRole', 'Assign roles', '分配角色', [A]),
          btn('user:export', 'Export users', '导出用户', [A]),
          btn('user:import', 'Import users', '导入用户', [A]),
        ],
      }),
      page('teacher', 'user/teacher', 'teacher:page', t('Teachers', '教师列表'), STAFF),
      page('student', 'user/student', 'student:page', t('Students', '学生列表'), STAFF),
      page('role', 'user/role', 'role:page', t('Roles', '角色管理'), [], {
        buttons: [
          btn('role:create', 'Create role', '新增角色'),
          btn('role:update', 'Edit role', '编辑角色'),
          btn('role:delete', 'Delete role', '删除角色'),
          btn('role:grant', 'Grant menus', '分配权限'),
        ],
      }),
    ],
  },
  {
    path: '/baseData',
    name: 'BaseData',
    icon: 'category',
    title: t('Base data', '基础数据'),
    pages: [
      resourcePage('degree', 'Degrees', '学历层次', [A]),
      resourcePage('category', 'Categories', '类别', [A]),
      resourcePage('typeEnum', 'Type enums', '类型枚举', [A]),
      resourcePage('userCategory', 'User categories', '用户类别', [A]),
      resourcePage('courseCategory', 'Course categories', '课程分类', [A]),
      resourcePage('productCategory', 'Product categories', '商品分类', [A]),
      resourcePage('tag', 'Tags & knowledge points', '标签与知识点', [A, T]),
      resourcePage('department', 'Departments', '院系部门', [A]),
      resourcePage('semester', 'Semesters', '学期', [A]),
      resourcePage('teachVenue', 'Teaching venues', '教学场地', [A]),
      resourcePage('document', 'Documents', '文档', [A, T]),
      resourcePage('resource', 'Resources', '资源', [A, T]),
      page('courseLearning', 'baseData/courseLearning', 'courseLearning:page', t('Course learning', '课程学习'), [
        A,
        T,
      ]),
      page('systemConfig', 'baseData/systemConfig', 'systemConfig:page', t('System settings', '系统配置'), [], {
        buttons: [btn('systemConfig:update', 'Save settings', '保存配置')],
      }),
    ],
  },
  {
    path: '/question',
    name: 'Question',
    icon: 'question',
    title: t('Question bank', '题库管理'),
    pages: [
      page('list', 'question/list', 'question:page', t('Questions', '题目列表'), STAFF, {
        buttons: crud('question', STAFF),
      }),
      ...(
        [
          ['single/choice', 'question/singleChoice', 'Single choice', '单选题'],
          ['multiple/choice', 'question/multipleChoice', 'Multiple choice', '多选题'],
          ['true/false', 'question/trueFalse', 'True or false', '判断题'],
          ['gap/filling', 'question/gapFilling', 'Gap filling', '填空题'],
          ['short/answer', 'question/shortAnswer', 'Short answer', '简答题'],
          ['compose', 'question/compose', 'Compose', '组合题'],
        ] as const
      ).map(([path, component, en, zh]) =>
        page(path, component, 'question:edit', t(en, zh), STAFF, { hidden: true, activeMenu: '/question/list' }),
      ),
    ],
  },
  {
    path: '/exam',
    name: 'Exam',
    icon: 'exam',
    title: t('Exams', '考试管理'),
    pages: [
      page('paper', 'exam/paper', 'examPaper:page', t('Exam papers', '试卷管理'), STAFF, {
        buttons: [
          btn('examPaper:create', 'Create paper', '新增试卷', STAFF),
          btn('examPaper:update', 'Edit paper', '编辑试卷', STAFF),
          btn('examPaper:delete', 'Delete paper', '删除试卷', STAFF),
          btn('examPaper:export', 'Export papers', '导出试卷', STAFF),
          btn('examPaper:publish', 'Publish or withdraw', '发布/撤回', STAFF),
          // Without it a teacher reads their own papers and published ones, and changes only their own.
          btn('examPaper:all', "Every teacher's papers", '管理全部试卷', [A]),
        ],
      }),
      page('management', 'examManagement/index', 'exam:page', t('Exam management', '考试管理'), STAFF),
      page('scheduling', 'examScheduling/index', 'examSchedule:page', t('Exam scheduling', '考试安排'), [A]),
      page('registration', 'examRegistration/index', 'examRegister:page', t('Exam registration', '考试报名'), [A]),
      page('answer', 'answer/index', 'answer:page', t('Marking', '阅卷'), STAFF),
      page('scores', 'examScores/index', 'examScore:page', t('Exam scores', '考试成绩'), STAFF),
      page('monitor', 'exam/monitorLog', 'examLog:page', t('Exam monitoring', '考试监控'), STAFF),
    ],
  },
  {
    path: '/task',
    name: 'Task',
    icon: 'documentation',
    title: t('Tasks & homework', '任务作业'),
    pages: [
      page('index', 'task/index', 'task:page', t('Tasks', '任务列表'), STAFF),
      page('paper', 'task/paper', 'taskPaper:page', t('Homework papers', '作业试卷'), STAFF),
    ],
  },
  {
    path: '/team',
    name: 'Team',
    icon: 'group',
    title: t('Classes', '班级管理'),
    pages: [page('index', 'team/index', 'team:page', t('Classes', '班级列表'), STAFF)],
  },
  {
    path: '/teaching',
    name: 'Teaching',
    icon: 'education',
    title: t('Teaching', '教学管理'),
    pages: [
      page('management', 'teachingManagement/index', 'teaching:page', t('Teaching management', '教学管理'), STAFF),
      page('liveClass', 'liveClass/index', 'liveClass:page', t('Live classes', '直播课堂'), STAFF),
      page('attendance', 'attendance/index', 'attendance:page', t('Attendance', '考勤'), STAFF),
      page('educational', 'educationalAdministration/index', 'educational:page', t('Academic affairs', '教务管理'), [
        A,
      ]),
    ],
  },
  {
    path: '/training',
    name: 'Training',
    icon: 'people',
    title: t('Training & degrees', '培训与学位'),
    pages: [
      page('application', 'applicationManagement/index', 'application:page', t('Applications', '报名申请'), [A]),
      page('centre', 'trainingCentre/index', 'trainingCentre:page', t('Training centres', '培训中心'), [A]),
      page('management', 'trainingManagement/index', 'training:page', t('Training management', '培训管理'), [A]),
      page('payment', 'payment/index', 'payment:page', t('Tuition payments', '学费缴纳'), [A]),
    ],
  },
  {
    path: '/message',
    name: 'Message',
    icon: 'email',
    title: t('Messages', '消息管理'),
    pages: [page('index', 'message/index', 'message:page', t('Messages', '消息列表'), STAFF)],
  },
  {
    path: '/mall',
    name: 'Mall',
    icon: 'theme',
    title: t('Points & orders', '积分商城'),
    pages: [
      page('points', 'point/index', 'point:page', t('Points', '积分'), [A]),
      page('products', 'product/index', 'product:page', t('Products', '商品'), [A]),
      page('orders', 'order/index', 'order:page', t('Orders', '订单'), [A]),
    ],
  },
  {
    path: '/statistics',
    name: 'Statistics',
    icon: 'chart',
    title: t('Statistics', '统计分析'),
    pages: [page('index', 'statistics/index', 'statistics:page', t('Statistics', '统计'), STAFF)],
  },
  {
    path: '/log',
    name: 'Log',
    icon: 'log',
    title: t('Logs', '日志管理'),
    pages: [
      page('operation', 'log/operation', 'log:page', t('Operation log', '操作日志'), []),
      page('login', 'log/login', 'loginLog:page', t('Login log', '登录日志'), []),
      page('export', 'exportList/index', 'export:page', t('Export list', '导出列表'), STAFF),
    ],
  },
  {
    path: '/study',
    name: 'Study',
    icon: 'paper',
    title: t('My study', '我的学习'),
    pages: [
      page('exam', 'exam/myExam', 'myExam:page', t('My exams', '我的考试'), [S]),
      page('homework', 'task/myTask', 'myTask:page', t('My homework', '我的作业'), [S]),
      page('course', 'teachingManagement/myCourse', 'myCourse:page', t('My courses', '我的课程'), [S]),
      page('message', 'message/myMessage', 'myMessage:page', t('My messages', '我的消息'), [S]),
    ],
  },
];

// Permissions that gate calls rather than screens: every logged-in user of the listed kinds holds them.
export const Permission = {
  userPage: 'user:page',
  userCreate: 'user:create',
  userUpdate: 'user:update',
  userDelete: 'user:delete',
  userStatus: 'user:status',
  userResetPassword: 'user:resetPassword',
  // Giving users roles (on the user form or the role screen), capped by the giver's own permissions.
  userAssignRole: 'user:assignRole',
  userExport: 'user:export',
  userImport: 'user:import',
  teacherPage: 'teacher:page',
  studentPage: 'student:page',
  rolePage: 'role:page',
  roleCreate: 'role:create',
  roleUpdate: 'role:update',
  roleDelete: 'role:delete',
  roleGrant: 'role:grant',
  logPage: 'log:page',
  loginLogPage: 'loginLog:page',
  questionPage: 'question:page',
  questionEdit: 'question:edit',
  questionCreate: 'question:create',
  questionUpdate: 'question:update',
  questionDelete: 'question:delete',
  questionExport: 'question:export',
  questionImport: 'question:import',
} as const;
export type Permission = (typeof Permission)[keyof typeof Permission];

// Permissions of the students' own pages ("My exams", ...): they let a user see their own work and
// give no power over anyone else, so the privilege ceiling leaves them out.
export const studentOnlyPermissions: ReadonlySet<string> = new Set(
  menuCatalogue.flatMap((area) =>
    area.pages
      .filter((p) => p.grant.length === 1 && p.grant[0] === RoleKind.Student)
      .flatMap((p) => [p.permission, ...(p.buttons ?? []).map((b) => b.permission)]),
  ),
);
