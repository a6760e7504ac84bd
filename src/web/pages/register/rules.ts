import type { FormRule } from 'antd';

/** SPEC §5 password rule, the same test the server applies. */
export const PASSWORD_RULE = /^(?=.*\d)(?=.*[A-Za-z]).{8,}$/;
export const USERNAME_RULE = /^\w{4,20}$/;
export const PHONE_RULE = /^1\d{10}$/;

export const passwordRules: FormRule[] = [
  { required: true, message: '请输入新密码!' },
  { pattern: PASSWORD_RULE, message: '密码至少8位，且需包含数字、字母' },
];

/** Confirmation of the field `password`: required and equal (SPEC §5). */
export const confirmRules: FormRule[] = [
  { required: true, message: '请确认新密码!' },
  ({ getFieldValue }) => ({
    validator: (_, value) => (!value || value === getFieldValue('password') ? Promise.resolve() : Promise.reject(new Error('两次输入的密码不一样！'))),
  }),
];

export const phoneRules: FormRule[] = [
  { required: true, message: '请输入手机号' },
  { pattern: PHONE_RULE, message: '请输入正确的手机号' },
];
