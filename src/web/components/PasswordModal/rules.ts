/** SPEC §5 / §9: the new password has at least 8 characters, with a digit and a letter. */
export const PASSWORD_RULE_MESSAGE = '密码至少8位，且需包含数字、字母';

export function isStrongPassword(password: string): boolean {
  return password.length >= 8 && /\d/.test(password) && /[A-Za-z]/.test(password);
}
