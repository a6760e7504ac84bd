// `npm run openapi [-- <file>]`: writes the server's OpenAPI 3.1 document (default openapi.json),
// the same the running server answers at /jeecg-boot/v3/api-docs. TypeScript is loaded through tsx,
// as `npm start` does.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const file = path.resolve(process.argv[2] ?? 'openapi.json');
process.chdir(root);

const { register } = await import('tsx/esm/api');
register();
const { writeOpenApiDocument } = await import('../src/server/openapi/write.ts');
const { paths, bytes } = await writeOpenApiDocument(file);
console.log(`wrote ${file}: ${paths} paths, ${(bytes / 1024).toFixed(0)} KB`);
process.exit(0);
