import { registerPanel } from '../renderer/panels';

// The named panels schema actions open; each is its own chunk.
registerPanel('DictItems', () => import('./DictItems'));
registerPanel('RolePermission', () => import('./RolePermission'));
registerPanel('RoleUsers', () => import('./RoleUsers'));
registerPanel('UserPassword', () => import('./UserPassword'));
registerPanel('CgreportDesigner', () => import('./CgreportDesigner'));
registerPanel('CgreportPreview', () => import('./CgreportPreview'));
registerPanel('GraphreportPreview', () => import('./GraphreportPreview'));
