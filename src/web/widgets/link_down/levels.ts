import { linkDownSettings, type LinkDownSettings } from '../../../schema/views';

/** Where a field stands in its cascade: the settings (the first level's), the field names of every level, and its own index. */
export interface LinkLevel {
  settings: LinkDownSettings;
  chain: string[];
  index: number;
  /** The first level's condition as sent: JSON text of equalities. */
  condition?: string;
}

export interface LinkField { name: string; props: Record<string, unknown> }

const settingsOf = (props: Record<string, unknown>) => linkDownSettings({ name: '', label: '', type: 'string', extend: props });

const conditionOf = (props: Record<string, unknown>, s: LinkDownSettings) =>
  typeof props.condition === 'string' && props.condition ? props.condition : s.condition ? JSON.stringify(s.condition) : undefined;

/**
 * A field's level. The first level is the field whose settings list the following fields in
 * `linkField` (at least one) without listing itself; a following field is one that such a sibling lists — whatever
 * its own props (it may repeat the settings so lists translate it too). Undefined when neither.
 */
export function linkLevel(self: LinkField, siblings: LinkField[]): LinkLevel | undefined {
  const first = (f: LinkField) => {
    const s = settingsOf(f.props);
    return s?.linkField?.length && !s.linkField.includes(f.name) ? s : undefined;
  };
  for (const sibling of siblings) {
    const s = first(sibling);
    const at = s?.linkField?.indexOf(self.name) ?? -1;
    if (s && at >= 0) return { settings: s, chain: [sibling.name, ...s.linkField!], index: at + 1, condition: conditionOf(sibling.props, s) };
  }
  const own = first(self);
  return own ? { settings: own, chain: [self.name, ...own.linkField!], index: 0, condition: conditionOf(self.props, own) } : undefined;
}
