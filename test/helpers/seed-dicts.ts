import fs from 'node:fs';

/** Every dictionary a fresh database holds: the system ones, and those the public site's content seed brings. */
export const seedDicts = [
  ...JSON.parse(fs.readFileSync('schemas/seed/dicts.json', 'utf8')) as { dictCode: string; items: [string, string][] }[],
  ...(JSON.parse(fs.readFileSync('schemas/seed/web-content.json', 'utf8')) as { dicts: { dictCode: string; items: [string, string][] }[] }).dicts,
];
