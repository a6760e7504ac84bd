import { http, type WriteOptions } from '../../api/request';

/** One expert's sheet on the project. */
export interface AssignedSheet {
  id: string;
  expert: string;
  realname: string;
  state: 'pending' | 'draft' | 'submitted';
  total: number | null;
}

/** An expert as the assignment sees them: their organisations, sheets in this contest, and whether they must stand aside. */
export interface ExpertLoad {
  username: string;
  realname: string;
  orgs: string[];
  load: number;
  avoid: boolean;
}

/** GET /pms/project/experts */
export interface ProjectExperts {
  project: { id: string; name: string; orgName: string; state: string };
  expertsPerProject: number;
  assigned: AssignedSheet[];
  experts: ExpertLoad[];
}

export const assignApi = {
  load: (projectId: string) => http.get<ProjectExperts>('/pms/project/experts', { projectId }),
  assign: (projectId: string, experts: string[], opts?: WriteOptions) => http.post<{ added: number }>('/pms/project/assignExperts', { projectId, experts: experts.join(',') }, opts),
  reassign: (reviewId: string, expert: string, opts?: WriteOptions) => http.post<null>('/pms/project/reassignExpert', { reviewId, expert }, opts),
  remove: (reviewId: string, opts?: WriteOptions) => http.delete<null>('/pms/review/delete', { id: reviewId }, opts),
};

/**
 * The experts to suggest for a project: those free to take it (not assigned, not of its
 * organisation), least loaded first (then by account, as the server's automatic assignment),
 * as many as it still lacks.
 */
export function suggest(data: ProjectExperts): string[] {
  const taken = new Set(data.assigned.map((a) => a.expert));
  const lacking = Math.max(0, data.expertsPerProject - data.assigned.length);
  return data.experts.filter((e) => !e.avoid && !taken.has(e.username))
    .sort((a, b) => a.load - b.load || a.username.localeCompare(b.username))
    .slice(0, lacking).map((e) => e.username);
}
