// The result codes of the spec: every reply is {code, message, response} with HTTP 200.
export const ResultCode = {
  Success: 1,
  NotLoggedIn: 401,
  WrongCredentials: 402,
  Forbidden: 403,
  Error: 500,
  InvalidParams: 501,
  SessionInvalid: 502,
} as const;
export type ResultCode = (typeof ResultCode)[keyof typeof ResultCode];
