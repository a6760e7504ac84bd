import { registerPanel } from '../renderer/panels';

// The named panels schema actions open; each is its own chunk.
registerPanel('DictItems', () => import('./DictItems'));
