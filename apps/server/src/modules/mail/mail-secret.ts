import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

// SMTP passwords at rest: AES-256-GCM under a key derived from LYCEUM_SECRET, which every process of
// a deployment shares (set it in the environment or .env). Without it a built-in key is used, which
// keeps the password out of a casual look at the table or a dump but not from someone holding this
// source: the API never returns the password either way (decision 50).
const BUILT_IN = 'lyceum: set LYCEUM_SECRET to encrypt stored SMTP passwords with a key of your own';
const VERSION = 'v1';

function key(env: NodeJS.ProcessEnv = process.env): Buffer {
  return createHash('sha256')
    .update(env.LYCEUM_SECRET?.trim() || BUILT_IN)
    .digest();
}

export function sealSecret(plain: string, env?: NodeJS.ProcessEnv): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key(env), iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), data]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join(':');
}

// The password, or null when it cannot be read (sealed under another key: LYCEUM_SECRET changed).
export function openSecret(sealed: string, env?: NodeJS.ProcessEnv): string | null {
  const [version, iv, tag, data] = sealed.split(':');
  if (version !== VERSION || !iv || !tag || data === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key(env), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
