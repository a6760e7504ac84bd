/* eslint-disable @typescript-eslint/no-explicit-any */
import { expectOk } from './envelope.js';
import { ADMIN_PASSWORD, type TestServer } from './server.js';

/** Adds an account holding one seeded role (through the user page, as an administrator would) and logs it in. */
export async function addUserWithRole(s: TestServer, adminToken: string, username: string, realname: string, roleCode: string): Promise<string> {
  const role = await (s.db as any).selectFrom('sys_role').select('id').where('roleCode', '=', roleCode).executeTakeFirstOrThrow();
  expectOk(await s.api.post('/sys/user/add', { username, realname, password: ADMIN_PASSWORD, selectedroles: role.id }, { token: adminToken }));
  return s.login(username);
}
