/**
 * The schema language reference (docs/schema-reference.md), rendered from the meta-schema: every
 * property with its type, allowed values, default and description. Pure and deterministic, so the
 * docs test renders it again and compares (`npm run docs:schema` writes it).
 */

/** The part of JSON Schema the meta-schema uses. */
export interface Node {
  type?: string | readonly string[];
  enum?: readonly unknown[];
  const?: unknown;
  anyOf?: readonly Node[];
  oneOf?: readonly Node[];
  items?: Node;
  properties?: Readonly<Record<string, Node>>;
  additionalProperties?: boolean | Node;
  propertyNames?: Node;
  required?: readonly string[];
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  minProperties?: number;
  uniqueItems?: boolean;
  default?: unknown;
  description?: string;
}

const code = (v: unknown) => `\`${typeof v === 'string' ? v : JSON.stringify(v)}\``;
const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** GitHub's heading anchor: lower case, punctuation dropped, spaces as hyphens. */
export const slug = (heading: string) => heading.trim().toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-');

const grouped = (type: string) => (type.includes(' or ') ? `(${type})` : type);
const alternatives = (n: Node): readonly Node[] | undefined => n.anyOf ?? n.oneOf;
const hasProperties = (n: Node) => n.properties !== undefined && Object.keys(n.properties).length > 0;

interface Section { heading: string; description?: string; objects: Node[] }

/** The objects with properties a property's value may be (through arrays and alternatives), each with its heading. */
function objectsIn(n: Node, heading: string): { heading: string; node: Node }[] {
  if (hasProperties(n)) return [{ heading, node: n }];
  const alts = alternatives(n);
  if (alts) return alts.flatMap((a) => objectsIn(a, heading));
  if (n.items) return objectsIn(n.items, `${heading}[]`);
  return [];
}

class Reference {
  /** Where each object's properties are listed, by identity of its `properties` (shared parts are listed once). */
  private readonly listedAt = new Map<object, string>();
  readonly sections: Section[] = [];
  readonly undescribed: string[] = [];

  constructor(root: Node) {
    this.section('Page', root.description, [root], '');
  }

  private section(heading: string, description: string | undefined, objects: Node[], path: string) {
    const section: Section = { heading, description, objects };
    this.sections.push(section);
    for (const o of objects) this.listedAt.set(o.properties!, heading);
    for (const o of objects) {
      for (const [name, prop] of Object.entries(o.properties!)) {
        const at = path ? `${path}.${name}` : name;
        if (!prop.description) this.undescribed.push(at);
        const byHeading = new Map<string, Node[]>();
        const taken = new Set<object>();
        for (const f of objectsIn(prop, at)) {
          if (this.listedAt.has(f.node.properties!) || taken.has(f.node.properties!)) continue;
          taken.add(f.node.properties!);
          byHeading.set(f.heading, [...(byHeading.get(f.heading) ?? []), f.node]);
        }
        for (const [h, nodes] of byHeading) this.section(h, prop.description, nodes, h);
      }
    }
  }

  private link(n: Node): string {
    const heading = this.listedAt.get(n.properties!)!;
    return `[object](#${slug(heading)})`;
  }

  type(n: Node): string {
    if (n.const !== undefined) return `\`${JSON.stringify(n.const)}\``;
    const alts = alternatives(n);
    if (alts) return [...new Set(alts.map((a) => this.type(a)))].join(' or ');
    if (n.enum) return [...new Set(n.enum.map((v) => (typeof v === 'boolean' ? String(v) : typeof v)))].join(' or ');
    const types = n.type === undefined ? [] : typeof n.type === 'string' ? [n.type] : [...n.type];
    return types.map((t) => {
      if (t === 'array') return n.items ? `array of ${grouped(this.type(n.items))}` : 'array';
      if (t !== 'object') return t;
      if (hasProperties(n)) return this.link(n);
      if (typeof n.additionalProperties === 'object') return `object of ${this.type(n.additionalProperties)}`;
      return 'object';
    }).join(' or ');
  }

  allowed(n: Node): string {
    const parts: string[] = [];
    if (n.enum) parts.push(n.enum.map(code).join(', '));
    const alts = alternatives(n);
    if (alts) {
      const each = alts.map((a) => this.allowed(a) && (alts.length > 1 && a.type === 'array' ? `a list: ${this.allowed(a)}` : this.allowed(a))).filter(Boolean);
      if (each.length) parts.push(each.join('; '));
    }
    if (n.pattern) parts.push(`matching ${code(n.pattern)}`);
    const range = (min: number | undefined, max: number | undefined, unit = '') => {
      const units = (k: number) => (unit ? ` ${unit}${k === 1 ? '' : 's'}` : '');
      if (min !== undefined && max !== undefined) parts.push(`${min}–${max}${units(max)}`);
      else if (min !== undefined) parts.push(`at least ${min}${units(min)}`);
      else if (max !== undefined) parts.push(`at most ${max}${units(max)}`);
    };
    range(n.minLength, n.maxLength, 'character');
    range(n.minimum, n.maximum);
    range(n.minItems, n.maxItems, 'item');
    range(n.minProperties, undefined, 'key');
    if (n.uniqueItems) parts.push('no repeats');
    if (n.propertyNames?.pattern) parts.push(`keys matching ${code(n.propertyNames.pattern)}`);
    if (n.items && !hasProperties(n.items)) {
      const items = this.allowed(n.items);
      if (items) parts.push(`each ${items}`);
    }
    if (typeof n.additionalProperties === 'object' && !hasProperties(n.additionalProperties)) {
      const values = this.allowed(n.additionalProperties);
      if (values) parts.push(`values ${values}`);
    }
    return parts.join('; ');
  }

  table(o: Node): string[] {
    const required = new Set(o.required ?? []);
    const rows = Object.entries(o.properties!).map(([name, p]) => {
      const prop = `${code(name)}${required.has(name) ? ' (required)' : ''}`;
      const dflt = p.default === undefined ? '' : code(p.default);
      return `| ${[prop, this.type(p), this.allowed(p), dflt, p.description ?? ''].map(cell).join(' | ')} |`;
    });
    return ['| Property | Type | Allowed values | Default | Description |', '| --- | --- | --- | --- | --- |', ...rows];
  }
}

/**
 * The reference's Markdown, and the properties that have no description (each should have one).
 * Takes any object: the meta-schema's literal types are narrower than `Node` can name.
 */
export function renderSchemaReference(metaSchema: object): { markdown: string; undescribed: string[] } {
  const ref = new Reference(metaSchema as Node);
  const lines = [
    '# Schema language reference (English, for contributors)',
    '',
    '<!-- Generated by `npm run docs:schema` from src/schema/meta-schema.ts: edit the meta-schema, not this file. -->',
    '',
    'Every property a page schema (`schemas/**/*.json`) may hold, as the meta-schema',
    '([src/schema/meta-schema.ts](../src/schema/meta-schema.ts)) declares it; a schema file is checked against it at start.',
    'Properties not listed are refused. How the engine uses them is told in [schema-language.md](schema-language.md).',
    'This file is generated by `npm run docs:schema`, and a unit test fails when it is older than the meta-schema.',
    '',
    '## Contents',
    '',
    ...ref.sections.map((s) => `- [${s.heading}](#${slug(s.heading)})`),
  ];
  for (const s of ref.sections) {
    lines.push('', `## ${s.heading}`, '');
    if (s.description) lines.push(s.description, '');
    s.objects.forEach((o, i) => {
      if (s.objects.length > 1) lines.push(`Form ${i + 1} of ${s.objects.length}:`, '');
      lines.push(...ref.table(o));
      if (i < s.objects.length - 1) lines.push('');
    });
  }
  return { markdown: `${lines.join('\n')}\n`, undescribed: ref.undescribed };
}
