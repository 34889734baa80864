import i18n from '../../shell/i18n';

// The log screens' own texts (and the dashboard's recent operations), under `log`.
const en = {
  timeRange: 'Time',
  userPlaceholder: 'Name or user name',
  entity: 'Record type',
  action: 'Action',
  record: 'Record',
  recordPlaceholder: 'Record name or message',
  duration: 'Duration',
  export: 'Export',
  viewAll: 'Operation log',
  durationMs: '{{ms}} ms',
  details: 'Request: {{method}} {{path}}',
  ids: 'Record ids: {{ids}}',
  userGone: '(no longer exists)',
  emptyOperations: 'No operations match. Creating, editing or deleting records adds entries here.',
  emptyLogins: 'No login attempts match.',
  codes: {
    401: 'Not logged in',
    402: 'Wrong credentials',
    403: 'No permission',
    500: 'Refused',
    501: 'Invalid input',
    502: 'Session not valid',
  },
};
const zh: typeof en = {
  timeRange: '时间',
  userPlaceholder: '姓名或用户名',
  entity: '对象类型',
  action: '动作',
  record: '对象',
  recordPlaceholder: '对象名称或提示信息',
  duration: '耗时',
  export: '导出',
  viewAll: '操作日志',
  durationMs: '{{ms}} 毫秒',
  details: '请求：{{method}} {{path}}',
  ids: '对象编号：{{ids}}',
  userGone: '（已不存在）',
  emptyOperations: '没有符合条件的操作记录。新增、编辑或删除数据后会记录在这里。',
  emptyLogins: '没有符合条件的登录记录。',
  codes: {
    401: '未登录',
    402: '账号或密码错误',
    403: '无权限',
    500: '被拒绝',
    501: '参数无效',
    502: '会话无效',
  },
};

for (const [lng, texts] of [
  ['en', en],
  ['zh-CN', zh],
] as const) {
  i18n.addResourceBundle(lng, 'translation', { log: texts }, true, true);
}
