import { createHash, randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import pLimit from 'p-limit';

// argon2id with the OWASP minimum profile: 19 MiB, 2 iterations, parallelism 1.
// algorithm 2 is Algorithm.Argon2id (a const enum, which isolated modules cannot read).
const ARGON2 = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

// At most one hash per core at a time (issue 29). argon2 runs on libuv's thread pool (4 threads),
// which file reads share; in a burst of logins (an exam morning) unbounded hashing would take every
// core and every pool thread, and the saves and starts of students already in would queue behind
// it. Hashes beyond the cap wait their turn instead.
const hashSlots = pLimit(Math.max(1, availableParallelism()));

export function hashPassword(password: string): Promise<string> {
  return hashSlots(() => hash(password, ARGON2));
}

// `stillWanted` runs once a slot is free, before the hash: a login whose key was paused while it
// waited (a burst of guesses) is refused without hashing (false).
export async function verifyPassword(
  stored: string,
  password: string,
  stillWanted: () => Promise<boolean> = async () => true,
): Promise<boolean> {
  return hashSlots(async () => {
    if (!(await stillWanted())) return false;
    try {
      return await verify(stored, password);
    } catch {
      return false;
    }
  });
}

// A hash of a random password, verified against when the user does not exist so that the
// response time does not reveal which user names are real.
let dummy: Promise<string> | null = null;
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword(randomToken());
  return dummy;
}

// 256 random bits, URL-safe.
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

// A readable random password for resets: 12 characters without look-alikes.
export function randomPassword(length = 12): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(length);
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
}
