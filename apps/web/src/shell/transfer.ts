import {
  type Endpoint,
  type EndpointInput,
  type EndpointOutput,
  type EndpointRef,
  type Envelope,
  endpointPath,
  REQUEST_LONG_TIMEOUT_MS,
  REQUEST_TIMEOUT_MS,
} from '@lyceum/contract';
import { beginLoading, endLoading } from './feedback';
import i18n from './i18n';
import { baseHeaders, fail, type Query, type RequestOptions, settle, unwrap, withQuery } from './request';

// File transfers through the same envelope rules as the JSON client: downloads that answer with a
// file (or with an error envelope), and raw uploads with progress, which fetch cannot report.

function filenameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (star) return decodeURIComponent(star[1]);
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain ? plain[1] : fallback;
}

// Hands a file made or fetched here to the browser as a download.
export function saveFile(blob: Blob, filename: string): void {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

// What a download may also want: the reply's headers (an export's count of questions left out).
export type DownloadOptions = RequestOptions & { onHeaders?: (headers: Headers) => void };

export async function download(
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
  options: DownloadOptions = {},
): Promise<string> {
  const controller = new AbortController();
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  if (options.loading) beginLoading();
  try {
    const headers = { ...baseHeaders(), ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) };
    const res = await fetch(url, {
      method,
      headers,
      credentials: 'include',
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: controller.signal,
    }).catch(() => {
      throw fail(
        controller.signal.aborted
          ? i18n.t('request.timeout', { seconds: Math.round(timeoutMs / 1000) })
          : i18n.t('request.network'),
        options,
      );
    });
    // Refusals come back as the usual JSON envelope instead of a file.
    if ((res.headers.get('content-type') ?? '').includes('application/json')) {
      settle(await res.json(), options);
      throw fail(i18n.t('request.badReply'), options);
    }
    if (!res.ok) throw fail(`${res.status} ${res.statusText}`, options);
    options.onHeaders?.(res.headers);
    const filename = filenameOf(res.headers.get('content-disposition'), url.split('/').pop() ?? 'download');
    saveFile(await res.blob(), filename);
    return filename;
  } finally {
    clearTimeout(timer);
    if (options.loading) endLoading();
  }
}

export interface UploadOptions extends RequestOptions {
  contentType: string;
  headers?: Record<string, string>;
  // Fraction of the body sent so far, 0 to 1.
  onProgress?: (fraction: number) => void;
}

export function uploadRaw<T>(url: string, file: Blob, options: UploadOptions): Promise<Envelope<T>> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.timeout = options.timeoutMs ?? REQUEST_LONG_TIMEOUT_MS;
    for (const [k, v] of Object.entries({ ...baseHeaders(), ...options.headers })) xhr.setRequestHeader(k, v);
    xhr.setRequestHeader('Content-Type', options.contentType);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) options.onProgress?.(e.loaded / e.total);
    };
    xhr.onload = () => {
      try {
        resolve(settle<T>(JSON.parse(xhr.responseText), options));
      } catch (err) {
        reject(err instanceof SyntaxError ? fail(`${xhr.status} ${xhr.statusText}`, options) : err);
      }
    };
    xhr.onerror = () => reject(fail(i18n.t('request.network'), options));
    xhr.ontimeout = () => reject(fail(i18n.t('request.timeout', { seconds: Math.round(xhr.timeout / 1000) }), options));
    xhr.send(file);
  });
}

// Downloads what a file endpoint of the contract answers (an Excel sheet, a Word paper), its path
// and query filled in from the same input a call takes.
export function downloadFrom<E extends Endpoint>(
  endpoint: EndpointRef<E>,
  input: EndpointInput<E>,
  options: DownloadOptions = {},
): Promise<string> {
  const { params, query, body } = input as { params?: Record<string, unknown>; query?: Query; body?: unknown };
  return download(endpoint.method, withQuery(endpointPath(endpoint.path, params), query), body, options);
}

// Sends a file as the body of an endpoint of the contract (a spreadsheet import), its path and query
// filled in from the same input a call takes; resolves with the endpoint's answer.
export function uploadTo<E extends Endpoint>(
  endpoint: EndpointRef<E>,
  input: EndpointInput<E>,
  file: Blob,
  options: UploadOptions,
): Promise<EndpointOutput<E>> {
  const { params, query } = input as { params?: Record<string, unknown>; query?: Query };
  return unwrap(uploadRaw<EndpointOutput<E>>(withQuery(endpointPath(endpoint.path, params), query), file, options));
}
