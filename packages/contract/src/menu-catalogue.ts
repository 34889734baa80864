import { RoleKind } from './enums/role-kind';
import { MENU_AREA_PATHS } from './menu-areas';

// Over 400 lines: the whole menu of the specification as one piece of data, in its order.
// The permission menu of the whole product, as data. The server seeds it into the permission
// table and grants it to the built-in roles; the web resolves each `component` to a view file.
// A page's `grant` lists the built-in role kinds that get it by default (administrators get all).
export interface Title {
  en: string;
  zh: string;
}
// `P` is the permission's literal type while the catalogue is being written, so the union of every
// permission in it can be derived (PermissionCode below); elsewhere it is just `string`.
export interface MenuButton<P extends string = string> {
  permission: P;
  title: Title;
  grant?: readonly RoleKind[];
}
export interface MenuPage<P extends string = string, B extends string = string> {
  // Relative to the area, or absolute (starting with `/`) for pages opened from another screen.
  path: string;
  name: string;
  component: string;
  permission: P;
  title: Title;
  grant: readonly RoleKind[];
  noCache?: boolean;
  // Not in the sidebar: opened from another screen. The menu carries a hidden page to every role
  // that holds its permission, so it follows the screen it belongs to.
  hidden?: boolean;
  activeMenu?: string;
  buttons?: readonly MenuButton<B>[];
}
export interface MenuArea<Pg extends MenuPage = MenuPage> {
  path: string;
  name: string;
  icon: string;
  title: Title;
  pages: readonly Pg[];
}

const { AcademicStaff: A, Teacher: T, Student: S } = RoleKind;
const STAFF = [A, T];

// The buttons every declared resource's screen has (the engine's create, update, delete, export, import).
export const crudVerbs = ['create', 'update', 'delete', 'export', 'import'] as const;
export type CrudVerb = (typeof crudVerbs)[number];

function t(en: string, zh: string): Title {
  return { en, zh };
}
type PageExtra<B extends string> = Partial<Omit<MenuPage<string, B>, 'path' | 'component' | 'permission' | 'title'>>;
function page<const P extends string, const B extends string = never>(
  path: string,
  component: string,
  permission: P,
  title: Title,
  grant: readonly RoleKind[],
  extra: PageExtra<B> = {},
): MenuPage<P, B> {
  const name = component.replace(/\/(\w)/g, (_, c: string) => c.toUpperCase());
  return { path, name, component, permission, title, grant, ...extra };
}
function btn<const P extends string>(
  permission: P,
  en: string,
  zh: string,
  grant: readonly RoleKind[] = [],
): MenuButton<P> {
  return { permission, title: t(en, zh), grant };
}
// A screen opened from another one (marking from the marking list, a class's detail from the classes):
// hidden from the sidebar, needing the permission of the screen it belongs to, granted with it.
function subPage<const P extends string>(
  path: string,
  component: string,
  permission: P,
  title: Title,
  grant: readonly RoleKind[],
  activeMenu: string,
): MenuPage<P, never> {
  return page(path, component, permission, title, grant, { hidden: true, activeMenu });
}

// The buttons of a declared resource's screen, granted with the screen.
function crud<const X extends string>(prefix: X, grant: readonly RoleKind[]): MenuButton<`${X}:${CrudVerb}`>[] {
  const titles: Record<CrudVerb, Title> = {
    create: t('Create', '新增'),
    update: t('Edit', '编辑'),
    delete: t('Delete', '删除'),
    export: t('Export', '导出'),
    import: t('Import', '导入'),
  };
  return crudVerbs.map((verb) => btn(`${prefix}:${verb}`, titles[verb].en, titles[verb].zh, grant));
}
function resourcePage<const X extends string>(
  path: X,
  en: string,
  zh: string,
  grant: readonly RoleKind[],
): MenuPage<`${X}:page`, `${X}:${CrudVerb}`> {
  return page(path, `baseData/${path}`, `${path}:page`, t(en, zh), grant, { buttons: crud(path, grant) });
}

const catalogue = [
  {
    path: MENU_AREA_PATHS.user,
    name: 'User',
    icon: 'user',
    title: t('Users', '用户管理'),
    pages: [
      page('index', 'user/index', 'user:page', t('User list', '用户列表'), [A], {
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
      page('student', 'user/student', 'student:page', t('Students', '学生列表'), STAFF, {
        buttons: [btn('student:accommodation', 'Set accommodations', '设置考试照顾', [A])],
      }),
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
    path: MENU_AREA_PATHS.baseData,
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
      page(
        'courseLearning',
        'baseData/courseLearning',
        'courseLearning:page',
        t('Course learning', '课程学习'),
        STAFF,
        {
          buttons: [
            btn('course:create', 'Create course', '新增课程', STAFF),
            btn('course:update', 'Edit course and assign it', '编辑与指派课程', STAFF),
            btn('course:delete', 'Delete course', '删除课程', STAFF),
            btn('course:export', 'Export courses and learners', '导出课程与学员', STAFF),
            btn('course:publish', 'Publish or archive', '发布/归档', STAFF),
            btn('course:all', "Every teacher's courses", '管理全部课程', [A]),
          ],
        },
      ),
      subPage(
        '/baseData/courseEdit',
        'baseData/courseEdit',
        'courseLearning:page',
        t('Course editor', '课程编辑'),
        STAFF,
        '/baseData/courseLearning',
      ),
      subPage(
        '/baseData/courseLearners',
        'baseData/courseLearners',
        'courseLearning:page',
        t('Course learners', '课程学员'),
        STAFF,
        '/baseData/courseLearning',
      ),
      page('knowledge', 'baseData/knowledge', 'knowledge:page', t('Knowledge base', '知识库'), STAFF, {
        buttons: [
          btn('knowledge:create', 'Write article', '新增文章', STAFF),
          btn('knowledge:update', 'Edit article', '编辑文章', STAFF),
          btn('knowledge:delete', 'Delete article', '删除文章', STAFF),
          btn('knowledge:all', "Every author's articles", '管理全部文章', [A]),
        ],
      }),
      page('systemConfig', 'baseData/systemConfig', 'systemConfig:page', t('System settings', '系统配置'), [], {
        buttons: [btn('systemConfig:update', 'Save settings', '保存配置')],
      }),
    ],
  },
  {
    path: MENU_AREA_PATHS.question,
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
        subPage(path, component, 'question:edit', t(en, zh), STAFF, '/question/list'),
      ),
    ],
  },
  {
    path: MENU_AREA_PATHS.exam,
    name: 'Exam',
    icon: 'exam',
    title: t('Exams', '考试'),
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
      page('management', 'examManagement/index', 'exam:page', t('Exam management', '考试管理'), STAFF, {
        buttons: [
          btn('exam:create', 'Create exam', '新增考试', STAFF),
          btn('exam:update', 'Edit exam', '编辑考试', STAFF),
          btn('exam:delete', 'Delete exam', '删除考试', STAFF),
          btn('exam:export', 'Export exams', '导出考试', STAFF),
          btn('exam:publish', 'Publish, cancel or extend', '发布/取消/延时', STAFF),
          // Without it a teacher reads the exams they made or invigilate, and changes only their own.
          btn('exam:all', 'Every exam', '管理全部考试', [A]),
        ],
      }),
      page('scheduling', 'examScheduling/index', 'examSchedule:page', t('Exam scheduling', '考试安排'), [A]),
      page('registration', 'examRegistration/index', 'examRegister:page', t('Exam registration', '考试报名'), [A], {
        buttons: [
          btn('examRegister:approve', 'Approve, reject, assign seats', '审核/排座', [A]),
          btn('examRegister:export', 'Export registrants', '导出报名名单', [A]),
        ],
      }),
      page('answer', 'answer/index', 'answer:page', t('Marking', '阅卷'), STAFF, {
        buttons: [
          btn('answer:mark', 'Mark and review answers', '批阅/复核', STAFF),
          // Assign markers, change a key after the exam, throw a question out (owners and exam:all only).
          btn('answer:manage', 'Assign markers and regrade', '分配阅卷/重新判分', STAFF),
        ],
      }),
      page('scores', 'examScores/index', 'examScore:page', t('Exam scores', '考试成绩'), STAFF, {
        buttons: [
          btn('examScore:export', 'Export scores', '导出成绩', STAFF),
          btn('examScore:confirm', 'Confirm scores', '确认成绩', [A]),
        ],
      }),
      page('gradebook', 'examScores/gradebook', 'gradebook:page', t('Gradebook', '成绩册'), STAFF, {
        buttons: [
          btn('gradebook:setup', 'Set categories and weights', '设置分类与权重', STAFF),
          btn('gradebook:export', 'Export gradebook', '导出成绩册', STAFF),
          // The organisation's grade bands (A–F or its own), used by every class.
          btn('gradebook:scale', 'Edit the grade scale', '编辑等级标准', [A]),
        ],
      }),
      page('monitor', 'exam/monitorLog', 'examLog:page', t('Exam monitoring', '考试监控'), STAFF, {
        buttons: [
          // Add time, collect, let back in, mark abnormal, message candidates, decide on flagged attempts.
          btn('examLog:manage', 'Act on candidates', '考场处置', STAFF),
        ],
      }),
      subPage('/exam/paperEdit', 'exam/paperEdit', 'examPaper:page', t('Paper builder', '组卷'), STAFF, '/exam/paper'),
      subPage(
        '/exam/paperPrint',
        'exam/paperPrint',
        'examPaper:page',
        t('Print paper', '打印试卷'),
        STAFF,
        '/exam/paper',
      ),
      // Screens opened from the ones above; their paths are the product's own, outside /exam.
      subPage('/answer/list', 'answer/list', 'answer:page', t('Exam paper list', '答卷列表'), STAFF, '/exam/answer'),
      subPage('/answer/edit', 'answer/edit', 'answer:page', t('Paper marking', '试卷批阅'), STAFF, '/exam/answer'),
      subPage('/answer/read', 'answer/read', 'answer:page', t('Paper viewing', '试卷查看'), STAFF, '/exam/answer'),
      subPage('/answer/print', 'answer/print', 'answer:page', t('Paper printing', '试卷打印'), STAFF, '/exam/answer'),
      subPage(
        '/examRegister/registerList',
        'examRegister/registerList',
        'examRegister:page',
        t('Exam registrants', '报名名单'),
        [A],
        '/exam/registration',
      ),
      subPage(
        '/examRegister/ticket',
        'examRegister/ticket',
        'examRegister:page',
        t('Admission tickets', '准考证'),
        [A],
        '/exam/registration',
      ),
      subPage(
        '/user/achiReport',
        'user/achiReport',
        'examScore:page',
        t('Score analysis', '成绩分析'),
        STAFF,
        '/exam/scores',
      ),
    ],
  },
  {
    path: MENU_AREA_PATHS.task,
    name: 'Task',
    icon: 'documentation',
    title: t('Tasks & homework', '任务作业'),
    pages: [
      page('index', 'task/index', 'task:page', t('Tasks', '任务列表'), STAFF, {
        buttons: [
          btn('task:create', 'Create task', '新增任务', STAFF),
          btn('task:update', 'Edit task', '编辑任务', STAFF),
          btn('task:delete', 'Delete task', '删除任务', STAFF),
          btn('task:export', 'Export tasks and students', '导出任务与学生', STAFF),
          btn('task:publish', 'Publish, withdraw or extend', '发布/撤回/延期', STAFF),
          btn('task:mark', 'Mark and return homework', '批改与退回作业', STAFF),
          // Without it a teacher reaches the tasks they made.
          btn('task:all', "Every teacher's tasks", '管理全部任务', [A]),
        ],
      }),
      // Homework papers are papers of type 6: the same builder and the exam papers' buttons.
      page('paper', 'task/paper', 'taskPaper:page', t('Homework papers', '作业试卷'), STAFF),
      subPage(
        '/task/paperEdit',
        'task/paperEdit',
        'taskPaper:page',
        t('Homework paper builder', '作业组卷'),
        STAFF,
        '/task/paper',
      ),
      subPage(
        '/task/paperPrint',
        'task/paperPrint',
        'taskPaper:page',
        t('Print homework paper', '打印作业试卷'),
        STAFF,
        '/task/paper',
      ),
      subPage(
        '/task/taskPaperEdit',
        'task/taskPaperEdit',
        'task:page',
        t('Homework marking', '作业批改'),
        STAFF,
        '/task/index',
      ),
    ],
  },
  {
    path: MENU_AREA_PATHS.team,
    name: 'Team',
    icon: 'group',
    title: t('Classes', '班级管理'),
    pages: [
      page('index', 'team/index', 'team:page', t('Class list', '班级列表'), STAFF, {
        buttons: [
          btn('team:create', 'Create class', '新增班级', [A]),
          // Class teachers keep their own classes' members.
          btn('team:update', 'Edit class', '编辑班级', STAFF),
          btn('team:delete', 'Delete class', '删除班级', [A]),
          btn('team:export', 'Export classes', '导出班级', [A]),
          btn('team:import', 'Import classes and members', '导入班级/成员', STAFF),
          // Without it a teacher sees only the classes they lead.
          btn('team:all', 'Every class', '管理全部班级', [A]),
        ],
      }),
      subPage('/team/detail', 'team/detail', 'team:page', t('Class detail', '班级详情'), STAFF, '/team/index'),
    ],
  },
  {
    path: MENU_AREA_PATHS.teaching,
    name: 'Teaching',
    icon: 'education',
    title: t('Teaching', '教学'),
    pages: [
      // Timetables (issue 31): everyone on staff reads the week of a class, a teacher or a venue; a
      // teacher changes nothing but sees their own lessons first.
      page('management', 'teachingManagement/index', 'teaching:page', t('Teaching management', '教学管理'), STAFF, {
        buttons: [
          btn(
            'teaching:update',
            'Build timetables: assignments, patterns, generation',
            '排课：任课安排、课表模式与生成',
            [A],
          ),
          btn('teaching:change', 'Move, cancel, swap lessons and assign substitutes', '调课、停课、换课与代课', [A]),
          btn('teaching:settings', 'Period times and the term calendar', '作息时间与校历', [A]),
          btn('teaching:export', 'Export timetables and lessons', '导出课表与课次', STAFF),
        ],
      }),
      // Live classes (issue 32): a teacher schedules and runs their own; academic staff reach every
      // one and set up the organisation's BigBlueButton servers.
      page('liveClass', 'liveClass/index', 'liveClass:page', t('Live classes', '直播课堂'), STAFF, {
        buttons: [
          btn('liveClass:create', 'Schedule and run own live classes', '安排并主持自己的直播课', STAFF),
          btn('liveClass:all', 'Every live class of the organisation', '管理全部直播课', [A]),
          btn('liveClass:settings', 'Live-class servers (BigBlueButton accounts)', '直播服务器（BigBlueButton 账户）', [
            A,
          ]),
          btn('liveClass:export', 'Export attendance reports', '导出直播考勤报告', STAFF),
        ],
      }),
      // Attendance (issue 31): a teacher takes their own lessons and sees their classes; academic
      // staff reach every session and their mark overrides the teacher's.
      page('attendance', 'attendance/index', 'attendance:page', t('Attendance', '考勤'), STAFF, {
        buttons: [
          btn('attendance:take', 'Take attendance of own lessons', '为自己的课点名', STAFF),
          btn('attendance:all', 'Every session; office override', '全部考勤；教务更正', [A]),
          btn('attendance:export', 'Export attendance', '导出考勤', STAFF),
          btn(
            'leave:approve',
            'Approve leave (own classes, or all with every session)',
            '审批请假（本班；或全部）',
            STAFF,
          ),
          btn('attendance:settings', 'Statuses, roll-up thresholds and alert rules', '考勤状态、日汇总阈值与预警规则', [
            A,
          ]),
        ],
      }),
      subPage(
        '/teaching/attendanceTake',
        'attendance/take',
        'attendance:page',
        t('Take attendance', '课堂点名'),
        STAFF,
        '/teaching/attendance',
      ),
      // Academic affairs (issue 34): student records, status changes, graduation and degrees.
      page(
        'educational',
        'educationalAdministration/index',
        'educational:page',
        t('Academic affairs', '教务管理'),
        [A],
        {
          buttons: [
            btn('studentRecord:update', 'Edit student records and guardians', '编辑学籍与监护人', [A]),
            btn(
              'statusChange:request',
              'Request status changes (suspension, transfer...)',
              '申请学籍异动（休学、转学等）',
              [A],
            ),
            btn('statusChange:approve', 'Approve or reject status changes', '审批学籍异动', [A]),
            btn('graduation:manage', 'Graduation requirements and batches', '毕业要求与毕业批次', [A]),
            btn('graduation:approve', 'Approve batches and confer degrees', '审批毕业批次并授予学位', [A]),
            btn('degree:revoke', 'Revoke a degree award', '撤销学位', [A]),
            btn('educational:export', 'Export records, audits and awards', '导出学籍、审核与学位', [A]),
          ],
        },
      ),
    ],
  },
  {
    path: MENU_AREA_PATHS.training,
    name: 'Training',
    icon: 'people',
    title: t('Training & degrees', '培训与学位'),
    pages: [
      // Admissions (issue 34): rounds, the public form's applications, review and enrolment.
      page('application', 'applicationManagement/index', 'application:page', t('Applications', '报名申请'), [A], {
        buttons: [
          btn('application:round', 'Admission rounds: create, open, close', '招生批次：新建、开放、关闭', [A]),
          btn('application:review', 'Review, interview and decide applications', '审核、面试与录取决定', [A]),
          btn('application:enrol', 'Enrol accepted applicants (creates the student)', '为录取者办理入学（创建学生）', [
            A,
          ]),
          btn('application:message', 'Message applicants', '给申请人发消息', [A]),
          btn('application:export', 'Export applications', '导出申请', [A]),
        ],
      }),
      // Training (issue 34): centres and their venues; programmes, sessions, registrations and certificates.
      page('centre', 'trainingCentre/index', 'trainingCentre:page', t('Training centres', '培训中心'), [A], {
        buttons: [
          btn('trainingCentre:create', 'Add training centres', '新增培训中心', [A]),
          btn('trainingCentre:update', 'Edit training centres and venues', '编辑培训中心与场地', [A]),
          btn('trainingCentre:delete', 'Delete training centres', '删除培训中心', [A]),
          btn('trainingCentre:export', 'Export training centres', '导出培训中心', [A]),
          btn('trainingCentre:import', 'Import training centres', '导入培训中心', [A]),
        ],
      }),
      page('management', 'trainingManagement/index', 'training:page', t('Training management', '培训管理'), [A], {
        buttons: [
          btn('training:programme', 'Training programmes', '培训项目', [A]),
          btn('training:session', 'Sessions: schedule, open, close, cancel', '培训场次：排期、开放、截止、取消', [A]),
          btn(
            'training:register',
            'Registrations: approve, book others, record outcomes',
            '报名：审批、代报名、记录结果',
            [A],
          ),
          btn('certificate:issue', 'Issue and reissue certificates', '颁发与补发证书', [A]),
          btn('certificate:revoke', 'Revoke certificates', '撤销证书', [A]),
          btn('certificate:template', 'Certificate templates', '证书模板', [A]),
          btn('training:export', 'Export sessions, registrations and certificates', '导出场次、报名与证书', [A]),
        ],
      }),
      // Tuition and payments (issue 33): a bursar's work. Academic staff hold it by default; a school
      // gives it to a role of its own (a "Bursar") in the role editor.
      page('payment', 'payment/index', 'payment:page', t('Tuition payments', '学费缴纳'), [A], {
        buttons: [
          btn(
            'payment:invoice',
            'Fee structures and invoices: create, issue, cancel',
            '收费标准与账单：新建、开具、作废',
            [A],
          ),
          btn('payment:collect', 'Record payments at the desk and print receipts', '登记线下缴费并打印收据', [A]),
          btn('payment:refund', 'Refund tuition', '学费退费', [A]),
          btn('payment:remind', 'Remind overdue students', '催缴逾期学生', [A]),
          btn('payment:settings', 'Payment channels (Alipay, test provider)', '支付渠道设置（支付宝、测试渠道）', [A]),
          btn(
            'payment:export',
            'Export invoices, payments and the daily reconciliation',
            '导出账单、缴费记录与每日对账',
            [A],
          ),
        ],
      }),
    ],
  },
  {
    path: MENU_AREA_PATHS.message,
    name: 'Message',
    icon: 'email',
    title: t('Messages', '消息管理'),
    pages: [
      page('index', 'message/index', 'message:page', t('Message list', '消息列表'), STAFF, {
        buttons: [
          btn('message:create', 'Write message', '新增消息', STAFF),
          btn('message:update', 'Edit message', '编辑消息', STAFF),
          btn('message:delete', 'Delete message', '删除消息', STAFF),
          btn('message:export', 'Export messages and receipts', '导出消息与阅读情况', STAFF),
          btn('message:publish', 'Publish, withdraw or remind', '发布/撤回/提醒', STAFF),
          // Without it a teacher reaches the messages they wrote, sent to their own classes.
          btn('message:all', 'Every message, any target', '管理全部消息', [A]),
        ],
      }),
    ],
  },
  {
    path: MENU_AREA_PATHS.mall,
    name: 'Mall',
    icon: 'theme',
    title: t('Points & orders', '积分商城'),
    pages: [
      // Points, products and goods orders (issue 33): academic staff run the shop; every change of a
      // balance is a ledger entry, and only `point:adjust` makes one by hand.
      page('points', 'point/index', 'point:page', t('Points', '积分'), [A], {
        buttons: [
          btn('point:adjust', 'Add or deduct points by hand, with a reason', '手动增减积分（需填写原因）', [A]),
          btn('point:rules', 'Rules that award points', '积分规则', [A]),
          btn('point:export', 'Export balances and the ledger', '导出积分余额与明细', [A]),
        ],
      }),
      page('products', 'product/index', 'product:page', t('Products', '商品'), [A], { buttons: crud('product', [A]) }),
      page('orders', 'order/index', 'order:page', t('Orders', '订单'), [A], {
        buttons: [
          btn('order:ship', 'Ship and complete goods orders', '发货与完成订单', [A]),
          btn(
            'order:cancel',
            'Cancel orders not yet shipped (stock and points go back)',
            '取消未发货订单（退回库存与积分）',
            [A],
          ),
          btn('order:export', 'Export orders', '导出订单', [A]),
          btn(
            'order:refund',
            'Refund course orders (the course closes for the buyer)',
            '课程订单退款（退款后关闭该课程）',
            [A],
          ),
        ],
      }),
    ],
  },
  {
    path: MENU_AREA_PATHS.statistics,
    name: 'Statistics',
    icon: 'chart',
    title: t('Statistics', '统计分析'),
    pages: [page('index', 'statistics/index', 'statistics:page', t('Score statistics', '成绩统计'), STAFF)],
  },
  {
    path: MENU_AREA_PATHS.log,
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
    path: MENU_AREA_PATHS.study,
    name: 'Study',
    icon: 'paper',
    title: t('My study', '我的学习'),
    pages: [
      page('exam', 'exam/myExam', 'myExam:page', t('My exams', '我的考试'), [S]),
      subPage('/study/ticket', 'exam/myTicket', 'myExam:page', t('Admission ticket', '准考证'), [S], '/study/exam'),
      page('homework', 'task/myTask', 'myTask:page', t('My homework', '我的作业'), [S]),
      page('grades', 'exam/myGrades', 'myGrade:page', t('My grades', '我的成绩'), [S]),
      page('course', 'teachingManagement/myCourse', 'myCourse:page', t('My courses', '我的课程'), [S]),
      subPage(
        '/study/courseLearn',
        'teachingManagement/courseLearn',
        'myCourse:page',
        t('Course', '课程学习'),
        [S],
        '/study/course',
      ),
      page('knowledge', 'teachingManagement/myKnowledge', 'myKnowledge:page', t('Knowledge base', '知识库'), [S]),
      page('timetable', 'teachingManagement/myTimetable', 'myTimetable:page', t('My timetable', '我的课表'), [S]),
      page('attendance', 'attendance/myAttendance', 'myAttendance:page', t('Attendance & leave', '考勤与请假'), [S]),
      subPage(
        '/study/checkIn',
        'attendance/checkIn',
        'myAttendance:page',
        t('Check in', '扫码签到'),
        [S],
        '/study/attendance',
      ),
      page('message', 'message/myMessage', 'myMessage:page', t('My messages', '我的消息'), [S]),
      page('points', 'point/myPoints', 'myPoints:page', t('Points & shop', '积分商城'), [S]),
      page('payments', 'payment/myPayments', 'myPayment:page', t('Orders & fees', '订单与缴费'), [S]),
      // Issue 34: the student's own record, graduation audit (with what-if) and certificates; training sessions.
      page('record', 'educationalAdministration/myRecord', 'myRecord:page', t('My record', '我的学籍'), [S]),
      page('training', 'trainingManagement/myTraining', 'myTraining:page', t('Training', '培训报名'), [S]),
    ],
  },
];

type PageOf<C> = C extends readonly { pages: readonly (infer Pg)[] }[] ? Pg : never;
type CodesOf<Pg> = Pg extends MenuPage<infer P, infer B> ? P | B : never;

// Every permission the product knows: the pages' and the buttons' of the catalogue. Routes and
// screens name permissions with this type, so a misspelt or removed one fails to compile.
export type PermissionCode = CodesOf<PageOf<typeof catalogue>>;

type PrefixOf<P> = P extends `${infer X}:create` ? X : never;
// The prefixes whose screen has the whole set of resource buttons (`degree`, `question`, ...).
export type CrudPrefix = {
  [X in PrefixOf<PermissionCode>]: `${X}:${CrudVerb | 'page'}` extends PermissionCode ? X : never;
}[PrefixOf<PermissionCode>];

// The prefixes of screens that list, create, change and delete (`role`: no Excel buttons).
export type ScreenPrefix = {
  [X in PrefixOf<PermissionCode>]: `${X}:${'page' | 'create' | 'update' | 'delete'}` extends PermissionCode ? X : never;
}[PrefixOf<PermissionCode>];

export const menuCatalogue: readonly MenuArea[] = catalogue;

// The same set at run time, for permissions that arrive as data (role grants, built names).
export const permissionCodes: ReadonlySet<PermissionCode> = new Set(
  menuCatalogue.flatMap((area) =>
    area.pages.flatMap((p) => [p.permission, ...(p.buttons ?? []).map((b) => b.permission)]),
  ) as PermissionCode[],
);
export function isPermissionCode(value: string): value is PermissionCode {
  return permissionCodes.has(value as PermissionCode);
}

// A permission's title as the role screen shows it (refusals name the permission that is missing).
const titles = new Map<string, Title>(
  menuCatalogue.flatMap((area) =>
    area.pages.flatMap((p) => [
      [p.permission, p.title] as const,
      ...(p.buttons ?? []).map((b) => [b.permission, b.title] as const),
    ]),
  ),
);
export function permissionTitle(code: PermissionCode): Title {
  return titles.get(code) ?? { en: code, zh: code };
}

// Names for the permissions that code refers to one by one; each must be in the catalogue.
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
} as const satisfies Record<string, PermissionCode>;

// Permissions of the students' own pages ("My exams", ...): they let a user see their own work and
// give no power over anyone else, so the privilege ceiling leaves them out.
export const studentOnlyPermissions: ReadonlySet<string> = new Set(
  menuCatalogue.flatMap((area) =>
    area.pages
      .filter((p) => p.grant.length === 1 && p.grant[0] === RoleKind.Student)
      .flatMap((p) => [p.permission, ...(p.buttons ?? []).map((b) => b.permission)]),
  ),
);
