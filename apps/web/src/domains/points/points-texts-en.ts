// The staff points screen's words in English, read as `points.key` (points-words.ts).
export const en = {
  // The screen and its tabs
  tabAccounts: 'Accounts',
  tabLedger: 'Ledger',
  tabOverview: 'Overview',
  tabRules: 'Rules',
  export: 'Export',

  // Common words
  person: 'Person',
  userName: 'User name',
  classes: 'Classes',
  balance: 'Balance',
  points: 'Points',
  automatic: 'Automatic',
  pointsCount: '{{points}} points',

  // Drift check
  driftCheck: 'Check balances against the ledger',
  driftTitle: 'Balances and the ledger',
  driftOk: 'All {{accounts}} balances agree with their {{entries}} ledger entries.',
  driftFound_one: '{{count}} balance differs from the sum of its ledger entries.',
  driftFound_other: '{{count}} balances differ from the sums of their ledger entries.',
  driftHint:
    'Each balance is compared with the sum of its entries in the ledger. A nightly job makes the same check and reports any difference in the server log.',
  ledgerSum: 'Sum of the ledger',
  difference: 'Difference',

  // Accounts
  keyword: 'Name',
  keywordHint: 'Name or user name',
  class: 'Class',
  minBalance: 'From',
  maxBalance: 'To',
  minBalanceOf: 'Balance from',
  maxBalanceOf: 'Balance up to',
  earned: 'Added in all',
  spent: 'Deducted in all',
  lastChange: 'Last change',
  accountsEmpty:
    'Nobody has points yet. Balances appear here once a rule awards points or someone adds them with “Adjust”.',
  history: 'History',

  // Adjusting
  adjust: 'Adjust',
  adjustPoints: 'Adjust points',
  adjustTitle: 'Adjust the points of {{name}}',
  adjustTitleAny: 'Adjust points',
  adjustHint:
    'The change is an entry of its own in the ledger, with your name and the reason; the student sees it in their history. A deduction cannot take a balance below zero.',
  change: 'Change',
  add: 'Add',
  deduct: 'Deduct',
  amount: 'Points',
  reason: 'Reason',
  reasonHint: 'Kept with the entry and in the operation log; the student reads it too.',
  balanceNow: 'Balance now',
  balanceAfter: 'Balance after',
  entryBalanceAfter: 'Balance after',
  overdraw: 'Only {{balance}} points can be deducted',
  adjusted: 'Done: {{name}} now has {{balance}} points',
  pickPerson: 'Search by name',

  // Ledger
  time: 'Time',
  action: 'Action',
  business: 'For',
  remark: 'Reason',
  operator: 'By',
  dates: 'Dates',
  ledgerEmpty:
    'No entries match. Every change of a balance appears here: points a rule awarded, adjustments by staff, redemptions in the shop and their reversals.',

  // Overview
  range: 'Dates',
  rangeStart: 'From',
  rangeEnd: 'To',
  added: 'Added',
  deducted: 'Deducted',
  net: 'Net',
  entries: 'Entries',
  people: 'People',
  perDay: 'Points added and deducted per day',
  chartLabel: 'Points added and deducted per day: {{list}}',
  dayFigures: '{{day}} added {{added}}, deducted {{deducted}}',
  balancesNow: 'All balances now',
  noEarners: 'Nobody was given points in these dates.',
  topEarners: 'Most points added',
  rank: 'Rank',
  noActivity:
    'No points were added or deducted in these dates. Rules, adjustments and redemptions show here day by day.',
  loadFailed: 'The figures could not be loaded.',
  retry: 'Try again',

  // Rules
  ruleCreate: 'New rule',
  ruleNewTitle: 'New rule',
  ruleEditTitle: 'Edit “{{name}}”',
  ruleHint:
    'A rule awards points by itself, once per student and thing (a job checks every few minutes). Turning it off stops new awards; points already given stay.',
  ruleName: 'Name',
  ruleKind: 'Earned for',
  awardsCount_one: '{{count}} award',
  awardsCount_other: '{{count}} awards',
  ruleParams: 'Limited to',
  ruleEnabled: 'On',
  rulesEmpty:
    'No rules yet. A rule awards points by itself, once per student and thing: homework passed, a course completed, an exam score in a band, days of attendance in a row.',
  ruleDeleteConfirm: 'Delete the rule “{{name}}”?',
  ruleDeleteText: 'Points it has awarded stay in the ledger; no new ones are given.',
  onlyThisTask: 'Only this homework or task',
  onlyThisCourse: 'Only this course',
  onlyThisExam: 'Only this exam',
  anyTask: 'Any homework or task',
  anyCourse: 'Any course',
  anyExam: 'Any exam',
  taskId: 'Homework or task',
  courseId: 'Course',
  examId: 'Exam',
  minPercent: 'Score from (% of full marks)',
  maxPercent: 'to (% of full marks)',
  streakDays: 'Days present in a row',
  bandText: '{{min}}–{{max}} %',
  bandFrom: 'from {{min}} %',
  daysText_one: '{{count}} day in a row',
  daysText_other: '{{count}} days in a row',
  rulesReadOnly: 'Only people with “Rules that award points” may change them.',
};
