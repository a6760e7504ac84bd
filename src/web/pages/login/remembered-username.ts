import { storage } from '../../app/storage';

// Kept apart from the session's Login_Username, which logout clears.
const KEY = 'LOGIN_LAST_USERNAME';

export const rememberedUsername = (): string => storage.get<string>(KEY) ?? '';

export function rememberUsername(username: string): void {
  storage.set(KEY, username, null);
}
