// The names people read for the fields of the exam, homework and message entities, declared once:
// the lists' columns, the Excel headers (the metas) and the editors' labels (the web's texts) all
// take them from here. No zod here: the web's shell reads these without loading a schema.

type Words = Readonly<Record<string, readonly [en: string, zh: string]>>;

export const examFieldWords = {
  name: ['Exam name', '考试名称'],
  paperId: ['Exam paper', '试卷'],
  windowStart: ['Opens', '开始时间'],
  windowEnd: ['Closes', '结束时间'],
  durationMinutes: ['Duration', '考试时长'],
  venueId: ['Venue', '考场'],
  registrationMode: ['Registration', '报名方式'],
  candidateCount: ['Candidates', '考生数'],
  state: ['State', '发布状态'],
  status: ['Status', '考试状态'],
} as const satisfies Words;

export const taskFieldWords = {
  name: ['Name', '任务名称'],
  taskType: ['Type', '任务类型'],
  rangeType: ['Given to', '布置范围'],
  paperId: ['Homework paper', '作业试卷'],
  startTime: ['Starts', '开始时间'],
  dueTime: ['Due', '截止时间'],
  passScore: ['Pass score', '及格分'],
  status: ['Status', '任务状态'],
} as const satisfies Words;

export const messageFieldWords = {
  title: ['Title', '标题'],
  targetType: ['Send to', '发送范围'],
  needRead: ['Must be read', '需确认阅读'],
  openStart: ['Shown from', '展示开始'],
  openEnd: ['Shown until', '展示结束'],
  associationType: ['About', '关联'],
  status: ['Status', '状态'],
  publishTime: ['Published', '发布时间'],
} as const satisfies Words;

// One language's words, keyed by field: spread into a module's texts.
export function fieldWordsIn<K extends string>(
  words: Readonly<Record<K, readonly [string, string]>>,
  lang: 'en' | 'zh',
): Record<K, string> {
  const i = lang === 'en' ? 0 : 1;
  return Object.fromEntries(Object.entries<readonly [string, string]>(words).map(([k, w]) => [k, w[i]])) as Record<
    K,
    string
  >;
}
