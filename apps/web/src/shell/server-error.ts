import { capitalise, type ErrorDetail, type ErrorLang, isErrorKey, templateParams } from '@lyceum/contract';
import { fieldLabelText } from './field-label-text';
import i18n from './i18n';

// The server's refusals in the reader's language: the reply's `error` {key, field, params} is looked
// up in the contract's error catalogue (registered with i18next as the `errors` namespace). A reply
// without a known code (an older server, a free-text refusal) keeps the server's own words.

const lang = (): ErrorLang => (i18n.language === 'zh-CN' ? 'zh' : 'en');

// The predicate (or sentence) alone, e.g. "当前密码不正确"; null when the key is not one we know.
export function translatedPredicate(
  detail: { key: string; params?: Record<string, string | number> } | undefined,
): string | null {
  if (!detail || detail.key === 'message' || !isErrorKey(detail.key)) return null;
  const params = templateParams(lang(), detail.params);
  return i18n.t(detail.key, { ns: 'errors', ...params });
}

// Text shown under a form field: the predicate with its first letter capitalised.
export function fieldErrorText(detail: ErrorDetail | undefined, serverMessage: string): string {
  const text = translatedPredicate(detail);
  if (text !== null) return capitalise(text);
  const free = detail?.key === 'message' ? detail.params : undefined;
  const words = free && 'text' in free ? String(free.text) : serverMessage.replace(/^[\w.[\]-]+: /, '');
  return capitalise(words);
}

// The whole refusal for a toast: "<field label>: <predicate>", or the sentence when there is no field. The
// label is the form's when a form handed it over, otherwise the field's name in the `fields` catalogue
// (locales/field-labels.ts).
export function errorSentence(detail: ErrorDetail | undefined, serverMessage: string, label?: string): string {
  const free =
    detail?.key === 'message' && detail.params && 'text' in detail.params ? String(detail.params.text) : null;
  const text = translatedPredicate(detail) ?? free;
  if (text === null || !detail) return serverMessage;
  // Without a field, or when the words already name it ("当前密码不正确"), the sentence stands alone.
  if (!detail.field || (label && text.toLowerCase().includes(label.toLowerCase()))) return capitalise(text);
  const name =
    label ??
    fieldLabelText(detail.field, (n) => (i18n.exists(n, { ns: 'fields' }) ? i18n.t(n, { ns: 'fields' }) : undefined));
  return lang() === 'zh' ? `${name}：${text}` : `${name}: ${text}`;
}
