// Every view registers itself from its own folder (`<view>/index.tsx`): adding a view is adding a
// folder, never editing a list here. Registrations are small; a heavy editor inside a folder is
// loaded lazily by its own component, so it lands in a chunk of its own.
import.meta.glob('./*/index.tsx', { eager: true });

export { formComponents, widgetOf, registerWidget } from './registry';
