import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { newId } from '../../util/ids.js';
import { nextChildCode } from './code.js';

/* eslint-disable @typescript-eslint/no-explicit-any */

interface CategorySeed { name: string; children?: CategorySeed[] }

/** First-start categories from schemas/seed/categories.json, coded A01, A01A01 … like later adds. */
export async function seedCategories(tx: Kysely<any>, seedDir: string, stamp: Record<string, unknown>): Promise<void> {
  const file = path.join(seedDir, 'categories.json');
  if (!fs.existsSync(file)) return;
  const add = async (nodes: CategorySeed[], pid: string, parentCode: string) => {
    const used: string[] = [];
    for (const node of nodes) {
      const id = newId();
      const code = nextChildCode(parentCode, used);
      used.push(code);
      await tx.insertInto('sys_category').values({
        id, pid, name: node.name, code, hasChild: node.children?.length ? '1' : '0', ...stamp, sysOrgCode: null,
      }).execute();
      await add(node.children ?? [], id, code);
    }
  };
  await add(JSON.parse(fs.readFileSync(file, 'utf8')) as CategorySeed[], '0', '');
}
