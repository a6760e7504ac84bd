import { ApartmentOutlined } from '@ant-design/icons';
import { lazy } from 'react';
import { pickerField } from '../picker/PickerField';
import { registerWidget } from '../registry';
import { textCell } from '../text';

/** sel_depart: department names shown, ids (or org codes, `store`) kept comma-joined; single unless `multiple`. */
export const DepartPicker = pickerField('sel_depart', { noun: '部门', icon: <ApartmentOutlined />, Modal: lazy(() => import('./DepartModal')) });

// A list cell shows the server's `_dictText`: the names already.
registerWidget('sel_depart', { component: DepartPicker, cell: textCell });
