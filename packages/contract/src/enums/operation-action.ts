import type { EnumLabel, Lang } from '../labels';

// What a logged call did, named by the verb of its address (/api/{entity}/{verb}/...), with what
// people read in the log: the verb's label, and the sentence "who did what to which record" in
// English (past tense on success, the plain verb after "could not") and in Chinese. `{{target}}`
// stands for the record ("degree «Bachelor»"); actions on oneself have none. A mutating route whose
// verb is missing here fails log.test.ts, so raw verbs never reach the screen.
export interface OperationActionLabel extends EnumLabel {
  did: string;
  do: string;
  zhDo: string;
}

function action(
  en: string,
  zh: string,
  did: string,
  doText: string,
  zhDo: string,
  color: EnumLabel['color'] = 'processing',
): OperationActionLabel {
  return { en, zh, color, did, do: doText, zhDo };
}

export const operationActionLabels = {
  create: action('Create', '新增', 'created {{target}}', 'create {{target}}', '新增{{target}}', 'success'),
  update: action('Edit', '编辑', 'edited {{target}}', 'edit {{target}}', '编辑{{target}}'),
  delete: action('Delete', '删除', 'deleted {{target}}', 'delete {{target}}', '删除{{target}}', 'error'),
  import: action('Import', '导入', 'imported {{target}} records', 'import {{target}} records', '导入{{target}}数据'),
  importCheck: action(
    'Check import',
    '检查导入',
    'checked a file of {{target}} records',
    'check a file of {{target}} records',
    '检查{{target}}导入文件',
    'default',
  ),
  importAiken: action(
    'Import (Aiken)',
    '导入（Aiken）',
    'imported {{target}} records in Aiken format',
    'import {{target}} records in Aiken format',
    '以 Aiken 格式导入{{target}}',
  ),
  export: action('Export', '导出', 'exported {{target}} records', 'export {{target}} records', '导出{{target}}数据'),
  exportAsync: action(
    'Export in the background',
    '后台导出',
    'started an export of {{target}} records',
    'start an export of {{target}} records',
    '开始导出{{target}}数据',
  ),
  publish: action('Publish', '发布', 'published {{target}}', 'publish {{target}}', '发布{{target}}', 'success'),
  importMembers: action(
    'Import members',
    '导入成员',
    'imported members into {{target}}',
    'import members into {{target}}',
    '向{{target}}导入成员',
  ),
  cancel: action('Cancel', '取消', 'cancelled {{target}}', 'cancel {{target}}', '取消{{target}}', 'warning'),
  extend: action('Extend', '延时', 'extended {{target}}', 'extend {{target}}', '延长{{target}}'),
  override: action(
    'Set a candidate’s extra time',
    '设置考生延时',
    'set a candidate’s extra time in {{target}}',
    'set a candidate’s extra time in {{target}}',
    '设置{{target}}的考生延时',
  ),
  register: action(
    'Register',
    '报名',
    'registered for {{target}}',
    'register for {{target}}',
    '报名{{target}}',
    'success',
  ),
  unregister: action(
    'Cancel registration',
    '取消报名',
    'cancelled the registration for {{target}}',
    'cancel the registration for {{target}}',
    '取消报名{{target}}',
    'warning',
  ),
  approve: action(
    'Approve or reject',
    '审核',
    'decided registrations for {{target}}',
    'decide registrations for {{target}}',
    '审核{{target}}的报名',
  ),
  assignSeats: action(
    'Assign seats',
    '排座',
    'assigned seats for {{target}}',
    'assign seats for {{target}}',
    '为{{target}}排座',
  ),
  accommodation: action(
    'Set accommodations',
    '设置考试照顾',
    'set the accommodations of {{target}}',
    'set the accommodations of {{target}}',
    '设置{{target}}的考试照顾',
  ),
  // Exam day (/api/exam/attempt/{start,submit} and the monitor's actions on candidates).
  attemptStart: action('Enter an exam', '进入考试', 'entered {{target}}', 'enter {{target}}', '进入{{target}}'),
  attemptSubmit: action('Hand in', '交卷', 'handed in {{target}}', 'hand in {{target}}', '提交{{target}}', 'success'),
  attemptRetake: action('Sit again', '再考一次', 'sat {{target}} again', 'sit {{target}} again', '再次参加{{target}}'),
  // The gradebook (/api/gradebook/setup and /scale).
  setup: action(
    'Set categories and weights',
    '设置分类与权重',
    'set the categories and weights of {{target}}',
    'set the categories and weights of {{target}}',
    '设置{{target}}的分类与权重',
  ),
  scale: action('Edit the grade scale', '编辑等级标准', 'edited the grade scale', 'edit the grade scale', '编辑等级标准'),
  addTime: action('Add time', '加时', 'added time in {{target}}', 'add time in {{target}}', '为{{target}}加时'),
  collect: action(
    'Collect papers',
    '强制收卷',
    'collected papers in {{target}}',
    'collect papers in {{target}}',
    '在{{target}}强制收卷',
    'warning',
  ),
  reopen: action(
    'Let back in',
    '重新开放答卷',
    'let a candidate back into {{target}}',
    'let a candidate back into {{target}}',
    '重新开放{{target}}的答卷',
  ),
  markAbnormal: action(
    'Mark abnormal',
    '标记异常',
    'marked an attempt abnormal in {{target}}',
    'mark an attempt abnormal in {{target}}',
    '将{{target}}的答卷标记为异常',
    'error',
  ),
  notice: action(
    'Message candidates',
    '发送考场消息',
    'sent candidates a message in {{target}}',
    'send candidates a message in {{target}}',
    '向{{target}}的考生发送消息',
  ),
  review: action(
    'Review an attempt',
    '复核答卷',
    'reviewed an attempt in {{target}}',
    'review an attempt in {{target}}',
    '复核{{target}}的答卷',
  ),
  mark: action(
    'Mark',
    '批阅',
    'marked an answer in {{target}}',
    'mark an answer in {{target}}',
    '批阅{{target}}的答案',
  ),
  regrade: action(
    'Regrade',
    '重新判分',
    'regraded a question of {{target}}',
    'regrade a question of {{target}}',
    '重新判分{{target}}的试题',
    'warning',
  ),
  answerQuery: action(
    'Answer a mark query',
    '处理成绩申诉',
    'answered a mark query in {{target}}',
    'answer a mark query in {{target}}',
    '处理{{target}}的成绩申诉',
  ),
  myQuery: action(
    'Query a mark',
    '成绩申诉',
    'queried a mark in {{target}}',
    'query a mark in {{target}}',
    '对{{target}}的成绩提出申诉',
  ),
  confirm: action(
    'Confirm scores',
    '确认成绩',
    'confirmed the scores of {{target}}',
    'confirm the scores of {{target}}',
    '确认{{target}}的成绩',
    'success',
  ),
  unconfirm: action(
    'Reopen scores',
    '撤销成绩确认',
    'reopened the scores of {{target}}',
    'reopen the scores of {{target}}',
    '撤销{{target}}的成绩确认',
    'warning',
  ),
  students: action(
    'Export students',
    '导出学生',
    'exported the students of {{target}}',
    'export the students of {{target}}',
    '导出{{target}}的学生',
    'default',
  ),
  return: action(
    'Return for redo',
    '退回重做',
    'returned work of {{target}} for a redo',
    'return work of {{target}} for a redo',
    '退回{{target}}的作业重做',
    'warning',
  ),
  redo: action(
    'Redo',
    '重做',
    'reopened their paper of {{target}}',
    'reopen their paper of {{target}}',
    '重做{{target}}',
  ),
  check: action(
    'Check an answer',
    '检查答案',
    'checked an answer of {{target}}',
    'check an answer of {{target}}',
    '检查{{target}}的答案',
    'default',
  ),
  receipts: action(
    'Export receipts',
    '导出阅读情况',
    'exported who has read {{target}}',
    'export who has read {{target}}',
    '导出{{target}}的阅读情况',
    'default',
  ),
  remind: action(
    'Remind',
    '提醒',
    'sent a reminder about {{target}}',
    'send a reminder about {{target}}',
    '发送{{target}}的提醒',
  ),
  read: action(
    'Confirm reading',
    '确认阅读',
    'confirmed reading {{target}}',
    'confirm reading {{target}}',
    '确认阅读{{target}}',
    'default',
  ),
  readAll: action(
    'Mark all read',
    '全部已读',
    'marked their messages read',
    'mark their messages read',
    '将消息全部标为已读',
    'default',
  ),
  withdraw: action('Withdraw', '撤回', 'withdrew {{target}}', 'withdraw {{target}}', '撤回{{target}}', 'warning'),
  word: action(
    'Export to Word',
    '导出 Word',
    'exported {{target}} to Word',
    'export {{target}} to Word',
    '将{{target}}导出为 Word',
    'default',
  ),
  draw: action(
    'Draw questions',
    '抽题',
    'drew the questions of {{target}} from its rules',
    'draw the questions of {{target}} from its rules',
    '按规则为{{target}}抽题',
  ),
  swap: action(
    'Swap a question',
    '换题',
    'swapped a question of {{target}}',
    'swap a question of {{target}}',
    '为{{target}}换题',
  ),
  copy: action('Copy', '复制', 'copied {{target}}', 'copy {{target}}', '复制{{target}}'),
  bulkTag: action('Tag in bulk', '批量打标签', 'tagged {{target}}', 'tag {{target}}', '为{{target}}批量打标签'),
  changeStatus: action(
    'Change status',
    '更改状态',
    'changed the status of {{target}}',
    'change the status of {{target}}',
    '更改{{target}}的状态',
    'warning',
  ),
  resetPassword: action(
    'Reset password',
    '重置密码',
    'reset the password of {{target}}',
    'reset the password of {{target}}',
    '重置{{target}}的密码',
    'warning',
  ),
  grant: action(
    'Grant permissions',
    '授权',
    'changed the permissions of {{target}}',
    'change the permissions of {{target}}',
    '修改{{target}}的权限',
    'warning',
  ),
  assign: action(
    'Assign users',
    '分配用户',
    'changed who holds {{target}}',
    'change who holds {{target}}',
    '调整{{target}}的用户',
    'warning',
  ),
  save: action('Save', '保存', 'saved {{target}}', 'save {{target}}', '保存{{target}}'),
  upload: action('Upload', '上传', 'uploaded {{target}}', 'upload {{target}}', '上传{{target}}', 'default'),
  changePassword: action(
    'Change own password',
    '修改密码',
    'changed their password',
    'change their password',
    '修改自己的密码',
    'default',
  ),
  updateProfile: action(
    'Edit own profile',
    '修改个人信息',
    'edited their profile',
    'edit their profile',
    '修改个人信息',
    'default',
  ),
  change: action('Switch role', '切换角色', 'switched role', 'switch role', '切换角色', 'default'),
  handoff: action(
    'Sign-in handoff',
    '免密登录',
    'requested a sign-in handoff',
    'request a sign-in handoff',
    '申请免密登录',
    'default',
  ),
  logout: action('Log out', '退出登录', 'logged out', 'log out', '退出登录', 'default'),
} satisfies Record<string, OperationActionLabel>;
export type OperationAction = keyof typeof operationActionLabels;

export function isOperationAction(value: string): value is OperationAction {
  return Object.hasOwn(operationActionLabels, value);
}

export function operationActionLabel(value: string, lang: Lang): string {
  return isOperationAction(value) ? operationActionLabels[value][lang] : value;
}
