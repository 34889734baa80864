import { createHash } from 'node:crypto';
import { XMLParser } from 'fast-xml-parser';
import { type ProviderAccount, ProviderError } from '../live-provider';

// BigBlueButton's HTTP API: `<base>api/<call>?<query>&checksum=<hex>`, where the checksum is the
// account's hash of call name + query string + shared secret. The server hashes the query string
// exactly as it receives it, so we sign the very string we send.

const TIMEOUT_MS = 8_000;

// The account's address as the API base, however it was typed: ".../bigbluebutton/",
// ".../bigbluebutton" and ".../bigbluebutton/api" all mean the same server.
export function apiBase(url: string): string {
  const trimmed = url.trim().replace(/\/+$/, '');
  return `${trimmed.replace(/\/api$/, '')}/api/`;
}

export function checksum(account: Pick<ProviderAccount, 'secret' | 'checksumAlgorithm'>, call: string, query: string) {
  return createHash(account.checksumAlgorithm)
    .update(call + query + account.secret)
    .digest('hex');
}

export type Params = Record<string, string | number | boolean | null | undefined>;

// Percent-encodes every parameter the same way each time (blank ones left out): the string we
// sign is the string we send.
export function queryOf(params: Params): string {
  return Object.entries(params)
    .filter((e): e is [string, string | number | boolean] => e[1] !== undefined && e[1] !== null && e[1] !== '')
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
    .join('&');
}

export function signedUrl(account: ProviderAccount, call: string, params: Params): string {
  const query = queryOf(params);
  const sum = checksum(account, call, query);
  return `${apiBase(account.url)}${call}?${query ? `${query}&` : ''}checksum=${sum}`;
}

// The five XML entities and character references, decoded by hand: the parser's own entity
// processing is off, so a DOCTYPE in an answer cannot define entities that expand (billion laughs).
const NAMED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
function decodeXml(text: string): string {
  return text.replace(/&(lt|gt|amp|quot|apos|#\d{1,7}|#x[0-9a-fA-F]{1,6});/g, (whole, ref: string) => {
    if (NAMED[ref]) return NAMED[ref];
    const code = ref[1] === 'x' ? Number.parseInt(ref.slice(2), 16) : Number.parseInt(ref.slice(1), 10);
    return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

const parser = new XMLParser({
  processEntities: false,
  htmlEntities: false,
  // Text stays text: a record id such as "5e3..." must not become a number.
  parseTagValue: false,
  ignoreAttributes: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  tagValueProcessor: (_tag, value) => decodeXml(value),
});

export type XmlNode = { [key: string]: XmlValue };
export type XmlValue = string | XmlNode | XmlValue[];

export function parseXml(text: string): XmlNode {
  const parsed: unknown = parser.parse(text);
  const response = isNode(parsed) ? parsed.response : undefined;
  if (!isNode(response)) throw new ProviderError('bad answer: not a BigBlueButton response');
  return response;
}

function isNode(v: unknown): v is XmlNode {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

// Reading the parsed answer: an element that may be absent, empty, single or repeated.
export function text(node: XmlNode, key: string): string | null {
  const v = node[key];
  return typeof v === 'string' ? v : null;
}
export function child(node: XmlNode, key: string): XmlNode | null {
  const v = node[key];
  return isNode(v) ? v : null;
}
export function list(node: XmlNode | null, key: string): XmlNode[] {
  const v = node?.[key];
  if (v === undefined || typeof v === 'string') return [];
  return (Array.isArray(v) ? v : [v]).filter(isNode);
}
export function bool(node: XmlNode, key: string): boolean {
  return text(node, key) === 'true';
}
export function int(node: XmlNode, key: string): number | null {
  const v = text(node, key);
  if (v === null || !/^-?\d+(\.\d+)?$/.test(v.trim())) return null;
  return Number(v);
}
// BigBlueButton's epoch milliseconds, where 0 means "not yet".
export function time(node: XmlNode, key: string): Date | null {
  const ms = int(node, key);
  return ms ? new Date(ms) : null;
}

// A FAILED answer's key (checksumError, notFound, ...), or its message when it has none.
export class BbbFailure extends ProviderError {
  constructor(
    readonly messageKey: string,
    message: string | null,
  ) {
    super(messageKey || message || 'FAILED');
  }
}

// GETs a URL of the API and reads the XML answer; every way of failing is a ProviderError.
export async function fetchXml(url: string): Promise<XmlNode> {
  let body: string;
  let status: number;
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS), headers: { accept: 'text/xml' } });
    status = res.status;
    body = await res.text();
  } catch (e) {
    throw new ProviderError(`unreachable: ${reasonOf(e)}`, { cause: e });
  }
  let response: XmlNode;
  try {
    response = parseXml(body);
  } catch (e) {
    throw new ProviderError(status >= 400 ? `http ${status}` : 'bad answer: not a BigBlueButton response', {
      cause: e,
    });
  }
  if (text(response, 'returncode') !== 'SUCCESS') {
    throw new BbbFailure(text(response, 'messageKey') ?? '', text(response, 'message'));
  }
  return response;
}

export function callApi(account: ProviderAccount, call: string, params: Params): Promise<XmlNode> {
  return fetchXml(signedUrl(account, call, params));
}

function reasonOf(e: unknown): string {
  if (e instanceof Error && e.name === 'TimeoutError') return `no answer within ${TIMEOUT_MS / 1000} s`;
  const cause = e instanceof Error ? (e.cause as { code?: unknown; message?: unknown } | undefined) : undefined;
  if (typeof cause?.code === 'string') return cause.code;
  if (typeof cause?.message === 'string') return cause.message;
  return e instanceof Error ? e.message : String(e);
}
