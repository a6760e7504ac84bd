import type { Db } from '../../db/tables.js';
import { inTransactionNow } from '../../db/transaction.js';

/** Contract §4.1 DictModel: title and label mirror text. */
export interface DictModel {
  value: string;
  text: string;
  title: string;
  label: string;
}

interface Snapshot {
  /** Every item, disabled ones included (getDictItems returns all, contract §4.2). */
  all: Map<string, DictModel[]>;
  /** Enabled items only (login and queryAllDictItems). */
  enabled: Record<string, DictModel[]>;
  /** value → text of each dictionary (every item), made when first asked for. */
  texts: Map<string, ReadonlyMap<string, string>>;
  loadedAt: number;
}

/** A value's text: a comma list part by part, unknown parts as they are (contract §4.4); null for no value. */
export function textOfValue(texts: ReadonlyMap<string, string>, value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  const v = String(value);
  if (!v.includes(',')) return texts.get(v) ?? v;
  return v.split(',').map((p) => texts.get(p) ?? p).join(',');
}

const toModel = (text: string, value: string): DictModel => ({ value, text, title: text, label: text });

/**
 * Page writes invalidate from their hooks, inside a transaction that commits a moment later: a load
 * started within this window may have read the old rows, so it answers its callers but is not kept.
 */
const SETTLE_MS = 1000;

/**
 * Plain (code-based) dictionaries, read in two queries and cached for a short time; edits call
 * `changed`, which with shared state (Redis) reaches every instance, and else the others converge within the TTL.
 */
export class DictService {
  private snap: Snapshot | null = null;
  private loading: Promise<Snapshot> | null = null;
  private settlingUntil = 0;

  constructor(private readonly db: Db, private readonly ttlMs = 30_000) {}

  /** Tells the other instances to read theirs again (set when the state is shared: bootstrap.ts). */
  broadcast?: () => Promise<void>;

  /** Forgets this instance's dictionaries: the next read loads them again. */
  invalidate(): void {
    this.snap = null;
    this.loading = null;
    this.settlingUntil = Date.now() + SETTLE_MS;
  }

  /** A dictionary was written: every instance forgets its dictionaries before the write is answered. */
  async changed(): Promise<void> {
    this.invalidate();
    await this.broadcast?.();
  }

  private async load(): Promise<Snapshot> {
    const loadedAt = Date.now();
    const dicts = await this.db.selectFrom('sysDict').select(['id', 'dictCode']).where('delFlag', '=', 0).execute();
    const items = await this.db.selectFrom('sysDictItem').select(['dictId', 'itemText', 'itemValue', 'status'])
      .orderBy('dictId').orderBy('sortOrder').execute();
    const codeById = new Map(dicts.map((d) => [d.id, d.dictCode]));
    const all = new Map<string, DictModel[]>(dicts.map((d) => [d.dictCode, []]));
    const enabled: Record<string, DictModel[]> = Object.fromEntries(dicts.map((d) => [d.dictCode, []]));
    for (const it of items) {
      const code = codeById.get(it.dictId);
      if (!code) continue;
      const m = toModel(it.itemText, it.itemValue);
      all.get(code)!.push(m);
      if (Number(it.status) === 1) enabled[code].push(m);
    }
    return { all, enabled, texts: new Map(), loadedAt };
  }

  private async snapshot(): Promise<Snapshot> {
    if (this.snap && Date.now() - this.snap.loadedAt < this.ttlMs) return this.snap;
    // Inside a write's transaction, read through it and keep nothing: a load shared with other
    // requests could be waiting for this very transaction, and this one may see rows not yet committed.
    if (inTransactionNow()) return this.load();
    if (this.loading) return this.loading;
    const loading = this.load().then((s) => {
      if (s.loadedAt >= this.settlingUntil) this.snap = s;
      return s;
    }).finally(() => { if (this.loading === loading) this.loading = null; });
    this.loading = loading;
    return loading;
  }

  async items(code: string): Promise<DictModel[] | undefined> {
    return (await this.snapshot()).all.get(code);
  }

  /** A dictionary's texts by value (disabled items too, as getDictItems lists them); one map per cached load. */
  async texts(code: string): Promise<ReadonlyMap<string, string> | undefined> {
    const snap = await this.snapshot();
    let texts = snap.texts.get(code);
    if (!texts) {
      const items = snap.all.get(code);
      if (!items) return undefined;
      texts = new Map(items.map((i) => [i.value, i.text]));
      snap.texts.set(code, texts);
    }
    return texts;
  }

  async allEnabled(): Promise<Record<string, DictModel[]>> {
    return (await this.snapshot()).enabled;
  }

  /** Text of a value (or comma list of values); unknown parts are kept as they are (contract §4.4). */
  async translate(code: string, value: unknown): Promise<string | undefined> {
    if (value === null || value === undefined || value === '') return undefined;
    const texts = await this.texts(code);
    return texts && (textOfValue(texts, value) ?? undefined);
  }
}
