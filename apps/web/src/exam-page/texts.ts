import { useMemo, useSyncExternalStore } from 'react';

// The exam page's own small dictionary: i18next and the shell's locales would cost the page's byte
// budget for the sixty texts it shows. The language is the one the main app stored (`lyceum.lang`),
// and switching here stores it there too.
const en = {
  title: 'Exam',
  loading: 'Opening your exam…',
  loadFailed: 'The exam could not be opened',
  retry: 'Try again',
  backToExams: 'Back to My exams',
  notLoggedIn: 'Your session has ended. Log in again, then open the exam from My exams: your answers are kept.',
  logIn: 'Log in',
  badAddress: 'This address does not name an exam.',
  offlineStart:
    'No connection to the server. The answers saved on this device are safe; check the network and try again.',
  refusedNotOpen: 'The exam has not started yet. Come back when it opens.',
  refusedEntryClosed: 'The latest entry time of this exam has passed.',
  waitingTitle: 'Waiting room',
  waitingOpensAt: 'The exam opens at {{time}} (server time).',
  waitingOpensIn: 'Opens in',
  waitingDuration: '{{minutes}} minutes',
  waitingExtra: '{{minutes}} minutes, with {{extra}} minutes of extra time',
  waitingHint: 'Keep this page open: the paper appears on its own when the exam opens, and your time starts then.',
  waitingOpening: 'Opening the paper…',
  duration: 'Duration',
  refusedNotCandidate: 'You are not a candidate of this exam.',
  refusedExamEnded: 'This exam has ended.',
  timeLeft: 'Time left',
  extraTime: '+{{minutes}} min extra time',
  timeAnnounce: '{{minutes}} minutes left',
  timeAnnounceOne: '1 minute left',
  timeUp: 'Time is up. Handing in your paper…',
  timeUpRetry: 'Time is up. Your answers are kept on this device; handing in as soon as the server answers…',
  instructions: 'Instructions',
  questions: 'Questions',
  questionOf: 'Question {{n}} of {{total}}',
  questionN: 'Question {{n}}',
  points: '{{score}} pts',
  flag: 'Flag for review',
  unflag: 'Remove flag',
  flagged: 'Flagged',
  answered: 'Answered',
  unanswered: 'Not answered',
  current: 'Current',
  previous: 'Previous',
  next: 'Next',
  onePerPage: 'One question',
  allOnPage: 'All questions',
  layout: 'Layout',
  submit: 'Hand in',
  saved: 'Saved {{time}}',
  saving: 'Saving…',
  offline: 'Offline — kept on this device',
  allSaved: 'All answers saved {{time}}',
  unsavedCount: '{{count}} not saved yet',
  noAnswersYet: 'No answers yet',
  true: 'True',
  false: 'False',
  blank: 'Blank {{n}}',
  answerHere: 'Your answer',
  subQuestion: 'Part {{n}}',
  option: 'Option {{label}}',
  confirmTitle: 'Hand in your paper?',
  confirmAnswered: 'You answered {{answered}} of {{total}} questions.',
  confirmUnanswered: 'Not answered: {{list}}',
  confirmAll: 'Every question has an answer.',
  confirmFinal: 'After handing in you cannot change your answers.',
  confirmSubmit: 'Hand in now',
  cancel: 'Keep answering',
  submitting: 'Handing in…',
  submitFailed: 'Could not reach the server. Your answers are kept on this device; try again.',
  submitRefused: 'The server refused: {{message}}',
  finishedTitle: 'Your paper is in',
  finishedHandedIn: 'You handed in your paper. You may close this page.',
  finishedAuto: 'Time ran out and your paper was collected with your saved answers.',
  finishedForced: 'Your paper was collected by the invigilator or for leaving the exam screen too often.',
  finishedAbnormal: 'Your attempt was ended. Ask your invigilator if you think this is a mistake.',
  finishedMarked: 'Your paper has been marked.',
  finishedStatus: 'Status: {{status}}',
  finishedAt: 'Ended {{time}}',
  finishedAnswered: 'Answered {{answered}} of {{total}}',
  scoreMarking: 'Your paper is being marked: your score appears here in a moment.',
  scoreMarkingLater: 'Your paper is still being marked: your score appears in My exams once it is ready.',
  scoreShown: 'Your score: {{score}} / {{max}}',
  scoreProvisional:
    'Provisional: a teacher still has to mark {{count}} of your answers. Your final score appears in My exams.',
  scoreNotConfirmed: 'Your score appears in My exams once the exam office confirms the scores.',
  endedRefused: 'This exam has ended for you.',
  fullscreenTitle: 'This exam is taken in full screen',
  fullscreenBody: 'Leaving full screen or switching to another window is recorded and shown to the invigilator.',
  fullscreenEnter: 'Enter full screen',
  switchWarning:
    'You left the exam screen {{count}} times. The invigilator sees every switch; after {{limit}} your paper is collected.',
  switchWarningNoLimit: 'You left the exam screen {{count}} times. The invigilator sees every switch.',
  dismiss: 'Dismiss',
  notice: 'Message from the invigilator',
  cameraOn: 'Camera on: snapshots are taken during the exam.',
  cameraDenied:
    'This exam takes camera snapshots, but the camera is not available. Allow camera access for this site, then try again.',
  cameraRetry: 'Try the camera again',
  cameraPreview: 'Your camera',
  journalUnavailable: 'This browser cannot keep answers on the device (private mode?). Stay online until you hand in.',
  leaveWarning: 'Some answers are not saved yet.',
  language: '中文',
  languageName: 'Switch to Chinese',
  skipToQuestion: 'Skip to the question',
  keyboardHint: 'Keys: J / K or ← / → move between questions, 1–9 choose an option, F flags.',
  // Homework (a paper done at home: due times instead of a timer, finish later, check answers)
  homeworkDue: 'Due {{time}}',
  homeworkLateUntil: 'Late work until {{time}}',
  homeworkPastDue: 'The due time has passed: hand it in by {{time}}',
  homeworkReturned: 'Your teacher returned this homework for you to redo',
  finishLater: 'Save and finish later',
  parkSaving: 'Saving your answers…',
  parkSavedTitle: 'Your work is saved',
  parkSavedBody: 'Come back any time before {{time}} to finish it and hand it in, on this device or another.',
  parkFailed:
    'The server cannot be reached. Your answers are kept on this device and sent as soon as the connection is back: keep this page open until they are saved.',
  keepWorking: 'Keep working',
  // The same, when My homework opened the page (?kind=homework): before the paper is loaded.
  homeworkLoading: 'Opening your homework…',
  homeworkLoadFailed: 'The homework could not be opened',
  homeworkNotLoggedIn:
    'Your session has ended. Log in again, then open the homework from My homework: your answers are kept.',
  homeworkBadAddress: 'This address does not name a homework.',
  homeworkRefusedNotOpen: 'This homework is not open yet. Come back when it starts.',
  homeworkRefusedNotCandidate: 'This homework is not given to you.',
  homeworkRefusedEnded: 'The last hand-in time of this homework has passed.',
  backToHomework: 'Back to My homework',
  homeworkSubmit: 'Hand in',
  homeworkConfirmSubmit: 'Hand in now',
  homeworkSubmitting: 'Handing in…',
  homeworkConfirmTitle: 'Hand in your homework?',
  homeworkConfirmFinal: 'After handing in you cannot change your answers.',
  homeworkTimeUp: 'The last hand-in time has passed. Handing in your homework…',
  homeworkTimeUpRetry:
    'The last hand-in time has passed. Your answers are kept on this device; handing in as soon as the server answers…',
  homeworkFinishedTitle: 'Your homework is handed in',
  homeworkFinished: 'Your teacher marks it; your score appears in My homework.',
  homeworkCollected: 'The last hand-in time passed: your homework was handed in with your saved answers.',
  homeworkMarked: 'Your homework has been marked: your score is in My homework.',
  check: 'Check answer',
  checking: 'Checking…',
  checkHint: 'Shows at once whether it is right. A checked answer cannot be changed.',
  checkCorrect: 'Correct · {{score}} / {{max}} pts',
  checkPartly: 'Partly right · {{score}} / {{max}} pts',
  checkWrong: 'Not right · {{score}} / {{max}} pts',
  checkFinal: 'Checked: this answer is final.',
  checkNotSaved: 'Your answer could not be saved, so it was not checked. Try again when the connection is back.',
  checkNothing: 'Answer the question before checking it.',
  checkRefused: 'Not checked: {{message}}',
};
type Texts = typeof en;
const zh: Texts = {
  title: '考试',
  loading: '正在打开考试…',
  loadFailed: '无法打开考试',
  retry: '重试',
  backToExams: '返回我的考试',
  notLoggedIn: '登录已失效。请重新登录，再从“我的考试”进入：您的答案已保留。',
  logIn: '登录',
  badAddress: '该地址没有指向任何考试。',
  offlineStart: '无法连接服务器。本设备上已保存的答案不会丢失；请检查网络后重试。',
  refusedNotOpen: '考试尚未开始，请在开考后再进入。',
  refusedEntryClosed: '已超过本场考试的最晚入场时间。',
  waitingTitle: '候考室',
  waitingOpensAt: '考试将于 {{time}}（服务器时间）开始。',
  waitingOpensIn: '距开考',
  waitingDuration: '{{minutes}} 分钟',
  waitingExtra: '{{minutes}} 分钟，另有 {{extra}} 分钟延时',
  waitingHint: '请保持本页打开：开考时试卷会自动出现，计时从那一刻开始。',
  waitingOpening: '正在打开试卷…',
  duration: '考试时长',
  refusedNotCandidate: '您不是该考试的考生。',
  refusedExamEnded: '本场考试已结束。',
  timeLeft: '剩余时间',
  extraTime: '延时 {{minutes}} 分钟',
  timeAnnounce: '剩余 {{minutes}} 分钟',
  timeAnnounceOne: '剩余 1 分钟',
  timeUp: '考试时间到，正在交卷…',
  timeUpRetry: '考试时间到。答案已保存在本设备上，服务器一有响应就交卷…',
  instructions: '考试说明',
  questions: '题目',
  questionOf: '第 {{n}} 题，共 {{total}} 题',
  questionN: '第 {{n}} 题',
  points: '{{score}} 分',
  flag: '标记此题',
  unflag: '取消标记',
  flagged: '已标记',
  answered: '已作答',
  unanswered: '未作答',
  current: '当前',
  previous: '上一题',
  next: '下一题',
  onePerPage: '逐题显示',
  allOnPage: '整卷显示',
  layout: '显示方式',
  submit: '交卷',
  saved: '已保存 {{time}}',
  saving: '正在保存…',
  offline: '离线——已保存在本设备',
  allSaved: '全部答案已保存 {{time}}',
  unsavedCount: '{{count}} 题尚未保存',
  noAnswersYet: '尚未作答',
  true: '正确',
  false: '错误',
  blank: '第 {{n}} 空',
  answerHere: '您的答案',
  subQuestion: '第 {{n}} 小题',
  option: '选项 {{label}}',
  confirmTitle: '确定交卷？',
  confirmAnswered: '共 {{total}} 题，已作答 {{answered}} 题。',
  confirmUnanswered: '未作答：{{list}}',
  confirmAll: '所有题目均已作答。',
  confirmFinal: '交卷后不能再修改答案。',
  confirmSubmit: '立即交卷',
  cancel: '继续作答',
  submitting: '正在交卷…',
  submitFailed: '无法连接服务器。答案已保存在本设备上，请重试。',
  submitRefused: '服务器拒绝了交卷：{{message}}',
  finishedTitle: '试卷已提交',
  finishedHandedIn: '您已交卷，可以关闭此页面。',
  finishedAuto: '考试时间已到，系统已按您保存的答案收卷。',
  finishedForced: '您的试卷已被监考老师收卷，或因多次离开考试界面被强制收卷。',
  finishedAbnormal: '您的考试已被结束。如有疑问，请联系监考老师。',
  finishedMarked: '您的试卷已阅卷。',
  finishedStatus: '状态：{{status}}',
  finishedAt: '结束时间 {{time}}',
  finishedAnswered: '已作答 {{answered}} / {{total}}',
  scoreMarking: '试卷正在阅卷，稍后即可在此查看成绩。',
  scoreMarkingLater: '试卷仍在阅卷中，完成后可在“我的考试”中查看成绩。',
  scoreShown: '您的成绩：{{score}} / {{max}}',
  scoreProvisional: '暂定成绩：还有 {{count}} 道题等待老师批阅，最终成绩请在“我的考试”中查看。',
  scoreNotConfirmed: '教务确认成绩后，可在“我的考试”中查看成绩。',
  endedRefused: '您的这场考试已结束。',
  fullscreenTitle: '本场考试需全屏作答',
  fullscreenBody: '退出全屏或切换到其他窗口都会被记录，监考老师可以看到。',
  fullscreenEnter: '进入全屏',
  switchWarning: '您已离开考试界面 {{count}} 次。监考老师可以看到每一次切屏；达到 {{limit}} 次将被强制收卷。',
  switchWarningNoLimit: '您已离开考试界面 {{count}} 次。监考老师可以看到每一次切屏。',
  dismiss: '知道了',
  notice: '监考老师消息',
  cameraOn: '摄像头已开启：考试期间会抓拍。',
  cameraDenied: '本场考试需要摄像头抓拍，但摄像头不可用。请允许本网站使用摄像头后重试。',
  cameraRetry: '重新开启摄像头',
  cameraPreview: '您的摄像头画面',
  journalUnavailable: '此浏览器无法在本设备保存答案（可能是隐私模式）。请保持联网直到交卷。',
  leaveWarning: '还有答案尚未保存。',
  language: 'EN',
  languageName: 'Switch to English',
  skipToQuestion: '跳到题目',
  keyboardHint: '快捷键：J / K 或 ← / → 切换题目，1–9 选择选项，F 标记。',
  homeworkDue: '截止时间 {{time}}',
  homeworkLateUntil: '逾期可交至 {{time}}',
  homeworkPastDue: '已过截止时间：请在 {{time}} 前提交',
  homeworkReturned: '老师退回了本次作业，请修改后重新提交',
  finishLater: '保存，稍后继续',
  parkSaving: '正在保存答案…',
  parkSavedTitle: '作答已保存',
  parkSavedBody: '在 {{time}} 前可随时回来继续作答并提交，换一台设备也可以。',
  parkFailed: '无法连接服务器。答案已保存在本设备上，网络恢复后会自动上传：请保持此页面打开，直到保存完成。',
  keepWorking: '继续作答',
  homeworkLoading: '正在打开作业…',
  homeworkLoadFailed: '作业无法打开',
  homeworkNotLoggedIn: '登录已失效。请重新登录，再从“我的作业”进入：您的答案已保留。',
  homeworkBadAddress: '该地址不对应任何作业。',
  homeworkRefusedNotOpen: '该作业尚未开始，请到开始时间后再来。',
  homeworkRefusedNotCandidate: '该作业没有布置给您。',
  homeworkRefusedEnded: '该作业的最晚提交时间已过。',
  backToHomework: '返回我的作业',
  homeworkSubmit: '提交作业',
  homeworkConfirmSubmit: '立即提交',
  homeworkSubmitting: '正在提交…',
  homeworkConfirmTitle: '确定提交作业？',
  homeworkConfirmFinal: '提交后不能再修改答案。',
  homeworkTimeUp: '已过最晚提交时间，正在提交作业…',
  homeworkTimeUpRetry: '已过最晚提交时间。答案已保存在本设备上，服务器一有响应就提交…',
  homeworkFinishedTitle: '作业已提交',
  homeworkFinished: '老师批改后，可在“我的作业”中查看成绩。',
  homeworkCollected: '已过最晚提交时间：系统已按您保存的答案提交作业。',
  homeworkMarked: '您的作业已批改：成绩见“我的作业”。',
  check: '检查答案',
  checking: '正在检查…',
  checkHint: '立即显示对错。检查后答案不能再修改。',
  checkCorrect: '回答正确 · {{score}} / {{max}} 分',
  checkPartly: '部分正确 · {{score}} / {{max}} 分',
  checkWrong: '回答错误 · {{score}} / {{max}} 分',
  checkFinal: '已检查：答案不可再修改。',
  checkNotSaved: '答案未能保存，因此没有检查。请在网络恢复后重试。',
  checkNothing: '请先作答再检查。',
  checkRefused: '未能检查：{{message}}',
};
export type TextKey = keyof Texts;
export type Lang = 'en' | 'zh';

const LANG_KEY = 'lyceum.lang';
const listeners = new Set<() => void>();

function initialLang(): Lang {
  try {
    const stored = localStorage.getItem(LANG_KEY);
    if (stored === 'zh-CN') return 'zh';
    if (stored === 'en') return 'en';
  } catch {
    // Storage blocked: follow the browser.
  }
  return navigator.language.toLowerCase().startsWith('zh') ? 'zh' : 'en';
}

let lang: Lang = initialLang();
document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';

export function setLang(next: Lang): void {
  lang = next;
  document.documentElement.lang = next === 'zh' ? 'zh-CN' : 'en';
  try {
    localStorage.setItem(LANG_KEY, next === 'zh' ? 'zh-CN' : 'en');
  } catch {
    // Not stored: this page still switches.
  }
  for (const l of listeners) l();
}

export function currentLang(): Lang {
  return lang;
}

export type Translate = (key: TextKey, params?: Record<string, string | number>) => string;

export function translate(language: Lang, key: TextKey, params?: Record<string, string | number>): string {
  const text = (language === 'zh' ? zh : en)[key];
  return params ? text.replace(/\{\{(\w+)\}\}/g, (m, name: string) => String(params[name] ?? m)) : text;
}

// The current language and its translate function; components re-render when it changes.
export function useTexts(): { t: Translate; lang: Lang } {
  const current = useSyncExternalStore(
    (cb) => {
      listeners.add(cb);
      return () => listeners.delete(cb);
    },
    () => lang,
  );
  const t = useMemo<Translate>(() => (key, params) => translate(current, key, params), [current]);
  return { lang: current, t };
}
