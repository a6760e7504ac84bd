// antd's Input barrel also brings TextArea, Search and OTP (with rc-textarea): the login forms need the
// plain input and the password only, and the login page's download is kept small (issue 17).
export { default as Input } from 'antd/es/input/Input';
export { default as Password } from 'antd/es/input/Password';
