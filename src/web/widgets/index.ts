// Every view registers itself from its own folder; importing this module loads them all.
import './text';
import './number';
import './date';
import './dict';
import './switch';

export { formComponents, widgetOf, registerWidget } from './registry';
