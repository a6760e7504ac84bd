import { authApi } from '../../api/auth';
import { session } from '../../app/session';

/** Asks the server to rebuild its dictionary cache, then replaces the local copy; false when either call fails. */
export async function reloadDictCache(): Promise<boolean> {
  try {
    const refreshed = await authApi.refreshDictCache();
    if (!refreshed.success) return false;
    const dicts = await authApi.allDictItems();
    if (!dicts.success) return false;
    session.setDicts(dicts.result);
    return true;
  } catch {
    return false;
  }
}
