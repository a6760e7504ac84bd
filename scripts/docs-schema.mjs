// `npm run docs:schema`: writes docs/schema-reference.md, the schema language reference, from the
// meta-schema (src/schema/meta-schema.ts). test/unit/docs-schema.test.ts fails when the file is older.
// TypeScript is loaded through tsx, as `npm run openapi` does.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
register();
const { pageMetaSchema } = await import('../src/schema/meta-schema.ts');
const { renderSchemaReference } = await import('./docs-schema-render.ts');

const { markdown, undescribed } = renderSchemaReference(pageMetaSchema);
const file = path.join(root, 'docs', 'schema-reference.md');
fs.writeFileSync(file, markdown);
console.log(`wrote ${path.relative(root, file)}`);
if (undescribed.length) {
  console.error(`properties without a description in the meta-schema: ${undescribed.join(', ')}`);
  process.exitCode = 1;
}
