// The list pages the row-rules bench times, each as its user opens it, and the same filter written
// by hand for the bare route: the page's query conditions, then the row rule for that user.
import { applicant, expert } from './data.mjs';

/** The accounts the bench logs in as (created through the user page by the administrator). */
export const USERS = {
  applicant: { username: applicant(1), realname: '基准申报人', role: 'applicant' },
  reviewer: { username: 'breviewer', realname: '基准审核人', role: 'reviewer' },
  expert: { username: expert(1), realname: '基准专家', role: 'expert' },
};

const ruleOf = (schema, role) => schema.rowRules.find((r) => r.role === role);
const like = (v) => `%,${v.replace(/[\\%_]/g, (c) => `\\${c}`)},%`;

/**
 * name, the page's schema code, who opens it, the query string it sends, and `conds(query, schema)`:
 * [SQL with ? placeholders, params] the bare route joins with `and`. `variants`: other bare
 * routes worth a row (same answer required).
 */
export const SHAPES = [
  {
    key: 'my', name: '我的项目 (own)', schema: 'pms_project', user: 'applicant', qs: 'pageNo=1&pageSize=10',
    conds: (_q, s) => { if (!ruleOf(s, 'applicant').own) throw new Error('the applicant rule is not own'); return [['"create_by" = ?', [USERS.applicant.username]]]; },
  },
  {
    key: 'audit', name: '项目审核 (states)', schema: 'pms_project', user: 'reviewer', qs: 'state=submitted&pageNo=1&pageSize=10',
    conds: (q, s) => {
      const states = ruleOf(s, 'reviewer').states;
      return [['"state" = ?', [q.state]], [`"state" in (${states.map(() => '?').join(', ')})`, states]];
    },
  },
  {
    key: 'expertProjects', name: '项目评分: projects (via)', schema: 'pms_project', user: 'expert', qs: 'pageNo=1&pageSize=10',
    conds: (_q, s) => {
      const { via } = ruleOf(s, 'expert');
      const col = (c) => c.replace(/[A-Z]/g, (x) => `_${x.toLowerCase()}`);
      return [[`"id" in (select "${col(via.row)}" from "${via.table}" where "${col(via.user)}" = ?)`, [USERS.expert.username]]];
    },
  },
  {
    key: 'expertSheets', name: '项目评分: sheets (field)', schema: 'pms_project_review', user: 'expert', qs: 'pageNo=1&pageSize=10',
    // The sheet's expert is a single-account picker: the field rule compares with = (a comma-list
    // picker would need the LIKE below, which no index serves; it is kept as a variant to show the cost).
    conds: (_q, s) => [[`"${ruleOf(s, 'expert').field}" = ?`, [USERS.expert.username]]],
    variants: [{ key: 'expertSheetsLike', label: 'bare, comma-list LIKE', conds: (_q, s) => [[`(',' || "${ruleOf(s, 'expert').field}" || ',') like ? escape '\\'`, [like(USERS.expert.username)]]] }],
  },
];
