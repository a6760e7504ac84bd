import { UserOutlined } from '@ant-design/icons';
import { lazy } from 'react';
import { pickerField } from '../picker/PickerField';
import { registerWidget } from '../registry';
import { textCell } from '../text';
import { userPickerApi } from './api';

/** sel_user: realnames shown, usernames (or the `store` column) kept comma-joined; several unless `multiple: false`. */
export const UserPicker = pickerField('sel_user', { noun: '用户', icon: <UserOutlined />, Modal: lazy(() => import('./UserModal')), prefetch: userPickerApi.prefetch });

// A list cell shows the server's `_dictText`: the realnames already.
registerWidget('sel_user', { component: UserPicker, cell: textCell });
