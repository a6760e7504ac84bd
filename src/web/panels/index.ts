import { registerPanel } from '../renderer/panels';

// The named panels schema actions open; each is its own chunk.
registerPanel('DictItems', () => import('./DictItems'));
registerPanel('RolePermission', () => import('./RolePermission'));
registerPanel('PermissionDataRule', () => import('./PermissionDataRule'));
registerPanel('RoleUsers', () => import('./RoleUsers'));
registerPanel('UserPassword', () => import('./UserPassword'));
registerPanel('CgformDesigner', () => import('./CgformDesigner'));
registerPanel('CgformSync', () => import('./CgformSync'));
registerPanel('CgformMenu', () => import('./CgformMenu'));
registerPanel('CgformVersions', () => import('./CgformVersions'));
registerPanel('CgformPreview', () => import('./CgformPreview'));
registerPanel('CgformButtons', () => import('./CgformButtons'));
registerPanel('CgformEnhance', () => import('./CgformEnhance'));
registerPanel('CgreportDesigner', () => import('./CgreportDesigner'));
registerPanel('CgreportPreview', () => import('./CgreportPreview'));
registerPanel('GraphreportPreview', () => import('./GraphreportPreview'));
registerPanel('ReviewSheet', () => import('./ReviewSheet'));
registerPanel('ReviewScores', () => import('./ReviewSheet/Scores'));
registerPanel('AssignExperts', () => import('./AssignExperts'));
registerPanel('RaceRanking', () => import('./RaceRanking'));
registerPanel('AssessSheet', () => import('./AssessSheet'));
registerPanel('AssessResults', () => import('./AssessResults'));
registerPanel('AssessResultCard', () => import('./AssessResultCard'));
registerPanel('QuartzJobRuns', () => import('./QuartzJobRuns'));
