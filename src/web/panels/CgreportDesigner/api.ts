import { http } from '../../api/request';
import { crudApi, type Page, type Row } from '../../renderer/api';

const HEAD_API = '/online/cgreport/head';
const head = crudApi(HEAD_API);

/** What the designer reads and writes: the generic main/sub CRUD of the report head, and parseSql. */
export const designerApi = {
  queryById: head.queryById,
  add: head.add,
  edit: head.edit,
  subList: (subCode: 'onl_cgreport_item' | 'onl_cgreport_param', mainId: string) => http.get<Page>(`${HEAD_API}/subList/${subCode}`, { mainId }),
  parseSql: (sql: string) => http.get<{ fields: Row[]; params: Row[] }>(`${HEAD_API}/parseSql`, { sql }),
};
