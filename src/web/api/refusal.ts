/**
 * The server's words in a refused call (a 4xx carries them in the envelope): the request layer has
 * shown them once already; a form or page that keeps them in view reads them here.
 */
export function refusalOf(e: unknown): string | undefined {
  const m = (e as { data?: { message?: unknown } } | null)?.data?.message;
  return typeof m === 'string' && m ? m : undefined;
}
