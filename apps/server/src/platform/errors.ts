import { ResultCode } from '@lyceum/contract';

// A failure meant for the user: it becomes {code, message, response: null} with HTTP 200.
export class AppError extends Error {
  constructor(
    readonly code: ResultCode,
    message: string,
  ) {
    super(message);
  }
}

export const notLoggedIn = (message = 'Not logged in or the session has expired') =>
  new AppError(ResultCode.NotLoggedIn, message);
export const wrongCredentials = () => new AppError(ResultCode.WrongCredentials, 'Wrong user name or password');
export const forbidden = (message = 'You do not have permission for this') =>
  new AppError(ResultCode.Forbidden, message);
export const businessError = (message: string) => new AppError(ResultCode.Error, message);
export const invalidParams = (field: string, message: string) =>
  new AppError(ResultCode.InvalidParams, `${field}: ${message}`);
export const sessionInvalid = (message: string) => new AppError(ResultCode.SessionInvalid, message);
// Another organisation's row is reported exactly like a row that does not exist.
export const notFound = (what: string) => new AppError(ResultCode.Error, `${what} not found`);
