/**
 * SPEC §4/§6: a visitor without a token is signed in as the guest account, which sees the home page
 * and a login button. Its token is easy to get (`/sys/guestLogin` is public), so it reaches only
 * the routes that draw that shell (`config: { guest: true }`); every other route refuses it.
 */
export const GUEST_USERNAME = 'guest';
export const GUEST_REFUSAL = '访客不能使用该功能，请先登录';
