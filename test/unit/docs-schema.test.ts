import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderSchemaReference, type Node } from '../../scripts/docs-schema-render';
import { pageMetaSchema } from '../../src/schema/meta-schema';

const root = path.resolve(__dirname, '../..');
const REFERENCE = path.join(root, 'docs', 'schema-reference.md');

describe('docs/schema-reference.md', () => {
  it('is what the meta-schema renders today (else run `npm run docs:schema`)', () => {
    const { markdown } = renderSchemaReference(pageMetaSchema);
    const written = fs.readFileSync(REFERENCE, 'utf8');
    expect(written === markdown, 'docs/schema-reference.md is older than src/schema/meta-schema.ts: run `npm run docs:schema`').toBe(true);
  });

  it('describes every property of the meta-schema', () => {
    expect(renderSchemaReference(pageMetaSchema).undescribed).toEqual([]);
  });
});

describe('renderSchemaReference', () => {
  const page: Node = {
    type: 'object', required: ['name'],
    properties: {
      name: { type: 'string', pattern: '^[a-z]+$', description: 'The name.' },
      kind: { enum: ['a', 'b'], default: 'a', description: 'Which | kind.' },
      size: { type: 'integer', minimum: 1, maximum: 9 },
      parts: {
        type: 'array', maxItems: 3, description: 'The parts.',
        items: { type: 'object', properties: { label: { type: 'string', minLength: 1, maxLength: 20, description: 'A label.' } } },
      },
    },
  };

  it('lists each property with its type, allowed values, default and description; nested objects get a section', () => {
    const { markdown, undescribed } = renderSchemaReference(page);
    expect(markdown).toContain('| `name` (required) | string | matching `^[a-z]+$` |  | The name. |');
    expect(markdown).toContain('| `kind` | string | `a`, `b` | `a` | Which \\| kind. |');
    expect(markdown).toContain('| `parts` | array of [object](#parts) | at most 3 items |  | The parts. |');
    expect(markdown).toContain('## parts[]\n\nThe parts.\n');
    expect(markdown).toContain('| `label` | string | 1–20 characters |  | A label. |');
    expect(undescribed).toEqual(['size']);
  });

  it('changes when the meta-schema changes, and renders the same twice', () => {
    const before = renderSchemaReference(page).markdown;
    expect(renderSchemaReference(page).markdown).toBe(before);
    const changed = { ...page, properties: { ...page.properties, size: { ...page.properties!.size, maximum: 10 } } };
    expect(renderSchemaReference(changed).markdown).not.toBe(before);
  });
});
