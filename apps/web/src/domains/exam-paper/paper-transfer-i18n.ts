import { moduleTexts } from '../../shell/module-texts';

// Texts of whole-paper import, copies and the paper as a template, read as `paperTransfer.key`.
const en = {
  import: 'Import paper',
  importTitle: 'Import a whole paper from Excel',
  importHint:
    'Download the template: the paper’s details go on top (name, type, subject, degree, category, duration, pass score), then one row per section and, below it, one row per question — a question of the bank by its ID, or a new question written in the question import’s columns (it is added to the bank). Every row is checked first; nothing is written until you confirm, and then the questions and the paper are written together or not at all.',
  importConfirm_one: 'Create the paper ({{count}} question)',
  importConfirm_other: 'Create the paper ({{count}} questions)',
  importValid:
    'Every row is valid: {{sections}}, {{questions}}, {{newQuestions}} new to the bank. Nothing has been written yet.',
  sections_one: '{{count}} section',
  sections_other: '{{count}} sections',
  questions_one: '{{count}} question',
  questions_other: '{{count}} questions',
  imported: 'Paper "{{name}}" imported',
  importedShort: 'Paper imported',
  copy: 'Copy',
  copyOf: 'Copy {{name}}',
  copied: 'Copy "{{name}}" created',
  copyUnsaved: 'Copy the paper as last saved?',
  copyUnsavedHint: 'Your unsaved changes stay here and are not in the copy.',
  sheet: 'Download as a template',
  sheetOf: 'Download {{name}} as a template',
};
const zh: typeof en = {
  import: '导入试卷',
  importTitle: '从 Excel 导入整份试卷',
  importHint:
    '请先下载模板：上方填写试卷信息（名称、类型、科目、学历层次、类别、时长、及格分），下面每个大题一行，大题下每道题一行——可填写题库中题目的编号，也可按题目导入的列写出新题（将加入题库）。所有行会先全部校验；确认之前不会写入任何数据，确认后题目和试卷一起写入，要么全部成功，要么全部不写入。',
  importConfirm_one: '创建试卷（{{count}} 道题）',
  importConfirm_other: '创建试卷（{{count}} 道题）',
  importValid:
    '全部行校验通过：{{sections}}，{{questions}}，其中 {{newQuestions}} 道为新题，将加入题库。尚未写入任何数据。',
  sections_one: '{{count}} 个大题',
  sections_other: '{{count}} 个大题',
  questions_one: '{{count}} 道题',
  questions_other: '{{count}} 道题',
  imported: '试卷“{{name}}”已导入',
  importedShort: '试卷已导入',
  copy: '复制',
  copyOf: '复制 {{name}}',
  copied: '已创建副本“{{name}}”',
  copyUnsaved: '复制最近保存的试卷？',
  copyUnsavedHint: '未保存的修改仍留在这里，不会包含在副本中。',
  sheet: '下载为模板',
  sheetOf: '将 {{name}} 下载为模板',
};

export const { useTexts: usePaperTransferTexts } = moduleTexts('paperTransfer', en, zh);
