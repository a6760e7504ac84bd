/** How long figures that were costly to count are answered again without counting. */
export const KEPT_FIGURES_MS = 10_000;
/** Figures that took at least this long are kept; cheaper ones are counted afresh on every request. */
export const COSTLY_FIGURES_MS = 50;
const MAX_KEPT = 1000;

/** A dashboard's figures and when they were counted (epoch ms), so the page can say how old they are. */
export type Counted<T> = T & { asOf: number };

interface Entry<T> { running?: Promise<Counted<T>>; kept?: Counted<T>; until?: number }

/**
 * A dashboard's figures by scope (the statement its row rules and filters give, see `scopeKey`).
 * At a province's size an administrator's 首页 reads ~0.1 s of the database, on SQLite the server's
 * only thread, and every administrator and reviewer who logs in or leaves the page open asks for it.
 * So: requests for a scope whose count is under way wait for that count instead of starting their
 * own, and figures that took `costlyMs` or more are answered again for `keepMs`, with the time they
 * were counted. Cheap figures (an applicant's, a small contest's) are always counted afresh, so they
 * show one's own last change at once.
 */
export class KeptFigures<T extends object> {
  private readonly entries = new Map<string, Entry<T>>();

  constructor(private readonly keepMs = KEPT_FIGURES_MS, private readonly costlyMs = COSTLY_FIGURES_MS, private readonly now = () => Date.now()) {}

  get(key: string, count: () => Promise<T>): Promise<Counted<T>> {
    const e = this.entries.get(key);
    if (e?.kept && e.until! > this.now()) return Promise.resolve(e.kept);
    if (e?.running) return e.running;
    const started = this.now();
    const running = count().then((figures) => {
      const counted = { ...figures, asOf: started } as Counted<T>;
      const done = this.now();
      if (done - started >= this.costlyMs && this.keepMs > 0) this.entries.set(key, { kept: counted, until: done + this.keepMs });
      else this.entries.delete(key);
      return counted;
    }, (err: unknown) => {
      this.entries.delete(key);
      throw err;
    });
    if (!e && this.entries.size >= MAX_KEPT) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { running });
    return running;
  }
}
