import { http, type WriteOptions } from '../../api/request';

/** One step of a row's history, as `GET <api>/history` answers it (oldest first). */
export interface HistoryEntry {
  transition: string;
  transitionText: string;
  fromState: string;
  fromState_dictText: string;
  toState: string;
  toState_dictText: string;
  opinion?: string | null;
  createBy: string;
  createName: string;
  createTime: string;
}

/** What `POST <api>/transition` takes: one row (`id`) or several (`ids`, comma-joined). */
export interface FireBody {
  id?: string;
  ids?: string;
  transition: string;
  opinion?: string;
  /** The state the user saw: the server refuses if the row has moved since. */
  fromState?: string;
}

/** The workflow routes under a schema's `api`. */
export function workflowApi(base: string) {
  return {
    fire: (body: FireBody, opts?: WriteOptions) => http.post<null>(`${base}/transition`, body, opts),
    history: (id: string) => http.get<HistoryEntry[]>(`${base}/history`, { id }),
  };
}
