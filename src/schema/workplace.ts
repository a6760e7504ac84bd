/** What `GET /sys/workplace/todo` answers: the server builds it (workplace/work.ts), 工作台 draws it. */

/** One waiting row, named and opened from the user's page (`<menu url>?id=`). */
export interface WorkItem {
  id: string;
  title: string;
  state: string;
  stateText: string;
  /** When it arrived in its state (its last change). */
  time: string | null;
  path: string;
}

/** One entry of the 工作台: the rows of a page waiting for the user, by the label its schema gives them. */
export interface Work {
  key: string;
  label: string;
  count: number;
  /** The page listing them. */
  path: string;
  noun: string;
  byState: { state: string; text: string; count: number }[];
  items: WorkItem[];
}
