import { moduleTexts } from '../shell/module-texts';

// The rich text editor's texts, read as `richText.key`.
const en = {
  hint: 'Rich text: select words and use the toolbar; formulas and images are inserted at the cursor.',
  bold: 'Bold',
  italic: 'Italic',
  sub: 'Subscript',
  sup: 'Superscript',
  formula: 'Insert formula',
  formulaTitle: 'Formula (LaTeX)',
  formulaPlaceholder: 'e.g. \\frac{a}{b} + \\sqrt{x^2+1}',
  formulaInvalid: 'The formula cannot be rendered yet.',
  insert: 'Insert',
  image: 'Insert image',
  insertBlank: 'Insert blank',
};

const zh: typeof en = {
  hint: '富文本：选中文字后使用工具栏；公式和图片插入到光标处。',
  bold: '加粗',
  italic: '斜体',
  sub: '下标',
  sup: '上标',
  formula: '插入公式',
  formulaTitle: '公式（LaTeX）',
  formulaPlaceholder: '例如 \\frac{a}{b} + \\sqrt{x^2+1}',
  formulaInvalid: '公式暂时无法显示。',
  insert: '插入',
  image: '插入图片',
  insertBlank: '插入填空',
};

export const { useTexts: useRichTextTexts } = moduleTexts('richText', en, zh);
