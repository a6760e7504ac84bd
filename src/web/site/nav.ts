/** Every section of the public site, in header order; the home page links to each (except itself). */
export interface SiteSection {
  path: string;
  label: string;
  /** One line for the home page's entry tiles. */
  blurb: string;
}

export const SECTIONS: SiteSection[] = [
  { path: '/web', label: '首页', blurb: '' },
  { path: '/web/match', label: '大赛介绍', blurb: '赛程安排、参赛对象与奖项设置' },
  { path: '/web/news', label: '新闻动态', blurb: '赛事动态与通知公告' },
  { path: '/web/aiExpert', label: '导师智库', blurb: '来自高校、企业与投资机构的导师' },
  { path: '/web/organ', label: '合作机构', blurb: '主办、承办与支持单位' },
  { path: '/web/project', label: '项目展示', blurb: '参赛项目与科技成果' },
  { path: '/web/goodExample', label: '优秀案例', blurb: '成果转化的典型案例' },
  { path: '/web/history', label: '往届回顾', blurb: '历届大赛的精彩瞬间' },
  { path: '/web/tradeUnion', label: '工会政策', blurb: '职工创新创业扶持政策' },
  { path: '/web/raceServices', label: '大赛服务', blurb: '培训、路演、对接与咨询服务' },
  { path: '/web/mmSci', label: '科普园地', blurb: '前沿科技的通俗解读' },
  { path: '/web/zlSci', label: '专利科普', blurb: '知识产权与专利申请知识' },
];

/** The nav entry that is "current" for a path: the longest section prefix (detail pages light none). */
export function activeSection(pathname: string): string | null {
  const p = pathname.replace(/\/+$/, '') || '/';
  if (p === '/' || p === '/web') return '/web';
  const hit = SECTIONS.filter((s) => s.path !== '/web' && (p === s.path || p.startsWith(`${s.path}/`)));
  return hit.length ? hit[hit.length - 1].path : null;
}
