import type { z } from 'zod';

// Over 400 lines: one catalogue, two languages per entry; split, the server's and the web's copies
// of a refusal's words could be read from different files.
// The catalogue of refusals. A failed reply carries `error: {key, field?, params?}` beside its English
// `message`; the server builds that message from the English template here and the web shows the
// template of the current language, so the code and the words cannot disagree. A field error's
// template is a predicate ("is required"), shown after the field's name; one without a field is a
// sentence (its first letter is capitalised when shown). Placeholders are i18next-style {{param}}.

type Param = string | number;
export type ErrorParamsShape = Record<string, Param>;

// The params type rides on the entry as a phantom, so `coded('tooLong', {max: 64})` is checked.
export interface ErrorDef<P extends ErrorParamsShape> {
  en: string;
  zh: string;
  readonly params?: P;
}
// Both texts are required arguments: an entry without its Chinese (or English) text does not compile.
const def = <P extends ErrorParamsShape = Record<never, never>>(en: string, zh: string): ErrorDef<P> => ({ en, zh });

// What `invalidFormat` says, by format: the whole predicate, as the field's rule reads.
export const FORMAT_TEXTS = {
  email: { en: 'not an e-mail address', zh: '不是有效的电子邮箱地址' },
  phone: { en: 'not a phone number', zh: '不是有效的电话号码' },
  colour: { en: 'a colour like #1677ff', zh: '应为颜色值，如 #1677ff' },
  date: { en: 'a date like 2026-09-01', zh: '应为日期，如 2026-09-01' },
  dateTime: { en: 'a date-time like 2026-09-01T08:00:00Z', zh: '应为日期时间，如 2026-09-01T08:00:00Z' },
  dateOrDateTime: {
    en: 'a date like 2026-09-01 or a date-time like 2026-09-01T08:00:00Z',
    zh: '应为日期（如 2026-09-01）或日期时间（如 2026-09-01T08:00:00Z）',
  },
  link: { en: 'must be an http(s) address or an uploaded file', zh: '必须是 http(s) 地址或已上传的文件' },
  userName: { en: 'letters, digits and _ . @ - only', zh: '只能包含字母、数字和 _ . @ -' },
  domain: { en: 'lower-case letters, digits and inner hyphens only', zh: '只能包含小写字母、数字和中间的连字符' },
  halfSteps: { en: 'in steps of 0.5', zh: '须为 0.5 的整数倍' },
  positiveId: { en: 'must be a positive whole number', zh: '必须是正整数' },
  pattern: { en: 'does not match the expected pattern', zh: '格式不正确' },
  host: { en: 'a host name or IP address, like smtp.example.edu', zh: '应为主机名或 IP 地址，如 smtp.example.edu' },
  timeZone: { en: 'a time zone like Asia/Shanghai', zh: '应为时区，如 Asia/Shanghai' },
  oneLine: { en: 'must be one line without control characters', zh: '须为单行，且不含控制字符' },
  time: { en: 'a time like 08:00', zh: '应为时间，如 08:00' },
  fileLink: { en: 'must be an uploaded file (/api/file/…)', zh: '必须是已上传的文件（/api/file/…）' },
  keyChars: { en: 'letters, digits, _ and - only', zh: '只能包含字母、数字、_ 和 -' },
} as const satisfies Record<string, { en: string; zh: string }>;
export type FormatKey = keyof typeof FORMAT_TEXTS;

export const ERRORS = {
  // Generic input rules (zod issues, the database's own checks).
  required: def('is required', '为必填项'),
  invalid: def('is invalid', '无效'),
  tooShort: def<{ min: number }>('must be at least {{min}} characters', '至少 {{min}} 个字符'),
  tooLong: def<{ max: number }>('must be at most {{max}} characters', '最多 {{max}} 个字符'),
  tooSmall: def<{ min: number }>('must be at least {{min}}', '不能小于 {{min}}'),
  tooBig: def<{ max: number }>('must be at most {{max}}', '不能大于 {{max}}'),
  tooFew: def<{ min: number }>('needs at least {{min}} entries', '至少需要 {{min}} 项'),
  tooMany: def<{ max: number }>('takes at most {{max}} entries', '最多 {{max}} 项'),
  notInteger: def('must be a whole number', '必须是整数'),
  invalidType: def<{ expected: string }>('must be a {{expected}}', '类型不正确（应为 {{expected}}）'),
  invalidFormat: def<{ format: FormatKey }>('{{format}}', '{{format}}'),
  notOneOf: def<{ values: string }>('must be one of {{values}}', '必须是以下之一：{{values}}'),
  unknownFields: def<{ keys: string }>('has unknown fields: {{keys}}', '包含未知字段：{{keys}}'),
  invalidJson: def('is not valid JSON', '不是有效的 JSON'),
  jsonOnly: def('send JSON with Content-Type: application/json', '请以 JSON 发送（Content-Type: application/json）'),
  bodyTooLarge: def('is too large', '太大'),
  nulCharacter: def('contains a NUL character', '包含 NUL 字符'),
  loneSurrogate: def('contains an invalid character (a lone UTF-16 surrogate)', '包含无效字符（孤立的 UTF-16 代理项）'),
  keyNulCharacter: def('has a key that contains a NUL character', '有字段名包含 NUL 字符'),
  keyLoneSurrogate: def(
    'has a key that contains an invalid character (a lone UTF-16 surrogate)',
    '有字段名包含无效字符（孤立的 UTF-16 代理项）',
  ),
  protoKey: def('has a forbidden key "__proto__"', '包含禁止的字段名 "__proto__"'),
  tooDeep: def<{ max: number }>('is nested too deeply (more than {{max}} levels)', '嵌套过深（超过 {{max}} 层）'),
  unsafeHtml: def<{ what: string }>('contains HTML that is not allowed here{{what}}', '包含此处不允许的 HTML{{what}}'),
  badUrl: def('is not a valid address', '不是有效的地址'),
  badUrlEncoding: def('is not a valid address (bad percent-encoding)', '不是有效的地址（百分号编码错误）'),
  paramTooLong: def('a path parameter is too long', '路径参数太长'),
  noSuchApi: def<{ method: string; url: string }>('no such API: {{method}} {{url}}', '接口不存在：{{method}} {{url}}'),
  serverError: def('server error, please try again later', '服务器错误，请稍后再试'),
  // Rows: existence, uniqueness, references.
  unique: def<{ label: string; value: string }>('{{label}} "{{value}}" already exists', '“{{value}}”已存在'),
  alreadyExists: def('already exists', '已存在'),
  entityExists: def<{ entity: string }>('{{entity}} already exists', '该记录已存在'),
  alreadyExistsWith: def<{ others: string }>('already exists (with the same {{others}})', '已存在（{{others}} 相同）'),
  notFound: def<{ entity: string }>('{{entity}} not found', '记录不存在或已被删除'),
  someMissing: def<{ entity: string }>('some {{entity}} do not exist', '部分记录不存在'),
  noSuchReference: def<{ entity: string; ids: string }>(
    'no {{entity}} with id {{ids}}',
    '引用的记录不存在（编号 {{ids}}）',
  ),
  referenceGone: def('refers to a record that no longer exists', '引用的记录已不存在'),
  usedBy: def<{ count: number; by: string }>(
    'cannot delete: in use by {{by}} ({{count}}). Nothing was deleted.',
    '无法删除：仍有 {{count}} 条记录（{{by}}）在使用，未删除任何内容。',
  ),
  stillInUse: def('cannot delete: still in use. Nothing was deleted.', '无法删除：仍在使用中，未删除任何内容。'),
  parentCycle: def('cannot be the entry itself or one of its descendants', '不能是该条目本身或其下级'),
  cannotSort: def<{ field: string }>('cannot sort by "{{field}}"', '不能按“{{field}}”排序'),
  // State transitions and owned rows (the resource engine's actions and child collections).
  transition: def<{ action: string; a: string; state: string; entity: string; actionZh: string; stateZh: string }>(
    'cannot {{action}} {{a}} {{state}} {{entity}}',
    '当前状态为“{{stateZh}}”，不能{{actionZh}}',
  ),
  notChildHere: def<{ entity: string; id: number }>(
    'no {{entity}} with id {{id}} here',
    '这里没有编号为 {{id}} 的条目',
  ),
  listedTwice: def<{ entity: string; id: number }>('{{entity}} {{id}} is listed twice', '编号 {{id}} 的条目重复出现'),
  ownRowsOnly: def<{ entities: string }>('you can change only your own {{entities}}', '只能修改自己创建的记录'),
  cannotChangeRow: def<{ entity: string }>('you cannot change this {{entity}}', '您不能修改这条记录'),
  // Exam papers.
  publishedPaperLocked: def('withdraw the published paper before changing it', '请先撤回已发布的试卷再修改'),
  paperHasNoQuestion: def('a paper needs at least one question before it is published', '试卷至少要有一道题才能发布'),
  aboveTotalScore: def<{ total: number }>('cannot be above the total score ({{total}})', '不能高于总分（{{total}}）'),
  withdrawBeforeDelete: def<{ names: string }>(
    'withdraw published papers before deleting them: {{names}}. Nothing was deleted.',
    '请先撤回已发布的试卷再删除：{{names}}。未删除任何内容。',
  ),
  paperUsedByExam: def<{ names: string }>(
    'exams that have not ended use this paper: {{names}}',
    '以下未结束的考试正在使用该试卷：{{names}}',
  ),
  // Classes and exams.
  notAStudent: def<{ name: string }>('{{name}} is not a student', '{{name}} 不是学生'),
  unknownUserName: def<{ name: string }>('no user named {{name}}', '没有用户名为 {{name}} 的用户'),
  notAMajor: def('must be a department of type Major', '必须是类型为“专业”的部门'),
  notATeacher: def<{ name: string }>('{{name}} is not a teacher', '{{name}} 不是教师'),
  longerThanWindow: def('is longer than the exam window', '超过了考试时间窗口'),
  collectBeforeWarn: def('must not be below the switches allowed before a warning', '不能少于警告前允许的切屏次数'),
  registrationAfterStart: def('registration must close before the exam starts', '报名必须在考试开始前截止'),
  paperNotPublished: def(
    'the exam paper must be published (and an exam paper, not homework)',
    '试卷必须已发布，且为考试试卷',
  ),
  publishedExamLocked: def(
    'a published exam changes only by its actions (extend, cancel)',
    '已发布的考试只能通过延长或取消来更改',
  ),
  examConflicts: def<{ list: string; listZh: string }>(
    'the exam cannot be published: {{list}}',
    '考试不能发布：{{listZh}}',
  ),
  examHasWarnings: def<{ list: string; listZh: string }>(
    'accept the warnings to publish: {{list}}',
    '确认以下提醒后才能发布：{{listZh}}',
  ),
  cancelBeforeDelete: def<{ names: string }>(
    'cancel published exams before deleting them: {{names}}. Nothing was deleted.',
    '请先取消已发布的考试再删除：{{names}}。未删除任何内容。',
  ),
  extendEarlier: def('must be later than the current end', '必须晚于当前结束时间'),
  examEnded: def('the exam has ended', '考试已结束'),
  windowPassed: def(
    'the window has passed: move it to a time to come before publishing',
    '考试时间已过，请先改到以后的时间再发布',
  ),
  registrationClosed: def('registration for this exam is not open', '该考试当前不在报名时间内'),
  examFull: def('all places are taken', '名额已满'),
  notEligible: def('this exam is not open to you', '您不在该考试的报名范围内'),
  notRegistrationExam: def('this exam takes no registrations', '该考试不接受报名'),
  registrationDecided: def('an approved registration can no longer be cancelled here', '已审核通过的报名不能在此取消'),
  noVenueSeats: def('the exam has no venue with seats', '考试没有设置考场或考场没有座位'),
  // Exam day.
  examNotOpenYet: def('the exam has not started yet', '考试尚未开始'),
  entryClosed: def('the latest entry time has passed', '已超过最晚入场时间'),
  notCandidate: def('you are not a candidate of this exam', '您不是该考试的考生'),
  attemptEnded: def('this paper has already been handed in or collected', '该试卷已交卷或已被收卷'),
  attemptClosed: def('the time for answering has run out: nothing was saved', '答题时间已结束：本次内容未保存'),
  questionNotInPaper: def<{ id: number }>('question {{id}} is not in this paper', '题目 {{id}} 不在本试卷中'),
  tooManyEvents: def<{ max: number; perMinute: number }>(
    'are more than this attempt may report so far ({{max}} events; {{perMinute}} more each minute)',
    '超出本答卷目前可上报的事件数（{{max}} 条；每分钟增加 {{perMinute}} 条）',
  ),
  noOpenAttempt: def('is not an attempt of yours that is still open', '不是您正在作答的答卷'),
  fileOnlyOnSnapshot: def('only a snapshot or screenshot carries a file', '只有抓拍或截屏事件可以附带文件'),
  notReopenable: def(
    'only an attempt collected forcibly or ended abnormally can be reopened',
    '只有被强制收卷或异常结束的答卷可以重新开放',
  ),
  // Marking and scores.
  scoresConfirmed: def(
    'the scores of this exam are confirmed: reopen them before changing a score',
    '该考试成绩已确认：请先撤销确认再修改成绩',
  ),
  notYourQuestion: def('this question is assigned to other markers', '该题已分配给其他阅卷人'),
  notMarkable: def('this answer cannot be marked: the paper is not handed in yet', '该答卷尚未交卷，不能批阅'),
  notHandMarked: def('only an answer marked by a teacher can be reviewed', '只有人工批阅过的答案可以复核'),
  ownReview: def('the review must be made by a second marker', '复核须由另一位阅卷人进行'),
  reviewReason: def('give a reason when the review changes the score', '复核改分时请填写原因'),
  regradeCompose: def(
    'the key of a compose question is changed per sub-question in the question bank; here it can only be thrown out',
    '组合题的答案不能在此修改，只能作废',
  ),
  pendingMarks: def<{ count: number }>(
    '{{count}} answers are not marked yet: mark them or confirm anyway',
    '还有 {{count}} 个答案未批阅：请先批阅，或选择仍然确认',
  ),
  scoresNotShown: def('your scores for this exam are not shown yet', '该考试成绩尚未公布'),
  practiceReview: def(
    'is for practice exams only: allow review and show the score after handing in',
    '仅用于练习考试：须允许查看答卷，且交卷后显示成绩',
  ),
  queryOpen: def('you already have an open query on this question', '您对该题的申诉尚未处理'),
  // Tasks and homework.
  taskTypeComing: def(
    'course and knowledge-base tasks need the course and knowledge-base areas, which are not built yet',
    '课程与知识库任务需要课程和知识库模块，尚未上线',
  ),
  paperNotHomework: def('must be a published homework paper', '必须是已发布的作业试卷'),
  // Courses and the knowledge base.
  lessonRule: def<{ rule: string; type: string }>(
    'the rule "{{rule}}" does not fit a {{type}} lesson',
    '完成条件“{{rule}}”不适用于{{type}}课时',
  ),
  duplicateKey: def('is used twice in this course', '在本课程中重复'),
  unknownPrerequisite: def('names no chapter or lesson of this course', '不是本课程的章节或课时'),
  selfPrerequisite: def('cannot require itself', '不能以自身为前置条件'),
  notVideoOrDocument: def<{ types: string }>(
    'must be an uploaded file of the right kind: {{types}}',
    '须为已上传的相应文件：{{types}}',
  ),
  paperNotQuiz: def('must be a published exam or homework paper', '必须是已发布的试卷'),
  courseEmpty: def('a course needs at least one lesson before it is published', '课程至少需要一个课时才能发布'),
  notEnrolled: def('you are not enrolled in this course', '您未加入该课程'),
  courseNotOpen: def('this course is not open for self-enrolment', '该课程不开放自主选课'),
  courseHasLearners: def<{ names: string }>(
    'courses with learners cannot be deleted: {{names}}. Archive them instead. Nothing was deleted.',
    '以下课程已有学员，不能删除：{{names}}。请改为归档。未删除任何内容。',
  ),
  courseArchived: def('this course is archived: nobody new joins it', '该课程已归档，不再接收新学员'),
  lessonLocked: def<{ missing: string }>(
    'this lesson opens after: {{missing}}',
    '完成以下内容后才能学习本课时：{{missing}}',
  ),
  heartbeatNonce: def(
    'this lesson was opened again (on another device or tab): open it again to go on counting',
    '该课时已在其他设备或页面打开：请重新打开以继续计时',
  ),
  heartbeatTooFast: def<{ max: number }>(
    'claims more watching than the time since the last report allows (at most {{max}}× speed)',
    '上报的观看时长超过了距上次上报的时间所允许的范围（最多 {{max}} 倍速）',
  ),
  heartbeatBeyondEnd: def('is past the end of the video', '超出了视频时长'),
  notThisLessonType: def<{ type: string }>('is not possible for a {{type}} lesson', '不适用于{{type}}课时'),
  articleNotForYou: def('this article is not published for you', '该文章未向您发布'),
  // Course and knowledge-base tasks: what their items must be.
  notACourse: def('must be a course', '必须是课程'),
  notAnArticle: def('must be a knowledge-base article', '必须是知识库文章'),
  courseNotPublished: def('the course must be published', '课程须已发布'),
  articleNotPublished: def('the article must be published', '文章须已发布'),
  articleStaffOnly: def('is meant for staff only: students cannot read it', '仅面向教职工，学生无法阅读'),
  taskNotOpen: def('this homework is not open now', '该作业当前不可作答'),
  noRedoLeft: def<{ max: number }>(
    'no hand-ins left: this homework may be handed in {{max}} times',
    '已无作答次数：该作业最多可提交 {{max}} 次',
  ),
  notReturnable: def('only handed-in work can be returned', '只能退回已提交的作业'),
  notHomework: def('this paper is not homework', '该答卷不是作业'),
  noInstantFeedback: def('this homework does not check answers while you work', '该作业不提供即时反馈'),
  notObjective: def('only objective questions can be checked', '只有客观题可以即时检查'),
  alreadyChecked: def('this answer was checked and is final', '该题已检查，答案不可再修改'),
  answerChecked: def<{ id: number }>(
    'question {{id}} was checked and its answer is final: nothing was saved',
    '题目 {{id}} 已检查，答案不可再修改：本次内容未保存',
  ),
  keysBeforeLastHandIn: def(
    'cannot show the keys as soon as work is marked while students may hand it in again: show them after the due time, or allow one hand-in',
    '允许多次提交时不能在批改后立即显示答案：请改为截止后显示，或只允许提交一次',
  ),
  nothingToCheck: def('answer the question before checking it', '请先作答再检查'),
  publishedTaskLocked: def('withdraw the task before changing it', '请先撤回任务再修改'),
  withdrawTaskBeforeDelete: def<{ names: string }>(
    'withdraw published tasks before deleting them: {{names}}. Nothing was deleted.',
    '请先撤回已发布的任务再删除：{{names}}。未删除任何内容。',
  ),
  // Messages.
  noticeLocked: def(
    "the product's own notices cannot be changed, withdrawn or reminded",
    '系统自动发送的通知不能修改、撤回或提醒',
  ),
  publishedMessageLocked: def('withdraw the message before changing it', '请先撤回消息再修改'),
  withdrawMessageBeforeDelete: def<{ names: string }>(
    'withdraw published messages before deleting them: {{names}}. Nothing was deleted.',
    '请先撤回已发布的消息再删除：{{names}}。未删除任何内容。',
  ),
  // Time clashes the database refuses (exclusion constraints; issue 28).
  clashes: def('clashes with another booking at that time', '与同一时间的另一项安排冲突'),
  clashesWith: def<{ from: string; to: string }>(
    'clashes with another booking from {{from}} to {{to}}',
    '与 {{from}} 至 {{to}} 的另一项安排冲突',
  ),
  // The timetable's clash engine (issue 31): what is in the way, and when, in the organisation's zone.
  clashesWithLesson: def<{ name: string; from: string; to: string }>(
    'clashes with the lesson «{{name}}» from {{from}} to {{to}}',
    '与课程「{{name}}」（{{from}} 至 {{to}}）冲突',
  ),
  clashesWithExam: def<{ name: string; from: string; to: string }>(
    'clashes with the exam «{{name}}» from {{from}} to {{to}}',
    '与考试「{{name}}」（{{from}} 至 {{to}}）冲突',
  ),
  clashesWithLiveClass: def<{ name: string; from: string; to: string }>(
    'clashes with the live class «{{name}}» from {{from}} to {{to}}',
    '与直播课「{{name}}」（{{from}} 至 {{to}}）冲突',
  ),
  // Calendars (issue 31): one request covers at most a few weeks.
  calendarSpanTooLong: def<{ max: number }>(
    'must be at most {{max}} days after the first day',
    '与开始日期相隔不能超过 {{max}} 天',
  ),
  // Attendance and leave (issue 31).
  lessonOrSession: def('give a lesson or a session, one of the two', '请指定课次或考勤场次（二选一）'),
  reasonRequired: def<{ status: string }>('a reason is needed for «{{status}}»', '「{{status}}」需要填写原因'),
  notInClass: def<{ name: string }>('{{name}} is not a student of this class', '{{name}} 不是本班学生'),
  notYourLesson: def('you can take attendance only for your own lessons', '只能为自己的课点名'),
  attendanceNotOpen: def<{ from: string }>('attendance opens at {{from}}', '点名于 {{from}} 开放'),
  attendanceClosed: def<{ days: number }>(
    'attendance cannot be changed more than {{days}} days after the lesson; ask the office',
    '课后超过 {{days}} 天不能再修改考勤，请联系教务',
  ),
  checkInCode: def(
    'is not a valid check-in code for this session now; scan the code shown in class',
    '不是本节课当前有效的签到码，请扫描课堂上显示的二维码',
  ),
  checkInClosed: def('check-in is not open for this session now', '本节课当前未开放签到'),
  checkInOtherStudent: def(
    'this login has already checked in another student for this session',
    '此登录已为本节课的其他学生签到',
  ),
  leaveNotPending: def<{ status: string; statusZh: string }>(
    'the request is already {{status}}',
    '该申请当前为“{{statusZh}}”，不能这样操作',
  ),
  leaveStarted: def('the leave has already started', '请假已开始'),
  notYourStudent: def('you can act only for students of the classes you lead', '只能为您所带班级的学生操作'),
  // The timetable (issue 31): period times, term days, patterns and lesson changes.
  periodsOutOfOrder: def('must be greater than the period before', '须大于上一节的节次'),
  periodOverlap: def('starts before the period before it ends', '早于上一节的结束时间'),
  endBeforeStartTime: def('must be after the start time', '必须晚于开始时间'),
  periodsOrTimes: def('give periods or start and end times, not both', '请填写节次或起止时间，不能同时填写'),
  noSuchPeriod: def<{ no: number }>('there is no period {{no}} in the day', '作息时间中没有第 {{no}} 节'),
  outsideSemester: def<{ from: string; to: string }>(
    'must be within the semester ({{from}} to {{to}})',
    '须在学期之内（{{from}} 至 {{to}}）',
  ),
  noSemesterOnDay: def('falls in no semester', '不在任何学期之内'),
  onlyForMakeUp: def('is only for a make-up day', '仅适用于调休上课日'),
  sameAsTeacher: def('must be someone other than the teacher', '不能与授课教师相同'),
  lessonEnded: def('the lesson is over and can no longer change', '该课次已结束，不能再更改'),
  lessonCancelled: def('the lesson is cancelled', '该课次已取消'),
  sameLesson: def('must be another lesson', '须为另一节课'),
  alreadyTeaches: def('already teaches this lesson', '已是该课次的授课教师'),
  generatedLesson: def(
    'lessons generated from the timetable are cancelled, not deleted',
    '由课表生成的课次只能停课，不能删除',
  ),
  // Attendance statistics (issue 31).
  rangeTooLong: def<{ days: number }>('covers at most {{days}} days', '最多 {{days}} 天'),
  halfAboveFull: def('must not be above the full-day threshold', '不能高于全天出勤的阈值'),
  afterToday: def('must not be after today', '不能晚于今天'),
  // Ledgers (points, money; issue 28).
  insufficientBalance: def<{ balance: number; amount: number }>(
    'the balance is {{balance}}, not enough for {{amount}}',
    '余额为 {{balance}}，不足 {{amount}}',
  ),
  // Points and the shop (issue 33).
  alreadyPosted: def('this was recorded already', '该记录已入账，不能重复'),
  notOnShelf: def('is not on the shelf', '该商品未上架'),
  outOfStock: def<{ stock: number }>('is more than the {{stock}} left in stock', '超过库存（仅剩 {{stock}} 件）'),
  overLimit: def<{ limit: number; bought: number }>(
    'is over the limit of {{limit}} per student ({{bought}} redeemed already)',
    '超过每人限兑数量 {{limit}}（已兑换 {{bought}} 件）',
  ),
  productHasOrders: def<{ names: string }>(
    'cannot delete {{names}}: orders were redeemed for it. Take it off the shelf instead.',
    '无法删除 {{names}}：已有兑换订单，请改为下架。',
  ),
  // Tuition (issue 33, second part).
  sharesNot100: def<{ sum: number }>(
    'the instalments’ shares add up to {{sum}} %; they must add up to 100 %',
    '各期比例合计为 {{sum}}%，应为 100%',
  ),
  dueNotAfterPrevious: def('must be after the previous instalment’s due date', '须晚于上一期的截止日期'),
  overpayment: def<{ outstanding: string }>(
    'is more than the {{outstanding}} still owed',
    '超过尚欠金额 {{outstanding}}',
  ),
  invoiceHasPayments: def(
    'payments were put against this invoice: refund them instead of cancelling it',
    '该账单已有缴费记录，不能作废，请改为退费',
  ),
  noStudentsToInvoice: def('finds no student to invoice', '没有找到需要开具账单的学生'),
  // Payments (issue 33, second part): channels, payments and refunds.
  paymentChannelOff: def<{ provider: string }>(
    'has no payment channel turned on: an administrator sets one up in the payment settings',
    '未开通该支付渠道：请管理员先在支付设置中配置并启用',
  ),
  paymentNotPaid: def('is not a paid payment', '不是已完成的支付'),
  paymentNotAwaiting: def('the payment is no longer awaiting payment', '该支付已不在待支付状态'),
  refundTooMuch: def<{ left: number; currency: string }>(
    'is more than what is left to refund on the payment',
    '超过该笔支付的可退款金额',
  ),
  refundItemTaken: def('already has a refund under way or done', '已有进行中或已完成的退款'),
  paymentProviderFailed: def<{ detail: string }>(
    'the payment provider could not be asked: {{detail}}',
    '无法联系支付渠道：{{detail}}',
  ),
  currencyNotSupported: def<{ currency: string }>(
    'is not a currency this payment channel takes ({{currency}})',
    '该支付渠道不支持此币种（{{currency}}）',
  ),
  paymentKeyInvalid: def('is not a readable RSA key (PEM or base64)', '不是有效的 RSA 密钥（PEM 或 base64 格式）'),
  // Course orders (issue 33, second part).
  courseNotForSale: def<{ title: string }>(
    'cannot buy «{{title}}»: it is not a published course with a price',
    '无法购买“{{title}}”：该课程未发布或未定价',
  ),
  courseAlreadyOwned: def<{ title: string }>(
    'you already have «{{title}}» (enrolled, paid, or in an order awaiting payment)',
    '您已拥有“{{title}}”（已加入、已购买或在待支付订单中）',
  ),
  mixedPriceKinds: def(
    'must all be priced the same way: buy courses priced in points and in money in separate orders',
    '须为同一计价方式：积分课程与付费课程请分开下单',
  ),
  orderExpired: def('the time to pay this order has passed: order again', '该订单已超过支付时限，请重新下单'),
  orderPaidMeanwhile: def('this order has been paid already', '该订单已支付'),
  notItemOfOrder: def<{ ids: string }>(
    'must be courses of this order not refunded yet ({{ids}} is not)',
    '须为本订单中尚未退款的课程（{{ids}} 不是）',
  ),
  // Training sessions (issue 34).
  trainingNotBookable: def<{ state: string; stateZh: string }>(
    'this session takes no bookings now ({{state}})',
    '该培训场次当前不接受报名（{{stateZh}}）',
  ),
  trainingDeadlinePassed: def('the booking deadline of this session has passed', '该培训场次的报名已截止'),
  trainingAlreadyRegistered: def<{ state: string; stateZh: string }>(
    'is registered for this session already ({{state}})',
    '已报名该场次（{{stateZh}}）',
  ),
  trainingNotOver: def('outcomes are recorded once the session has ended', '培训结束后才能记录结果'),
  trainingHoursAbove: def<{ max: number }>(
    'is more than the {{max}} hours the session credits',
    '超过该场次可认定的 {{max}} 学时',
  ),
  trainingCapacityBelow: def<{ booked: number }>(
    'is below the {{booked}} places already booked',
    '少于已预订的 {{booked}} 个名额',
  ),
  // Admissions (issue 34).
  admissionRoundNotOpen: def('the admission round is not open for applications', '该招生批次当前不接受报名'),
  applicationNotDraft: def('the application is submitted and can no longer be changed', '申请已提交，不能再修改'),
  admissionQuotaFull: def<{ quota: number }>(
    'the round’s {{quota}} places are taken',
    '该招生批次的 {{quota}} 个名额已满',
  ),
  applicationDocumentNotAsked: def(
    'documents are added to a draft, or when the school asks for them',
    '只能在草稿阶段或学校要求补交时上传材料',
  ),
  applicationNotAccepted: def('only an accepted application is enrolled', '只有已录取的申请才能办理入学'),
  // Graduation (issue 34).
  batchEmpty: def('the batch has no students yet', '该毕业批次还没有学生'),
  batchUndecided: def<{ count: number }>(
    '{{count}} students of the batch are not decided yet',
    '该批次还有 {{count}} 名学生未作决定',
  ),
  batchNoneApproved: def('no student of the batch is approved to graduate', '该批次没有准予毕业的学生'),
  batchLocked: def<{ state: string; stateZh: string }>(
    'the batch is {{state}}: its students can no longer change',
    '该批次为“{{stateZh}}”状态，学生名单不能再更改',
  ),
  batchNotReviewing: def('students are decided while the batch is under review', '只有审核中的批次才能对学生作决定'),
  notInBatch: def<{ ids: string }>('are not students of this batch ({{ids}})', '不是该批次的学生（{{ids}}）'),
  noDegreeRecord: def<{ names: string }>(
    'have no record of the batch’s degree: {{names}}',
    '以下学生没有该学历层次的学籍：{{names}}',
  ),
  unmetNeedsNote: def(
    'approving a student who does not meet every requirement needs a note saying why',
    '准予未满足全部要求的学生毕业时须填写说明',
  ),
  // Student records and status changes (issue 34).
  noStudentRecord: def('has no student record yet: make one first', '还没有学籍，请先建立学籍'),
  studentNoTaken: def<{ no: string }>('{{no}} is already another student’s number', '{{no}} 已是其他学生的学号'),
  statusChangeNotFrom: def<{ state: string; stateZh: string }>(
    'does not apply to a student who is {{state}}',
    '不适用于当前学籍状态为“{{stateZh}}”的学生',
  ),
  statusChangeOpen: def(
    'the student already has a status change waiting: decide or cancel it first',
    '该学生已有待处理的学籍异动，请先审批或撤销',
  ),
  statusChangeOwnRequest: def(
    'you requested this change: another approver decides it (administrators excepted)',
    '这是您提出的申请，须由其他审批人审批（管理员除外）',
  ),
  statusChangeDecided: def<{ state: string; stateZh: string }>(
    'this change is already {{state}}',
    '该异动当前为“{{stateZh}}”，不能再操作',
  ),
  // The gradebook (issue 36).
  weightsNot100: def<{ sum: number }>(
    'the weights add up to {{sum}} %; they must add up to 100 %',
    '权重合计为 {{sum}}%，应为 100%',
  ),
  usedTwice: def<{ value: string }>('"{{value}}" is used twice', '“{{value}}”重复'),
  oneDefaultPerKind: def('another category already takes these by default', '已有其他分类默认收录此类成绩'),
  lowestBandZero: def('the lowest band must start at 0 %', '最低等级须从 0% 起'),
  noRetakeLeft: def<{ max: number }>(
    'this exam may be sat {{max}} times, and you have sat it that often',
    '该考试最多可参加 {{max}} 次，您已用完',
  ),
  notRetakable: def('this exam cannot be sat again now', '该考试当前不能再次参加'),
  notInGradebook: def('is not an exam or homework of this class and term', '不是该班级本学期的考试或作业'),
  notYourClass: def<{ name: string }>(
    'must be one of your classes or their students: {{name}} is not',
    '只能是您所带的班级或其学生：{{name}} 不在其中',
  ),
  wideAudienceNotAllowed: def<{ permission: string; permissionZh: string }>(
    'reaches beyond your classes: the whole school, a grade or a department needs the permission "{{permission}}"',
    '超出了您所带的班级：面向全校、年级或院系需要“{{permissionZh}}”权限',
  ),
  inAnotherClass: def<{ name: string; team: string }>(
    '{{name}} is already in class {{team}}: only academic staff move students between classes',
    '{{name}} 已在班级 {{team}} 中：只有教务人员可以调整学生所在班级',
  ),
  wideTargetNotAllowed: def(
    'sending to the whole school or a grade needs the permission "Every message, any target"',
    '发送给全校或年级需要“管理全部消息”权限',
  ),
  messageEnded: def("the message's showing time has ended", '该消息的展示时间已结束'),
  remindedRecently: def<{ minutes: number }>(
    'a reminder went out less than {{minutes}} minutes ago',
    '{{minutes}} 分钟内已发送过提醒',
  ),
  nobodyToRemind: def('everyone has read it already', '所有人都已阅读'),
  // E-mail (the organisation's SMTP settings, issue 29).
  mailOff: def(
    'e-mail is turned off: turn it on and save the SMTP settings first',
    '邮件发送未开启：请先开启并保存 SMTP 设置',
  ),
  mailFailed: def<{ reason: string }>('the e-mail could not be sent: {{reason}}', '邮件发送失败：{{reason}}'),
  nothingAbout: def('the exam, homework or course it is about was not found', '关联的考试、作业或课程不存在'),
  // Whole-paper imports (a row of the sheet; the column is named beside the reason).
  paperSheetNoTable: def<{ header: string; headerZh: string }>(
    'the sheet has no question table: a row starting with "{{header}}" is missing',
    '工作表中没有题目表：缺少以“{{headerZh}}”开头的表头行',
  ),
  questionBeforeSection: def(
    'a question comes before any section: start the table with a section row',
    '题目之前没有大题：请先写一行大题',
  ),
  sectionRowHoldsQuestion: def(
    'a section row holds only its title and instructions: put its questions on the rows below',
    '大题行只填写标题和说明，题目请写在下面的行中',
  ),
  questionIdOrNew: def(
    'give either the ID of a question in the bank or a new question, not both',
    '请填写题库中题目的编号或新题目，二者只能选其一',
  ),
  noQuestionOnRow: def(
    'give the ID of a question in the bank, or write a new question (type and stem)',
    '请填写题库中题目的编号，或写出新题目（题型和题干）',
  ),
  sheetHasNoQuestion: def(
    'the table has no question: add a row for each question below its section',
    '题目表中没有题目：请在大题下逐行添加题目',
  ),
  newQuestionsNeedImport: def(
    'adding new questions to the bank needs the permission to import questions',
    '向题库添加新题目需要“导入题目”权限',
  ),
  // Rule-based papers: each refusal names the section (and the rule by its number in the section).
  emptySection: def<{ section: string }>(
    'section «{{section}}» has no question and no rule',
    '大题「{{section}}」没有题目也没有抽题规则',
  ),
  ruleUnsatisfiable: def<{ section: string; rule: number; needed: number; found: number }>(
    'rule {{rule}} of section «{{section}}» needs {{needed}} questions but only {{found}} in the bank match it',
    '大题「{{section}}」的第 {{rule}} 条规则需要 {{needed}} 道题，题库中只有 {{found}} 道符合',
  ),
  ruleNotDrawn: def<{ section: string; rule: number }>(
    'rule {{rule}} of section «{{section}}» has not been drawn (draw the paper again)',
    '大题「{{section}}」的第 {{rule}} 条规则尚未抽题（请重新抽题）',
  ),
  rulesNeedRuleMode: def('rules need a build mode that draws from rules', '抽题规则需要选择按规则组卷的方式'),
  difficultyRange: def('the lowest difficulty cannot be above the highest', '最低难度不能高于最高难度'),
  measuredRange: def('the lowest measured difficulty cannot be above the highest', '实测难度的下限不能高于上限'),
  notObjectiveType: def(
    'taking every matching question works for objective types only (single choice, multiple choice, true or false)',
    '“全部客观题”只适用于客观题（单选题、多选题、判断题）',
  ),
  notKnowledgePoint: def<{ name: string }>('«{{name}}» is not a knowledge point', '「{{name}}」不是知识点'),
  notPlainTag: def<{ name: string }>('«{{name}}» is a knowledge point, not a tag', '「{{name}}」是知识点，不是标签'),
  notDrawOnce: def(
    'drawing into a fixed paper needs the build mode "rules, drawn once"',
    '抽题生成固定试卷需要选择“规则抽题（固定试卷）”',
  ),
  paperHasNoRule: def('the paper has no rule to draw from', '试卷没有可用的抽题规则'),
  notDrawnItem: def('this question was not drawn by a rule', '该题不是按规则抽取的'),
  noOtherQuestion: def('no other question in the bank matches this rule', '题库中没有其他符合该规则的题目'),
  totalsInconsistent: def<{ stored: number; sum: number }>(
    'the total score {{stored}} is not the sum of the questions ({{sum}}); save the paper again',
    '总分 {{stored}} 与各题分数之和（{{sum}}）不一致，请重新保存试卷',
  ),
  removedPartInUse: def(
    'cannot save: a removed part is still in use, or a referenced record is gone. Nothing was saved.',
    '无法保存：删除的部分仍在使用，或引用的记录已不存在。未保存任何内容。',
  ),
  inUse: def<{ by: string }>('this record is still in use by {{by}}', '该记录仍在使用中，无法删除'),
  notAllowedValue: def('is not an allowed value', '不是允许的值'),
  dbTextTooLong: def('a text is too long', '文本太长'),
  dbBadValue: def('a value is not valid for its type (a number or a date)', '有值的类型不正确（数字或日期）'),
  dbOutOfRange: def('a number is out of range', '数字超出范围'),
  dbBadCharacter: def('contains a character the database cannot store', '包含数据库无法存储的字符'),
  dbTooComplex: def('is too complex', '太复杂'),
  dbInvalid: def('a value is not valid for the database', '有值无法存入数据库'),
  // Sessions and access.
  notLoggedIn: def('not logged in or the session has expired', '未登录或会话已过期'),
  sessionExpired: def('the session has expired, please log in again', '会话已过期，请重新登录'),
  wrongCredentials: def('wrong user name or password', '用户名或密码错误'),
  throttled: def<{ seconds: number }>(
    'too many failed attempts. Please try again in {{seconds}} s.',
    '失败次数过多，请 {{seconds}} 秒后再试。',
  ),
  accountDisabled: def('this account is disabled', '该账号已停用'),
  reservedDomain: def(
    "is the name of one of the application's pages; choose another",
    '与系统页面的名称相同，请换一个',
  ),
  organizationUnknown: def<{ domain: string }>('organisation "{{domain}}" does not exist', '机构“{{domain}}”不存在'),
  organizationDisabled: def<{ name: string }>('organisation "{{name}}" is disabled', '机构“{{name}}”已停用'),
  thisOrganizationDisabled: def('this organisation is disabled', '该机构已停用'),
  organizationExists: def<{ domain: string }>(
    'an organisation with domain "{{domain}}" already exists',
    '域名为“{{domain}}”的机构已存在',
  ),
  otherOrganizationSession: def('this session belongs to another organisation', '该会话属于其他机构'),
  unknownApiKey: def('unknown or revoked API key', 'API 密钥不存在或已撤销'),
  requiredWithApiKey: def('is required with an API key', '使用 API 密钥时为必填项'),
  handoffExpired: def('this login link has expired or was already used', '该登录链接已过期或已被使用'),
  handoffStaffOnly: def('only staff can hand a session over', '只有教职工可以转交会话'),
  handoffTargetStaffOnly: def('only staff can be handed over', '只能转交给教职工'),
  notRoleHolder: def('you do not hold this role', '你没有该角色'),
  forbidden: def('you do not have permission for this', '你没有执行此操作的权限'),
  missingHeader: def<{ header: string; value: string }>(
    'missing {{header}}: {{value}} header',
    '缺少请求头 {{header}}: {{value}}',
  ),
  // Live classes (issue 32).
  duplicateItems: def('lists the same item twice', '包含重复的项'),
  liveTooLong: def<{ hours: number }>(
    'a live class lasts at most {{hours}} hours',
    '直播课时长不能超过 {{hours}} 小时',
  ),
  liveNoAudience: def('choose at least one class or a course lesson', '请至少选择一个班级或一个课程课时'),
  liveProviderKindMismatch: def(
    'an account can be chosen only for BigBlueButton',
    '只有 BigBlueButton 才能选择平台账户',
  ),
  notLiveLesson: def('must be a live lesson of the chosen course', '必须是所选课程中的直播课时'),
  liveNotInvited: def('this live class is not for you', '您不在此直播课的参与名单中'),
  liveNotOpen: def<{ from: string }>('joining opens at {{from}}', '{{from}} 起可进入'),
  liveOver: def('this live class has ended', '此直播课已结束'),
  liveWaitForTeacher: def(
    'the teacher has not opened the meeting yet: try again in a moment',
    '老师尚未开启会议，请稍后再试',
  ),
  liveCancelled: def('this live class was cancelled', '此直播课已取消'),
  liveNoServer: def(
    'no BigBlueButton server is set up: add one under Live classes › Servers, or set LIVE_BBB_URL and LIVE_BBB_SECRET',
    '尚未配置 BigBlueButton 服务器：请在“直播课堂 › 服务器”中添加，或设置 LIVE_BBB_URL 与 LIVE_BBB_SECRET',
  ),
  liveServerUnreachable: def<{ detail: string }>(
    'the live-class server could not be reached: {{detail}}',
    '无法连接直播服务器：{{detail}}',
  ),
  liveStarted: def('a live class that has started cannot be changed this way', '已开始的直播课不能这样修改'),
  liveCallbackRefused: def('the callback is not signed for this meeting', '回调签名与会议不符'),
  liveNotEnded: def('the report is written once the live class has ended', '直播课结束后才会生成报告'),
  liveDeleteDrafts: def<{ names: string }>(
    'only drafts are deleted; cancel the others instead: {{names}}. Nothing was deleted.',
    '只能删除草稿，其余请取消：{{names}}。未删除任何内容。',
  ),
  liveAccountKind: def(
    'only BigBlueButton servers are set up here; an external link needs no server',
    '此处只配置 BigBlueButton 服务器；外部会议链接无需配置服务器',
  ),
  notYourCourse: def('must be a course you own or teach', '只能是您负责或参与授课的课程'),
  // Live updates (server-sent events): bounded per session, per user and per server process.
  tooManyStreams: def<{ max: number }>(
    'too many live update streams are open (at most {{max}}); the page refreshes itself instead',
    '打开的实时更新连接过多（最多 {{max}} 个），页面将改为定时刷新',
  ),
  // Users, roles and privileges.
  wrongPassword: def('the current password is not correct', '当前密码不正确'),
  samePassword: def('must differ from the current password', '不能与当前密码相同'),
  weakPassword: def<{ why: string; advice: string }>(
    'is too easy to guess{{why}}. {{advice}}',
    '太容易被猜到，请用几个不常见的词组合',
  ),
  needsRole: def('a user needs at least one role', '用户至少需要一个角色'),
  ownRole: def('you cannot take a role away from yourself', '不能取消自己的角色'),
  ownDisable: def('you cannot disable your own account', '不能停用自己的账号'),
  ownDelete: def('you cannot delete your own account', '不能删除自己的账号'),
  leftWithoutRole: def<{ users: string }>(
    'these users would be left without a role: {{users}}',
    '以下用户将没有任何角色：{{users}}',
  ),
  lastAdministrator: def(
    'the organisation needs at least one enabled administrator. Nothing was changed.',
    '机构至少需要一名启用的管理员，未做任何更改。',
  ),
  userOutranks: def<{ action: string; user: string; permissions: string }>(
    'you cannot {{action}} {{user}}: they hold permissions you do not have ({{permissions}})',
    '不能操作用户 {{user}}：其拥有你没有的权限（{{permissions}}）',
  ),
  cannotAssignRoles: def('you do not have permission to assign roles', '你没有分配角色的权限'),
  roleOutranks: def<{ role: string; permissions: string }>(
    'you cannot give the role "{{role}}": it grants permissions you do not have ({{permissions}})',
    '不能分配角色“{{role}}”：它包含你没有的权限（{{permissions}}）',
  ),
  roleBeyondYou: def<{ permissions: string }>(
    'you cannot change this role: it grants permissions you do not have ({{permissions}})',
    '不能修改该角色：它包含你没有的权限（{{permissions}}）',
  ),
  grantBeyondYou: def<{ permissions: string }>(
    'you cannot grant what you do not hold: {{permissions}}',
    '不能授予你自己没有的权限：{{permissions}}',
  ),
  adminRoleMake: def('only administrators can make administrator roles', '只有管理员可以创建管理员角色'),
  adminRoleChange: def('only administrators can change administrator roles', '只有管理员可以修改管理员角色'),
  adminRoleHoldsAll: def(
    'the built-in administrator role always holds every staff permission',
    '内置管理员角色始终拥有全部教职工权限',
  ),
  builtInKind: def('the kind of a built-in role cannot change', '内置角色的类型不能修改'),
  builtInDelete: def<{ names: string }>('built-in roles cannot be deleted: {{names}}', '内置角色不能删除：{{names}}'),
  studentRoleStaffEntries: def<{ names: string }>(
    'a student role cannot hold staff entries: {{names}}',
    '学生角色不能包含教职工菜单：{{names}}',
  ),
  // Base data.
  categoryOtherDegree: def('the category belongs to another degree', '该类别属于其他学历层次'),
  collegeTopLevel: def('a college is a top-level department', '学院必须是顶级部门'),
  majorUnderCollege: def('a major belongs under a college', '专业必须位于学院之下'),
  parentTypeMismatch: def('must be the same as the parent’s type', '必须与上级的类型相同'),
  endBeforeStart: def('must be after the start date', '必须晚于开始日期'),
  // Files and imports.
  fileBody: def(
    'send the file itself as the request body, with its own Content-Type',
    '请将文件本身作为请求体发送，并带上其 Content-Type',
  ),
  notUriEncoded: def('is not URI-encoded', '未经 URI 编码'),
  fileTooLarge: def<{ mb: number }>('at most {{mb}} MB', '不能超过 {{mb}} MB'),
  fileEmpty: def('is empty', '是空文件'),
  fileNotReadable: def<{ id: number }>(
    'refers to a file you cannot open (/api/file/{{id}})',
    '引用了您无权打开的文件（/api/file/{{id}}）',
  ),
  fileType: def<{ types: string }>('must be {{types}}', '文件类型不允许（应为 {{types}}）'),
  notXlsx: def('not a readable .xlsx file', '不是可读取的 .xlsx 文件'),
  notXlsxBecause: def<{ why: string }>('not a readable .xlsx file ({{why}})', '不是可读取的 .xlsx 文件（{{why}}）'),
  xlsxPartTooLarge: def<{ what: string; mb: number }>(
    '{{what}} is larger than {{mb}} MB uncompressed',
    '解压后 {{what}} 超过 {{mb}} MB',
  ),
  xlsxBody: def<{ type: string }>(
    'send the .xlsx file as the request body (Content-Type: {{type}})',
    '请将 .xlsx 文件作为请求体发送（Content-Type: {{type}}）',
  ),
  noSheet: def('the workbook has no sheet', '工作簿中没有工作表'),
  // Cells of an imported row (the column is named beside the reason).
  columnMissing: def('the column is missing', '缺少此列'),
  cellNotNumber: def<{ value: string }>('"{{value}}" is not a number', '“{{value}}”不是数字'),
  cellNotOneOf: def<{ value: string; values: string; valuesZh: string }>(
    '"{{value}}" is not one of {{values}}',
    '“{{value}}”不是以下之一：{{valuesZh}}',
  ),
  cellNotYesNo: def<{ value: string }>('"{{value}}" is not yes or no', '“{{value}}”应为“是”或“否”'),
  cellNotDate: def<{ value: string }>('"{{value}}" is not a date (YYYY-MM-DD)', '“{{value}}”不是日期（YYYY-MM-DD）'),
  cellNotTrueFalse: def<{ value: string }>('"{{value}}" is not true or false', '“{{value}}”应为“对”或“错”'),
  noneNamed: def<{ entity: string; entityZh: string; names: string }>(
    'no {{entity}} named {{names}}',
    '没有名为{{names}}的{{entityZh}}',
  ),
  repeatsInFile: def<{ label: string; value: string; rows: string }>(
    '{{label}} "{{value}}" is also in row {{rows}} of this file',
    '“{{value}}”在本文件第 {{rows}} 行也出现',
  ),
  aikenNoAnswer: def('missing "ANSWER: X" line', '缺少“ANSWER: X”行'),
  tooManyRows: def<{ max: number }>('at most {{max}} rows at a time', '每次最多 {{max}} 行'),
  // Questions (the contract's own refinements).
  twoOptions: def('a choice question needs at least 2 options', '选择题至少需要 2 个选项'),
  optionLabels: def('options are labelled A, B, C ... in order', '选项须按 A、B、C…… 顺序标注'),
  optionOutOfRange: def<{ label: string }>('option label {{label}} is out of range', '选项 {{label}} 不存在'),
  markCorrect: def('mark at least one correct option', '请至少标记一个正确选项'),
  chooseCorrect: def('choose the correct option', '请选择正确选项'),
  optionEmpty: def<{ label: string }>('option {{label}} has no text', '选项 {{label}} 没有内容'),
  partBelowFull: def('must be less than the full score', '必须小于满分'),
  trueOrFalse: def('true or false', '请选择正确或错误'),
  blankAnswers: def('give the accepted answers of each blank', '请填写每个空的参考答案'),
  blankAnswer: def('each blank needs an accepted answer', '每个空至少需要一个参考答案'),
  anyOrderDistinct: def(
    'in any order, each blank needs an accepted answer of its own: a repeated answer counts once',
    '不限顺序时，每个空须有各自不同的参考答案：重复的答案只计一次',
  ),
  blankCount: def<{ marked: number; given: number }>(
    'the stem has {{marked}} blanks but {{given}} are given',
    '题干有 {{marked}} 个空，但给出了 {{given}} 个答案',
  ),
  blankScores: def<{ sum: number }>("must equal the blanks' scores ({{sum}})", '必须等于各空分值之和（{{sum}}）'),
  referenceAnswer: def('give a reference answer', '请填写参考答案'),
  keywordPoints: def(
    'automatic marking needs keyword points adding up to the score',
    '自动评分需要关键词分值之和等于题目分值',
  ),
  childrenOnlyCompose: def('only compose questions have children', '只有组合题可以有子题'),
  composeChild: def('a compose question needs at least one child question', '组合题至少需要一道子题'),
  childScores: def<{ sum: number }>(
    "must equal the child questions' scores ({{sum}})",
    '必须等于各子题分值之和（{{sum}}）',
  ),
  // Short answers matched whole (Moodle's short answer).
  unitRepeated: def('each unit is named once', '每个单位只能出现一次'),
  acceptedFull: def('one accepted answer at least must be worth full marks (100%)', '至少一个参考答案须为满分（100%）'),
  // Question-bank files from other systems (Moodle XML, GIFT, QTI): refusals of a whole file,
  // refusals of one question, and notes on what changed on the way in (kept, but said).
  interopUnknownFormat: def(
    'the file is not an Excel sheet, Moodle XML, GIFT, Aiken or a QTI package',
    '无法识别文件格式：应为 Excel 表格、Moodle XML、GIFT、Aiken 或 QTI 包',
  ),
  interopNotWellFormed: def<{ line: number; reason: string }>(
    'the file is not well-formed XML (line {{line}}): {{reason}}',
    '文件不是格式正确的 XML（第 {{line}} 行）：{{reason}}',
  ),
  interopDoctype: def(
    'the file declares a DOCTYPE or entities, which are refused',
    '文件含有 DOCTYPE 或实体声明，已拒绝',
  ),
  interopUnpackedTooLarge: def<{ mb: number }>(
    'the package would unpack to more than {{mb}} MB',
    '压缩包解压后将超过 {{mb}} MB',
  ),
  interopBadZip: def('the file is not a readable zip package', '文件不是可读取的 zip 压缩包'),
  interopNoManifest: def('the package has no imsmanifest.xml', '压缩包中没有 imsmanifest.xml'),
  interopMissingPart: def<{ name: string }>(
    '{{name}} is referred to but not in the file',
    '引用了 {{name}}，但文件中没有',
  ),
  interopTooManyQuestions: def<{ max: number }>('at most {{max}} questions at a time', '每次最多 {{max}} 道题'),
  interopNoQuestions: def('the file holds no questions', '文件中没有题目'),
  interopUnsupported: def<{ kind: string }>(
    'a {{kind}} question has no Lyceum question type; it is not imported',
    '{{kind}} 题型在本系统中没有对应题型，未导入',
  ),
  interopNoCorrect: def('no answer is marked correct (100%)', '没有标为正确（100%）的答案'),
  interopNotNumber: def<{ value: string }>('"{{value}}" is not a number', '“{{value}}”不是数字'),
  interopTooManyOptions: def<{ max: number }>('more than {{max}} options', '选项超过 {{max}} 个'),
  interopTooManyBlanks: def<{ max: number }>('more than {{max}} blanks', '空超过 {{max}} 个'),
  interopSyntax: def<{ near: string }>(
    'cannot read the question near "{{near}}"',
    '无法读取此题，位置在“{{near}}”附近',
  ),
  interopUnclosed: def('an answer block "{" is not closed', '答案块“{”没有闭合'),
  interopImageType: def<{ name: string }>(
    'the embedded file {{name}} is not a PNG, JPEG, GIF or WebP image',
    '嵌入的文件 {{name}} 不是 PNG、JPEG、GIF 或 WebP 图片',
  ),
  noteNegativeFraction: def(
    'negative marks for wrong answers are not kept (a score is never below 0)',
    '错误答案的负分未保留（得分不低于 0）',
  ),
  noteFeedbackDropped: def('feedback on each answer is not kept', '各答案的单独反馈未保留'),
  noteScoreRounded: def<{ from: string; to: string }>(
    'the score {{from}} is rounded to {{to}} (half points)',
    '分值 {{from}} 取整为 {{to}}（以 0.5 分为单位）',
  ),
  noteFractionRounded: def('fractions of the marks are rounded to whole per cent', '得分比例取整到百分之一'),
  noteChoiceBlank: def(
    'a drop-down blank becomes a typed blank accepting the correct choice',
    '下拉选择空改为填写空，接受正确选项的文字',
  ),
  noteUnitsPenalty: def('the penalty for a missing unit is not kept', '缺少单位的扣分规则未保留'),
  noteShuffleKept: def('shuffling is set per exam in Lyceum', '选项乱序在考试设置中设定'),
  noteFormatText: def<{ format: string }>('{{format}} text is kept as plain text', '{{format}} 格式的文字按纯文本保留'),
  noteHintsDropped: def('hints and penalties for further tries are not kept', '多次作答的提示与扣分未保留'),
  // Moodle XML (the helper's own keys go here).
  noteChoicePartial: def(
    'only the first option worth full marks counts as correct; options worth part of the marks count as wrong',
    '只有第一个满分选项算作正确；只得部分分的选项算作错误',
  ),
  noteChoiceScoring: def(
    'each correct option picked earns an equal share of the marks, and picking a wrong option gives 0',
    '每选对一个正确选项得相同份额的分数；选了错误选项则得 0 分',
  ),
  noteToleranceShared: def(
    "the answers of a numeric blank share one tolerance (the first correct answer's)",
    '数字空的各答案共用一个误差范围（第一个正确答案的）',
  ),
  // GIFT (the helper's own keys go here).
  interopGiftExtension: def(
    'the "// lyceum:" comment before the question is not a readable JSON object',
    '题目前的“// lyceum:”注释不是可读取的 JSON 对象',
  ),
  noteGiftPartialChoice: def(
    'marks the file gives to choices other than the correct one are not kept',
    '文件中给正确选项以外选项的分数未保留',
  ),
  noteGiftUnequalShares: def(
    "the correct choices' unequal shares of the marks become equal shares",
    '各正确选项不相等的得分比例改为平均分配',
  ),
  noteGiftWrongPicks: def(
    'picking a wrong choice now scores 0 for the question (in the file it cost nothing)',
    '选中错误选项时本题得 0 分（文件中选错不扣分）',
  ),
  // QTI (the helper's own keys go here).
  interopQtiNotItem: def<{ name: string }>(
    'the package lists a {{name}} element as a question; a QTI question is an assessmentItem',
    '压缩包把 {{name}} 元素列为试题，QTI 试题应为 assessmentItem',
  ),
  noteQtiChoiceMapping: def(
    'marks per choice are read as a share per correct option picked (a wrong pick scores 0)',
    '按选项计分改为按选对个数得分（选错不得分）',
  ),
  // A refusal made before it had a code (free text during the migration): `text` is shown as it is.
  message: def<{ text: string }>('{{text}}', '{{text}}'),
} as const;

export type ErrorKey = keyof typeof ERRORS;
export type ErrorParams<K extends ErrorKey> = (typeof ERRORS)[K] extends ErrorDef<infer P> ? P : never;
export type ErrorLang = 'en' | 'zh';

// The `error` member of a failed reply.
export interface ErrorDetail<K extends ErrorKey = ErrorKey> {
  key: K;
  field?: string;
  params?: ErrorParams<K>;
}

// Params only when the code takes some: `coded('required')`, `coded('tooLong', {max: 64})`.
export type ParamsArg<K extends ErrorKey> = keyof ErrorParams<K> extends never ? [] : [ErrorParams<K>];

export function isErrorKey(key: string): key is ErrorKey {
  return Object.hasOwn(ERRORS, key);
}

export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

// A params object with `format` replaced by its words in `lang`, ready for a {{param}} template.
export function templateParams(
  lang: ErrorLang,
  params: Record<string, Param> | undefined,
): Record<string, Param> | undefined {
  if (!params || typeof params.format !== 'string') return params;
  const format = FORMAT_TEXTS[params.format as FormatKey];
  return { ...params, format: format ? format[lang] : params.format };
}

export function fillTemplate(template: string, params: Record<string, Param> | undefined): string {
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    params && Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}

// The predicate (or sentence) of an error in one language, without the field.
export function errorText(lang: ErrorLang, detail: { key: string; params?: Record<string, Param> }): string {
  const entry = isErrorKey(detail.key) ? ERRORS[detail.key] : ERRORS.invalid;
  return fillTemplate(entry[lang], templateParams(lang, detail.params));
}

// The English `message` of a reply: "field: predicate", or the sentence capitalised when no field.
export function errorMessage(detail: { key: string; field?: string; params?: Record<string, Param> }): string {
  const text = errorText('en', detail);
  return detail.field ? `${detail.field}: ${text}` : capitalise(text);
}

// For zod refinements and custom issues: the English message plus the code in `params`, which the
// server's issue mapping (issueDetail) reads back, e.g. `.refine(isLink, codedIssue('invalidFormat', {format: 'link'}))`.
export function codedIssue<K extends ErrorKey>(
  key: K,
  ...params: ParamsArg<K>
): { message: string; params: { error: { key: K; params?: ErrorParams<K> } } } {
  const p = params[0] as ErrorParams<K> | undefined;
  return { message: errorText('en', { key, params: p }), params: { error: { key, params: p } } };
}

// Regexes the contract declares, by source, so a regex issue (which carries only the pattern) maps
// to its format; `.regex()` keeps the pattern in the OpenAPI document, where a refine would not.
const formatOfPattern = new Map<string, FormatKey>();
export function formatRegex(pattern: RegExp, format: FormatKey): [RegExp, string] {
  formatOfPattern.set(pattern.source, format);
  return [pattern, FORMAT_TEXTS[format].en];
}

let textIndex: Map<string, { key: ErrorKey; params?: Record<string, Param> }> | null = null;
function detailOfText() {
  if (textIndex) return textIndex;
  textIndex = new Map();
  for (const [format, text] of Object.entries(FORMAT_TEXTS))
    textIndex.set(text.en, { key: 'invalidFormat', params: { format } });
  for (const [key, entry] of Object.entries(ERRORS))
    if (!entry.en.includes('{{')) textIndex.set(entry.en, { key: key as ErrorKey });
  return textIndex;
}

// One zod issue as a coded error (the field is the issue's path, or `context` when it has none).
export function issueDetail(issue: z.core.$ZodIssue, context?: string): ErrorDetail {
  const path = issue.path.map(String).join('.');
  const field = path || context;
  const at = (detail: { key: ErrorKey; params?: Record<string, Param> }): ErrorDetail =>
    ({ ...detail, ...(field ? { field } : {}) }) as ErrorDetail;
  const asText = (): ErrorDetail =>
    issue.message ? at({ key: 'message', params: { text: issue.message } }) : at({ key: 'invalid' });
  const coded = (issue as { params?: { error?: { key?: unknown; params?: Record<string, Param> } } }).params?.error;
  if (coded && typeof coded.key === 'string' && isErrorKey(coded.key))
    return at({ key: coded.key, params: coded.params });
  // Checks that keep only the message (a length or type check given a catalogue text) are known by it.
  const known = detailOfText().get(issue.message);
  if (known) return at(known);
  switch (issue.code) {
    case 'invalid_type':
      // zod keeps the input out of issues unless asked; its own message says what it received.
      if (('input' in issue && issue.input === undefined) || /received undefined/.test(issue.message))
        return at({ key: 'required' });
      if (issue.expected === 'int') return at({ key: 'notInteger' });
      return issue.expected ? at({ key: 'invalidType', params: { expected: issue.expected } }) : asText();
    case 'too_small': {
      const min = Number(issue.minimum);
      if (!Number.isFinite(min)) return asText();
      if (issue.origin === 'string') return at(min <= 1 ? { key: 'required' } : { key: 'tooShort', params: { min } });
      if (issue.origin === 'array' || issue.origin === 'set') return at({ key: 'tooFew', params: { min } });
      return at({ key: 'tooSmall', params: { min } });
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      if (!Number.isFinite(max)) return asText();
      if (issue.origin === 'string') return at({ key: 'tooLong', params: { max } });
      if (issue.origin === 'array' || issue.origin === 'set') return at({ key: 'tooMany', params: { max } });
      return at({ key: 'tooBig', params: { max } });
    }
    case 'invalid_format': {
      const format = issue.format === 'regex' && issue.pattern ? formatOfPattern.get(issue.pattern) : undefined;
      return at({ key: 'invalidFormat', params: { format: format ?? 'pattern' } });
    }
    case 'not_multiple_of':
      return at(issue.divisor === 1 ? { key: 'notInteger' } : { key: 'invalid' });
    case 'invalid_value':
      return issue.values ? at({ key: 'notOneOf', params: { values: issue.values.map(String).join(', ') } }) : asText();
    case 'unrecognized_keys':
      return issue.keys ? at({ key: 'unknownFields', params: { keys: issue.keys.join(', ') } }) : asText();
    default:
      // A free-text refinement the contract has not coded yet: its words travel as they are.
      return asText();
  }
}
