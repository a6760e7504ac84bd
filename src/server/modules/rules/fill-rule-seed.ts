import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { parseFillRule } from '../../../schema/fill-rule.js';
import { newId } from '../../util/ids.js';

/* eslint-disable @typescript-eslint/no-explicit-any */

interface FillRuleSeed { ruleName: string; ruleCode: string; ruleParams: unknown }

/** First-start fill rules from schemas/seed/fill-rules.json; a seeded rule must parse like any other. */
export async function seedFillRules(tx: Kysely<any>, seedDir: string, stamp: Record<string, unknown>): Promise<void> {
  const file = path.join(seedDir, 'fill-rules.json');
  if (!fs.existsSync(file)) return;
  for (const r of JSON.parse(fs.readFileSync(file, 'utf8')) as FillRuleSeed[]) {
    const ruleParams = JSON.stringify(r.ruleParams);
    parseFillRule(ruleParams);
    await tx.insertInto('sys_fill_rule').values({ id: newId(), ruleName: r.ruleName, ruleCode: r.ruleCode, ruleClass: null, ruleParams, ...stamp, sysOrgCode: null }).execute();
  }
}
