// Behaviour the platform needs from a module (start an export, link files, seed the demo data),
// declared here and filled at start-up (app.ts), so the platform imports no module. Using a port
// before it is filled is a wiring mistake, and says so instead of doing nothing.
export interface Port<T> {
  fill(impl: T): void;
  get(): T;
}

export function port<T>(name: string): Port<T> {
  let impl: T | null = null;
  return {
    fill(value) {
      impl = value;
    },
    get() {
      if (impl === null) throw new Error(`the platform's ${name} port is used before start-up filled it (app.ts)`);
      return impl;
    },
  };
}
