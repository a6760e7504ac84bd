import type { JSONSchemaType } from 'ajv';
import { VIEW_TYPES } from './types';
import { VALUE_CHECK_NAMES } from './value-checks';

const NAME = '^[a-z][a-zA-Z0-9]{0,63}$';
const TABLE = '^[a-z][a-z0-9_]{0,63}$';
const STATE = '^[a-zA-Z0-9_]{1,32}$';
const INITIAL_QUERY = { type: 'object', propertyNames: { pattern: NAME }, additionalProperties: { type: 'string', maxLength: 200 } };
const ACTION_WHEN = {
  type: 'object', additionalProperties: false, required: ['field', 'in'],
  properties: {
    field: { type: 'string', pattern: NAME, description: 'The row\'s field whose value decides.' },
    in: { type: 'array', items: { type: ['string', 'number'] }, description: 'The values for which it holds.' },
  },
};

/** A condition on one field's value (linkage.ts), shared by linkage rules and row marks. */
const CONDITION = {
  type: 'object', additionalProperties: false, required: ['field', 'op'],
  properties: {
    field: { type: 'string', pattern: NAME, description: 'The field whose value is tested.' },
    op: { enum: ['eq', 'ne', 'in', 'notIn', 'empty', 'notEmpty', 'gt', 'ge', 'lt', 'le'], description: 'How the value is compared: equal, not equal, in or not in a list, empty, not empty, or ordered (gt, ge, lt, le: number, date and time fields only).' },
    value: { type: ['string', 'number', 'boolean', 'array'], items: { type: ['string', 'number', 'boolean'] }, maxItems: 200, description: 'A scalar for eq/ne/gt/ge/lt/le, a list for in/notIn, nothing for empty/notEmpty. Row marks may compare with `$today` and `$now`.' },
  },
};
/** Who a transition tells (workflow.ts NotifyTarget): the owner, a user field's account, a role's holders. */
const NOTIFY_TARGET = {
  anyOf: [
    { const: 'owner' },
    { type: 'object', additionalProperties: false, required: ['field'], properties: { field: { type: 'string', pattern: NAME, description: 'A user field of the row: the accounts it names.' } } },
    { type: 'object', additionalProperties: false, required: ['role'], properties: { role: { type: 'string', pattern: '^[a-zA-Z0-9_]{1,64}$', description: 'A role code: every holder of the role.' } } },
  ],
};
const COLUMN_TYPES = ['string', 'text', 'int', 'long', 'double', 'decimal', 'date', 'datetime', 'time', 'boolean', 'blob'];
export const VIEWS: string[] = [...VIEW_TYPES];

/** JSON Schema of a page schema: every schema file is checked against it at load. */
export const pageMetaSchema = {
  $id: 'page-schema',
  type: 'object',
  additionalProperties: false,
  required: ['code', 'title', 'table', 'api', 'fields'],
  properties: {
    $schema: { type: 'string', description: 'The path of a JSON Schema for editors; ignored by the engine.' },
    code: { type: 'string', pattern: '^[a-zA-Z][a-zA-Z0-9_]{0,63}$', description: 'The page\'s unique code (an online form\'s table code).' },
    title: { type: 'string', minLength: 1, maxLength: 100, description: 'The page\'s name, as its menu and exports show it.' },
    record: {
      description: 'How one row is named to people: notices read 项目「城市内涝预警」已通过, not the page\'s name.',
      type: 'object', additionalProperties: false, required: ['noun', 'title'],
      properties: {
        noun: { type: 'string', minLength: 1, maxLength: 10, description: 'What one row is called (项目).' },
        title: { type: 'string', pattern: NAME, description: 'The field holding a row\'s title.' },
      },
    },
    table: { type: 'string', pattern: TABLE, description: 'The database table; created or extended at start, never dropped.' },
    api: { type: 'string', pattern: '^(/[a-zA-Z][a-zA-Z0-9_]*)+$', description: 'Base path of the JeecgBoot CRUD API (`/sys/position`): list, queryById, add, edit, delete, deleteBatch, exportXls, importExcel.' },
    permission: { type: 'string', pattern: '^[a-zA-Z][a-zA-Z0-9_:]*$', description: 'Button-code prefix: the buttons are `<permission>:add|edit|delete|export|import`, a transition\'s `<permission>:<name>`.' },
    kind: { enum: ['single', 'tree', 'main', 'sub'], default: 'single', description: 'A plain list, a tree (`tree`), a main page with sub tables (`subTables`), or a sub page (`main`).' },
    version: { type: 'integer', minimum: 1, description: 'A revision number for the file\'s authors; the engine does not read it.' },
    personal: { type: 'boolean', default: false, description: 'The rows as a whole are personal data: every column counts as a `personal` field.' },
    tree: {
      description: 'The tree\'s columns, for `kind: "tree"`: roots first, children loaded on expand.',
      type: 'object', additionalProperties: false, required: ['pidField', 'hasChildField', 'textField'],
      properties: {
        pidField: { type: 'string', pattern: NAME, description: 'The column holding the parent row\'s id.' },
        hasChildField: { type: 'string', pattern: NAME, description: 'The column the engine keeps saying whether the row has children.' },
        textField: { type: 'string', pattern: NAME, description: 'The column shown as the node\'s text.' },
      },
    },
    subTables: {
      description: 'Of a main page: its sub pages, edited inline and saved with the main row in one transaction.',
      type: 'array',
      items: {
        type: 'object', additionalProperties: false, required: ['code', 'foreignKey'],
        properties: {
          code: { type: 'string', description: 'The sub page\'s schema code.' },
          foreignKey: { type: 'string', pattern: NAME, description: 'The sub table\'s column holding the main row\'s id.' },
          display: { enum: ['table', 'tabs'], default: 'table', description: 'Shown as an editable table or as tabs.' },
        },
      },
    },
    main: {
      description: 'Of a sub page: the main table it belongs to; the main\'s `subTables` are derived from it.',
      type: 'object', additionalProperties: false, required: ['table', 'foreignKey'],
      properties: {
        table: { type: 'string', pattern: TABLE, description: 'The main page\'s table.' },
        foreignKey: { type: 'string', pattern: NAME, description: 'This table\'s column holding the main row\'s id.' },
        display: { enum: ['table', 'tabs'], default: 'table', description: 'Shown in the main form as an editable table or as tabs.' },
      },
    },
    component: { type: 'string', pattern: '^[a-zA-Z][a-zA-Z0-9_/]*$', description: 'The menu component this schema draws (`system/SysPositionList`): a schema file plus a menu row is a page.' },
    views: {
      description: 'More pages over the same rows (我的项目, 项目审核), each its own menu component: same API, permissions, workflow and row rules.',
      type: 'array', maxItems: 10,
      items: {
        type: 'object', additionalProperties: false, required: ['component', 'title'],
        properties: {
          component: { type: 'string', pattern: '^[a-zA-Z][a-zA-Z0-9_/]*$', description: 'The view\'s menu component.' },
          title: { type: 'string', minLength: 1, maxLength: 100, description: 'The view\'s name.' },
          features: {
            description: 'The engine buttons the view offers; the page\'s `features` when absent.',
            type: 'object', additionalProperties: false,
            properties: Object.fromEntries(['add', 'edit', 'delete', 'export', 'import', 'detail'].map((k) => [k, { type: 'boolean', default: true, description: `The engine's ${k} button.` }])),
          },
          query: { ...INITIAL_QUERY, description: 'The query bar\'s values when the view opens (项目审核 opens on 已提交); the page\'s `initialQuery` when absent.' },
        },
      },
    },
    initialQuery: { ...INITIAL_QUERY, description: 'The query bar\'s values when the page opens, by field; the user may change them.' },
    count: {
      description: 'How the list\'s total is counted: `"exact"` always counts; otherwise exactly up to `exactUpTo` matches, past that the database\'s estimate (shown as 约 N 条).',
      oneOf: [
        { const: 'exact' },
        { type: 'object', additionalProperties: false, required: ['exactUpTo'], properties: { exactUpTo: { type: 'integer', minimum: 100, maximum: 10000000, default: 10000, description: 'The most matches counted exactly.' } } },
      ],
    },
    indexes: {
      description: 'Indexes over several columns (a filter and the sort after it); one column says `index` or `unique` on its field.',
      type: 'array',
      items: {
        type: 'object', additionalProperties: false, required: ['columns'],
        properties: {
          columns: { type: 'array', minItems: 2, maxItems: 8, items: { type: 'string', pattern: NAME }, description: 'The indexed columns, in order.' },
          unique: { type: 'boolean', default: false, description: 'A unique index.' },
        },
      },
    },
    features: {
      description: 'Which of the engine\'s own buttons the page offers (a missing key is offered).',
      type: 'object', additionalProperties: false,
      properties: Object.fromEntries(['add', 'edit', 'delete', 'export', 'import', 'detail'].map((k) => [k, { type: 'boolean', default: true, description: `The engine's ${k} button.` }])),
    },
    detailPanel: { type: 'string', pattern: '^[A-Za-z][A-Za-z0-9]*$', description: 'A web panel drawn under the detail form, given the row (a job\'s run log).' },
    actions: {
      description: 'Buttons the engine does not know: a request to the page\'s server module, or a web panel.',
      type: 'array',
      items: {
        type: 'object', additionalProperties: false, required: ['key', 'label', 'place'],
        properties: {
          key: { type: 'string', pattern: '^[a-zA-Z][a-zA-Z0-9_]*$', description: 'The action\'s key, unique on the page.' },
          label: { type: 'string', minLength: 1, maxLength: 20, description: 'The button\'s text.' },
          place: { enum: ['row', 'toolbar'], description: 'On each row, or in the toolbar (acting on the selected rows).' },
          request: {
            description: 'The request the button sends. Values are data, never evaluated: `$<field>` is the row\'s value, `$ids` the selected ids joined by commas.',
            type: 'object', additionalProperties: false, required: ['method', 'url'],
            properties: {
              method: { enum: ['get', 'post', 'put', 'delete'], description: 'The HTTP method.' },
              url: { type: 'string', pattern: '^(/[a-zA-Z0-9_]+)+$', description: 'The path, under the API root.' },
              params: { type: 'object', additionalProperties: { type: ['string', 'number', 'boolean'] }, description: 'Query parameters.' },
              body: { type: 'object', additionalProperties: { type: ['string', 'number', 'boolean'] }, description: 'JSON body values.' },
              override: {
                description: 'What a person may do when the server refuses for the rows\' state (409): the refusal is shown with this button, which sends the request again with these body values (强制公示).',
                type: 'object', additionalProperties: false, required: ['label', 'body'],
                properties: {
                  label: { type: 'string', minLength: 1, maxLength: 20, description: 'The button\'s text.' },
                  body: { type: 'object', minProperties: 1, additionalProperties: { type: ['string', 'number', 'boolean'] }, description: 'Body values added to the request sent again (`{ "force": true }`).' },
                },
              },
            },
          },
          panel: { type: 'string', pattern: '^[A-Za-z][A-Za-z0-9]*$', description: 'A panel registered by the web app (`RolePermission`), opened with the row.' },
          confirm: { type: 'string', description: 'A question asked before the request is sent.' },
          permission: { type: 'string', pattern: '^[a-zA-Z][a-zA-Z0-9_:]*$', description: 'The button code the user must hold; checked by the server and by the web app.' },
          when: { anyOf: [ACTION_WHEN, { type: 'array', minItems: 1, items: ACTION_WHEN }], description: 'A row action shows only while the row\'s field holds one of the values (a list: while every one holds).' },
          danger: { type: 'boolean', default: false, description: 'Drawn as a dangerous button.' },
          inline: { type: 'boolean', default: false, description: 'A row action shown beside 编辑 rather than under 更多 (the page\'s main errand).' },
          primary: { type: 'boolean', default: false, description: 'A toolbar action drawn as the page\'s main button, first in the toolbar (新增表单 where the engine\'s 新增 is off).' },
        },
      },
    },
    linkage: {
      description: 'One field\'s state following another\'s value, enforced by the form and the server alike.',
      type: 'array',
      maxItems: 100,
      items: {
        type: 'object', additionalProperties: false, required: ['when', 'then'],
        properties: {
          when: { ...CONDITION, description: 'The condition on the other field.' },
          then: {
            description: 'What happens to the field while the condition holds.',
            type: 'object', additionalProperties: false, required: ['field', 'effect'],
            properties: {
              field: { type: 'string', pattern: NAME, description: 'The field affected.' },
              effect: { enum: ['show', 'hide', 'require', 'disable', 'options'], description: 'Shown, hidden, required, disabled, or its dictionary narrowed to `options`.' },
              options: { type: 'array', maxItems: 200, items: { type: 'string', maxLength: 100 }, description: 'For `options`: the dictionary values left to choose.' },
            },
          },
        },
      },
    },
    crossChecks: {
      description: 'One field ordered against another (an end not before its start), checked by the server and the form alike.',
      type: 'array',
      maxItems: 50,
      items: {
        type: 'object', additionalProperties: false, required: ['field', 'op', 'than'],
        properties: {
          field: { type: 'string', pattern: NAME, description: 'The field checked.' },
          op: { enum: ['gt', 'ge', 'lt', 'le'], description: 'How it must compare with the other: greater, greater or equal, less, less or equal.' },
          than: { type: 'string', pattern: NAME, description: 'The field it is compared with.' },
          message: { type: 'string', minLength: 1, maxLength: 200, description: 'The message shown when the check fails; a generated one when absent.' },
        },
      },
    },
    sumChecks: {
      description: 'Numeric fields whose values must add up to a total (weights making 100), checked by the server and shown by the form with the running sum.',
      type: 'array',
      maxItems: 20,
      items: {
        type: 'object', additionalProperties: false, required: ['fields', 'equals', 'label'],
        properties: {
          fields: { type: 'array', minItems: 2, maxItems: 20, uniqueItems: true, items: { type: 'string', pattern: NAME }, description: 'The numeric fields summed, in form order; the last shows the message.' },
          equals: { type: 'number', description: 'The total they must make.' },
          label: { type: 'string', minLength: 1, maxLength: 40, description: 'What the sum is called in the message (各类评价人权重).' },
          unit: { type: 'string', maxLength: 10, description: 'Written after each figure in the message (%).' },
        },
      },
    },
    workflow: {
      description: 'The states the rows move through and the transitions that move them; a state changes only on the server, kept in history.',
      type: 'object', additionalProperties: false, required: ['field', 'initial', 'transitions'],
      properties: {
        field: { type: 'string', pattern: NAME, description: 'The column holding the state (`form: false`); its dictionary names the states.' },
        initial: { type: 'string', pattern: STATE, description: 'The state a new row starts in.' },
        editable: { type: 'array', items: { type: 'string', pattern: STATE }, description: 'States in which rows may still be edited or deleted; all when absent.' },
        transitions: {
          description: 'The transitions, in the order their buttons show.',
          type: 'array', minItems: 1, maxItems: 50,
          items: {
            type: 'object', additionalProperties: false, required: ['name', 'label', 'from', 'to'],
            properties: {
              name: { type: 'string', pattern: '^[a-zA-Z][a-zA-Z0-9_]{0,31}$', description: 'The transition\'s name, sent as `transition` to `<api>/transition`.' },
              label: { type: 'string', minLength: 1, maxLength: 20, description: 'The button\'s text.' },
              from: { type: 'array', minItems: 1, items: { type: 'string', pattern: STATE }, description: 'The states a row may be in for it to fire.' },
              to: { type: 'string', pattern: STATE, description: 'The state it moves the row to.' },
              permission: { type: 'string', pattern: '^[a-zA-Z][a-zA-Z0-9_:]*$', description: 'The button code the user must hold; `<page permission>:<name>` when absent.' },
              opinion: { enum: ['required', 'optional'], description: 'Whether the user writes an opinion (意见); not asked when absent.' },
              stamp: { type: 'object', propertyNames: { pattern: NAME }, additionalProperties: { enum: ['now', 'user', 'opinion'] }, description: 'Fields written as it fires, by field: the time, the user\'s account, or the opinion.' },
              notify: {
                description: 'Who is told, by a system message naming and linking the row: `"owner"` (the creator), `{ "field" }`, `{ "role" }`, or a list of these.',
                anyOf: [
                  NOTIFY_TARGET,
                  { type: 'array', minItems: 1, maxItems: 5, items: NOTIFY_TARGET },
                ],
              },
              confirm: { type: 'string', maxLength: 200, description: 'A question asked before firing (when no opinion is asked).' },
              danger: { type: 'boolean', default: false, description: 'Drawn as a dangerous button.' },
              batch: { type: 'boolean', default: false, description: 'Offered on the selected rows too, with one opinion for all.' },
              panelOnly: { type: 'boolean', default: false, description: 'Fired only from the page\'s own panel (a scoring sheet submits itself): never a row, batch or 详情 button.' },
              form: { type: 'boolean', default: false, description: 'Offered in the add and edit forms: the form saves the row and fires the transition in one request (提交申报). Only without an opinion.' },
              todo: {
                description: 'The rows waiting for it are someone\'s work, listed on their 工作台 under this label: for whoever may fire it, or only the users `for` names.',
                anyOf: [
                  { type: 'string', minLength: 1, maxLength: 20 },
                  {
                    type: 'object', additionalProperties: false, required: ['label'],
                    properties: {
                      label: { type: 'string', minLength: 1, maxLength: 20, description: 'The 工作台 entry\'s label; transitions with one label make one entry.' },
                      for: { ...NOTIFY_TARGET, description: 'Whose work it is: the owner, the accounts a user field names, or a role\'s holders.' },
                    },
                  },
                ],
              },
            },
          },
        },
      },
    },
    publicFiles: { anyOf: [{ const: true }, ACTION_WHEN], description: 'Whether the files of the page\'s file and image fields are open to anyone with the link: always, or while the holding row\'s field holds one of the values. Without it a file is reached through its record.' },
    rowMarks: {
      description: 'A tag and a tint on list rows whose values meet every condition of a mark (a task 已逾期).',
      type: 'array',
      maxItems: 20,
      items: {
        type: 'object', additionalProperties: false, required: ['label', 'when'],
        properties: {
          label: { type: 'string', minLength: 1, maxLength: 20, description: 'The tag\'s text.' },
          tone: { enum: ['danger', 'warning', 'success', 'info'], default: 'warning', description: 'The tag\'s and the row\'s colour.' },
          when: {
            description: 'Conditions that must all hold.',
            type: 'array', minItems: 1, maxItems: 10,
            items: CONDITION,
          },
        },
      },
    },
    rowRules: {
      description: 'Which rows each role reaches (数据权限) on every data path of the page. A rule\'s conditions hold together, a role\'s rules are alternatives; unlisted roles and the administrator are not restricted.',
      type: 'array', maxItems: 50,
      items: {
        type: 'object', additionalProperties: false, required: ['role'],
        properties: {
          role: { type: 'string', pattern: '^[a-zA-Z0-9_]{1,64}$', description: 'The role code the rule binds.' },
          own: { const: true, description: 'Rows the user created.' },
          field: { type: 'string', pattern: NAME, description: 'Rows whose user field names the user.' },
          via: {
            description: 'Rows linked to the user through a relation table.',
            type: 'object', additionalProperties: false, required: ['table', 'row', 'user'],
            properties: {
              table: { type: 'string', pattern: TABLE, description: 'The relation table.' },
              row: { type: 'string', pattern: NAME, description: 'Its column holding the row\'s id.' },
              user: { type: 'string', pattern: NAME, description: 'Its column holding the user.' },
            },
          },
          department: { const: true, description: 'Rows created in the user\'s department or below it.' },
          states: { type: 'array', minItems: 1, items: { type: 'string', pattern: STATE }, description: 'Rows in one of these workflow states.' },
          reach: { type: 'array', minItems: 1, uniqueItems: true, items: { enum: ['read', 'transition', 'write'] }, default: ['read','transition','write'], description: 'What the rule lets the user do with the rows: read (list, detail, export, history, sub rows, files), fire transitions, write (edit, delete, sub rows).' },
        },
      },
    },
    defaultSort: {
      description: 'The list\'s order when the user has not sorted.',
      type: 'object', additionalProperties: false, required: ['column', 'order'],
      properties: {
        column: { type: 'string', pattern: NAME, description: 'The field sorted by.' },
        order: { enum: ['asc', 'desc'], description: 'Ascending or descending.' },
      },
    },
    fields: {
      description: 'The page\'s fields: its columns (the system columns id, createBy, createTime, updateBy, updateTime, sysOrgCode are added) and virtual fields.',
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['name', 'label', 'type'],
        properties: {
          name: { type: 'string', pattern: NAME, description: 'The field\'s name in camelCase; its column is the snake_case of it.' },
          label: { type: 'string', minLength: 1, maxLength: 100, description: 'The field\'s label in lists, forms, messages and exports.' },
          type: { enum: COLUMN_TYPES, description: 'The column type.' },
          length: { type: 'integer', minimum: 1, maximum: 10000, description: 'Characters of a string (255 when absent), total digits of a decimal (18 when absent).' },
          scale: { type: 'integer', minimum: 0, maximum: 10, description: 'Digits after the point of a decimal (2 when absent) or a double.' },
          nullable: { type: 'boolean', default: true, description: 'Whether the column accepts NULL.' },
          default: { type: ['string', 'number', 'boolean'], description: 'The column\'s default value.' },
          unique: { type: 'boolean', default: false, description: 'Values unique over the table: a unique index, checked by the form on blur and by the server (409).' },
          index: { type: 'boolean', default: false, description: 'An index on the column.' },
          view: { enum: VIEWS, description: 'How the form edits and the list shows it; `list` for a field with a dictionary, `text` otherwise, when absent.' },
          list: { type: 'boolean', default: true, description: 'Shown in the list and exported.' },
          form: { type: 'boolean', default: true, description: 'Shown in the add/edit form and accepted in bodies; a field outside the form is the server\'s to write.' },
          query: { enum: ['single', 'group', false], default: false, description: 'In the query bar: one value, a range (group), or not at all.' },
          dict: {
            description: 'The field\'s dictionary: a `sys_dict` code, or a table with its text and value columns.',
            type: 'object', additionalProperties: false,
            properties: {
              code: { type: 'string', pattern: '^[a-zA-Z0-9_]+$', description: 'A dictionary code of 字典管理.' },
              table: { type: 'string', pattern: TABLE, description: 'A table dictionary\'s table (a declared table, non-sensitive columns only).' },
              text: { type: 'string', pattern: NAME, description: 'The table\'s column shown.' },
              value: { type: 'string', pattern: NAME, description: 'The table\'s column stored.' },
            },
          },
          required: { type: 'boolean', default: false, description: 'A value is required, by the form and the server.' },
          pattern: { type: 'string', description: 'A regular expression the value must match.' },
          patternMessage: { type: 'string', description: 'The message when `pattern` does not match.' },
          min: { type: 'number', description: 'The smallest number allowed.' },
          max: { type: 'number', description: 'The largest number allowed.' },
          checkRule: { type: 'string', description: 'A code of 编码校验规则, asked of the server (`/sys/checkRule/checkByCode`) on blur.' },
          valueCheck: { enum: VALUE_CHECK_NAMES, description: 'A named check beyond a pattern (`creditCode`: the 统一社会信用代码 check character), run by the server and the form alike.' },
          sortable: { type: 'boolean', default: true, description: 'The list may be sorted by it.' },
          search: { type: 'boolean', default: false, description: 'Contains searches (`*x*`) go through the database\'s text index (FTS5 trigram, pg_trgm). A string or text column.' },
          width: { type: 'integer', minimum: 20, maximum: 2000, description: 'The list column\'s width in pixels.' },
          ellipsis: { type: 'boolean', description: 'Long values cut with an ellipsis in the list; on for text and strings over 100 characters when absent.' },
          readonly: { type: 'boolean', default: false, description: 'Shown in the form but not editable.' },
          sensitive: { type: 'boolean', default: false, description: 'Never readable through any generic path (lists, dictionaries, duplicate checks, report SQL).' },
          personal: { type: 'boolean', default: false, description: 'Personal data (a phone, an e-mail): readable only by those who may read the page\'s rows.' },
          extend: {
            type: 'object',
            description: 'Settings of the field\'s view (popup, link_down, pca, sel_user, file…).',
            properties: {
              pcode: { type: 'string', maxLength: 100, description: 'cat_tree: the code of the category whose children are the roots offered (`0` or absent: the top categories).' },
              branchBy: { type: 'string', pattern: NAME, description: 'cat_tree: the root follows another field of the form, on a code dictionary: the options are the subtree of the child of `pcode` named as that field\'s dictionary text (所属领域 follows 赛道). With that field empty the tree is disabled; when it changes, a category outside the new branch is cleared; when no child is so named, the whole `pcode` tree is offered. The server refuses a write whose category lies outside.' },
            },
          },
          virtual: { type: 'boolean', default: false, description: 'Not a column: accepted and validated in add/edit bodies and handed to the page\'s server module (a user\'s roles).' },
          input: { type: 'boolean', default: false, description: 'With `form: false`: written by the page\'s own panel (a scoring sheet\'s scores), so accepted in bodies and checked by the page\'s module.' },
        },
      },
    },
  },
} as const;

export type { JSONSchemaType };
