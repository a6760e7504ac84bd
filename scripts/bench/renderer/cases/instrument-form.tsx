// Evaluated before FormModal's module, which builds its SchemaField from formComponents() at load:
// the views the bench form uses are registered again with a render-counting wrapper, through the
// registry's own API (views register over each other by design).
import { useField } from '@formily/react';
import type { ComponentType } from 'react';
import type { ViewType } from '../../../../src/schema/types';
import { registerWidget, widgetOf } from '../../../../src/web/widgets';
import { countRender } from '../probe';

function instrumentWidgets(views: ViewType[]): void {
  for (const view of views) {
    const def = widgetOf(view);
    /* eslint-disable-next-line @typescript-eslint/no-explicit-any */
    const Inner = def.component as ComponentType<any>;
    function Probe(props: Record<string, unknown>) {
      const name = String(useField()?.address ?? '?');
      countRender(name);
      return <Inner {...props} data-field={name} />;
    }
    Probe.displayName = `Probe(${view})`;
    registerWidget(view, { ...def, component: Probe });
  }
}

instrumentWidgets(['text', 'number', 'date', 'list']);
