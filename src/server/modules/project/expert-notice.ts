import type { Kysely } from 'kysely';
import type { SchemaRegistry } from '../../schema/registry.js';
import { notifyUsers } from '../announcement/notify.js';
import { recordLink, recordNames } from '../announcement/record-notice.js';

/* eslint-disable @typescript-eslint/no-explicit-any */
type Row = Record<string, unknown>;

/** A score sheet that changed hands: its id, its project and its expert. */
export interface SheetChange { id: string; projectId: string; expert: string }

/**
 * Tells each expert, in the assignment's transaction, which projects they were given to score (one
 * notice per expert, opening the sheet from 项目评分 when it is one) or no longer score.
 */
export async function tellExperts(tx: Kysely<any>, schemas: SchemaRegistry, change: 'assigned' | 'removed', sheets: SheetChange[], by: string): Promise<void> {
  if (!sheets.length) return;
  const project = schemas.get('pms_project')!;
  const review = schemas.get('pms_project_review')!;
  const names = new Map((await tx.selectFrom('pms_project').select(['id', 'name']).where('id', 'in', [...new Set(sheets.map((s) => s.projectId))]).execute() as Row[])
    .map((r) => [String(r.id), r]));
  const byExpert = new Map<string, SheetChange[]>();
  for (const s of sheets) byExpert.set(s.expert, [...(byExpert.get(s.expert) ?? []), s]);
  for (const [expert, mine] of byExpert) {
    const projects = mine.map((s) => names.get(s.projectId) ?? { name: s.projectId });
    const title = change === 'assigned' ? `请评审${recordNames(project, projects)}` : `您已不再评审${recordNames(project, projects)}`;
    const content = change === 'assigned' ? `${title}，请在「项目评分」中打分并提交。` : `${title}，相应的评分单已收回。`;
    await notifyUsers(tx, {
      usernames: [expert], title, content, sender: by, busType: 'pms_project_review', busId: mine.map((s) => s.id).join(','),
      openPage: change === 'assigned' && mine.length === 1 ? await recordLink(tx, review, { username: expert }, { id: mine[0].id, state: 'pending' }) : null,
    });
  }
}
