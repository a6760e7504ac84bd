/** Query-string schema of the JeecgBoot paging parameters (contract §1 paging shape). */
export const pagingProps = {
  pageNo: { type: 'integer', minimum: 1, maximum: 1_000_000 },
  pageSize: { type: 'integer', minimum: 1, maximum: 1000 },
} as const;

export interface Paging { pageNo?: number; pageSize?: number }

/** The IPage fields the front ends read (`records`, `total`) plus the ones they ignore. */
export function page<T>(records: T[], total: number, { pageNo = 1, pageSize = 10 }: Paging) {
  return { records, total, size: pageSize, current: pageNo, pages: Math.ceil(total / pageSize) };
}

export const offsetOf = ({ pageNo = 1, pageSize = 10 }: Paging) => (pageNo - 1) * pageSize;
