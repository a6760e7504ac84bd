import { http } from '../../api/request';
import type { Page } from '../../renderer/api';
import type { RoleUser } from '../../panels/RoleUsers/api';

/** A user as the picker lists one (SPEC §3 "User in picker"). */
export interface PickerUser extends RoleUser {
  orgCode: string | null;
  [column: string]: unknown;
}

const URL = '/sys/user/queryUserComponentData';
const FIRST_PAGE = { pageNo: 1, pageSize: 10 };
const isFirstPage = (p: Record<string, unknown>) => Object.keys(p).length === 2 && p.pageNo === 1 && p.pageSize === 10;
/** The first page asked for on the click, kept for the window that opens next (once, for a few seconds). */
let early: { at: number; answer: ReturnType<typeof http.get<Page<PickerUser>>> } | null = null;

export const userPickerApi = {
  /** One page of users, in a department (and those below it) when departId is given; newest first. */
  page: (params: Record<string, unknown>) => {
    const kept = early;
    early = null;
    if (kept && Date.now() - kept.at < 5000 && isFirstPage(params)) return kept.answer;
    return http.get<Page<PickerUser>>(URL, params);
  },
  /**
   * Asks for the first page as the picker is clicked, while its window is still being built (the
   * pickers benchmark saw the request start about 140 ms after the click otherwise).
   */
  prefetch: () => { early = { at: Date.now(), answer: http.get<Page<PickerUser>>(URL, FIRST_PAGE) }; },
};

/** SPEC §3: sex 1 male, 2 female; any other value (the guest's 0) shows nothing, not the raw code. */
export function sexText(u: { sex?: number | null; sex_dictText?: string | null }): string {
  const translated = u.sex_dictText && u.sex_dictText !== String(u.sex) ? u.sex_dictText : undefined;
  return translated ?? (u.sex === 1 ? '男' : u.sex === 2 ? '女' : '');
}
