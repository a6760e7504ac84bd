import { useField } from '@formily/react';
import type { ComponentType } from 'react';

/**
 * A form input named by its field's label (WCAG 1.3.1 / 4.1.2): Formily's FormItem draws the label
 * as text beside the input, not as a <label for>, so a screen reader met a bare input. Every view's
 * widget passes `aria-label` on to its input; one given by the schema's own props wins.
 */
export function withFieldLabel<P extends object>(Widget: ComponentType<P>): ComponentType<P> {
  function Labelled(props: P) {
    const title = useField()?.title;
    return <Widget {...(typeof title === 'string' && title ? { 'aria-label': title } : {})} {...props} />;
  }
  Labelled.displayName = `Labelled(${Widget.displayName ?? Widget.name ?? 'Widget'})`;
  return Labelled;
}

/** Each component of a map, named by its field's label. */
export const labelled = (components: Record<string, ComponentType<object>>): Record<string, ComponentType<object>> =>
  Object.fromEntries(Object.entries(components).map(([k, c]) => [k, withFieldLabel(c)]));
