import { layoutSettings } from '../../app/settings';
import { noticePrefs } from '../../components/AnnouncementDetail/liveAlert';
import { accountApi } from './api';

/**
 * Applies the theme, layout and notice switches the user saved to their account (个人设置 › 个性化), so they follow
 * them to another browser. Called once the session's menu is loaded; a failure keeps local settings.
 */
export async function applyAccountPreferences(): Promise<void> {
  try {
    const res = await accountApi.preferences();
    if (res.success && res.result) {
      layoutSettings.update(res.result.custom);
      noticePrefs.set(res.result.notification);
    }
  } catch { /* the local settings stay */ }
}
