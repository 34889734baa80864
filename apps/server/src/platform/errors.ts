import {
  type ErrorDetail,
  type ErrorKey,
  errorMessage,
  isErrorKey,
  type ParamsArg,
  ResultCode,
} from '@lyceum/contract';

// A failure meant for the user: it becomes {code, message, response: null, error} with HTTP 200.
// The English message is built from the error catalogue (packages/contract/src/errors.ts), so the
// code the web translates and the words the API shows always say the same thing.
export class AppError extends Error {
  readonly detail: ErrorDetail;
  constructor(
    readonly code: ResultCode,
    detail: ErrorDetail,
  ) {
    super(errorMessage(detail));
    this.detail = detail;
  }
}

// A coded error detail: `coded('tooLong', {max: 64})`; the field is added by the helpers below.
export function coded<K extends ErrorKey>(key: K, ...params: ParamsArg<K>): ErrorDetail<K> {
  return (params[0] === undefined ? { key } : { key, params: params[0] }) as ErrorDetail<K>;
}

// Free text from a call not yet given a code (resource.ts during its rewrite): it travels under the
// generic `message` key, which clients show as it is. A literal that is a catalogue code does not
// type-check here, so a coded call missing its params cannot silently become text.
type FreeText<T extends string> = T extends ErrorKey ? never : T;
function detailOf(keyOrText: string, params: unknown[]): ErrorDetail {
  if (isErrorKey(keyOrText)) return coded(keyOrText as 'required', ...(params as [])) as ErrorDetail;
  return { key: 'message', params: { text: keyOrText } };
}

export function refusal<K extends ErrorKey>(code: ResultCode, key: K, field?: string, ...params: ParamsArg<K>) {
  const detail = coded(key, ...params);
  return new AppError(code, field ? { ...detail, field } : detail);
}

export function notLoggedIn(
  key: 'notLoggedIn' | 'sessionExpired' | 'unknownApiKey' | 'handoffExpired' = 'notLoggedIn',
) {
  return new AppError(ResultCode.NotLoggedIn, { key });
}
export const wrongCredentials = () => new AppError(ResultCode.WrongCredentials, { key: 'wrongCredentials' });

export function forbidden(): AppError;
export function forbidden<K extends ErrorKey>(key: K, ...params: ParamsArg<K>): AppError;
export function forbidden<T extends string>(text: FreeText<T>): AppError;
export function forbidden(keyOrText = 'forbidden', ...params: unknown[]): AppError {
  return new AppError(ResultCode.Forbidden, detailOf(keyOrText, params));
}

export function businessError<K extends ErrorKey>(key: K, ...params: ParamsArg<K>): AppError;
export function businessError<T extends string>(text: FreeText<T>): AppError;
export function businessError(keyOrText: string, ...params: unknown[]): AppError {
  return new AppError(ResultCode.Error, detailOf(keyOrText, params));
}

export function invalidParams<K extends ErrorKey>(field: string, key: K, ...params: ParamsArg<K>): AppError;
export function invalidParams<T extends string>(field: string, text: FreeText<T>): AppError;
export function invalidParams(field: string, keyOrText: string, ...params: unknown[]): AppError {
  return new AppError(ResultCode.InvalidParams, { ...detailOf(keyOrText, params), field });
}

export function sessionInvalid<K extends ErrorKey>(key: K, ...params: ParamsArg<K>): AppError {
  return new AppError(ResultCode.SessionInvalid, coded(key, ...params));
}

// Another organisation's row is reported exactly like a row that does not exist. `entity` is the
// English name the message shows ("User", "Degree 3, 4").
export const notFound = (entity: string) => new AppError(ResultCode.Error, { key: 'notFound', params: { entity } });
