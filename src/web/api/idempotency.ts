import { useRef } from 'react';

/**
 * Idempotency keys of the web app's writes (issue 42): every POST, PUT and DELETE carries an
 * `Idempotency-Key`, so the server runs it once however many times it is sent. The key is made when
 * the user's action starts and is reused by whatever sends that action again: a second click on the
 * same button, a retry after a timeout, the request layer's own retry after a 502.
 */

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** A new key: 32 random hex digits (the server takes 1–64 visible ASCII characters). */
export function newIdempotencyKey(): string {
  const c = globalThis.crypto;
  if (c?.randomUUID) return c.randomUUID().replace(/-/g, '');
  const bytes = new Uint8Array(16);
  if (c?.getRandomValues) c.getRandomValues(bytes);
  else for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(Math.random() * 256);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Statuses a write is sent again for: the proxy found no instance to answer, or the server was busy. */
export const RETRIED_STATUSES = new Set([502, 503, 504]);

/** Whether a failed write may be sent again with its key: no answer at all (network), or 502/503/504. */
export function isRetryableFailure(error: unknown): boolean {
  const e = error as { response?: { status?: number }; name?: string; type?: string } | null;
  if (!e || e.name === 'AbortError') return false;
  if (!e.response) return true;
  return RETRIED_STATUSES.has(e.response.status ?? 0);
}

/** The server's "the first request with this key is still running" (409 with Retry-After): wait, ask again. */
export function isStillRunning(error: unknown): boolean {
  const res = (error as { response?: Response } | null)?.response;
  return res?.status === 409 && !!res.headers?.get?.('Retry-After');
}

const MAX_KEPT = 20;

/**
 * The keys of one place's actions (a form, a list's delete, a transition): the same payload sent
 * again before it succeeded gets the same key (a double click, the user trying again after an
 * error); another payload is another action, with a new key. `done` forgets a payload's key once
 * its write succeeded, so doing the same thing again later is a new action.
 */
export class ActionKeys {
  private readonly keys = new Map<string, string>();

  for(payload: unknown): string {
    const text = JSON.stringify(payload ?? null);
    let key = this.keys.get(text);
    if (!key) {
      key = newIdempotencyKey();
      this.keys.set(text, key);
      if (this.keys.size > MAX_KEPT) this.keys.delete(this.keys.keys().next().value!);
    }
    return key;
  }

  done(payload: unknown): void {
    this.keys.delete(JSON.stringify(payload ?? null));
  }
}

/** A component's ActionKeys, kept for its lifetime. */
export function useActionKeys(): ActionKeys {
  const ref = useRef<ActionKeys>();
  return (ref.current ??= new ActionKeys());
}
