import type { JSONSchemaType } from 'ajv';
import { VALUE_CHECK_NAMES } from './value-checks';

const NAME = '^[a-z][a-zA-Z0-9]{0,63}$';
const TABLE = '^[a-z][a-z0-9_]{0,63}$';
const STATE = '^[a-zA-Z0-9_]{1,32}$';
const INITIAL_QUERY = { type: 'object', propertyNames: { pattern: NAME }, additionalProperties: { type: 'string', maxLength: 200 } };
const ACTION_WHEN = {
  type: 'object', additionalProperties: false, required: ['field', 'in'],
  properties: { field: { type: 'string', pattern: NAME }, in: { type: 'array', items: { type: ['string', 'number'] } } },
};

/** A condition on one field's value (linkage.ts), shared by linkage rules and row marks. */
const CONDITION = {
  type: 'object', additionalProperties: false, required: ['field', 'op'],
  properties: {
    field: { type: 'string', pattern: NAME },
    op: { enum: ['eq', 'ne', 'in', 'notIn', 'empty', 'notEmpty', 'gt', 'ge', 'lt', 'le'] },
    value: { type: ['string', 'number', 'boolean', 'array'], items: { type: ['string', 'number', 'boolean'] }, maxItems: 200 },
  },
};
/** Who a transition tells (workflow.ts NotifyTarget): the owner, a user field's account, a role's holders. */
const NOTIFY_TARGET = {
  anyOf: [
    { const: 'owner' },
    { type: 'object', additionalProperties: false, required: ['field'], properties: { field: { type: 'string', pattern: NAME } } },
    { type: 'object', additionalProperties: false, required: ['role'], properties: { role: { type: 'string', pattern: '^[a-zA-Z0-9_]{1,64}$' } } },
  ],
};
const COLUMN_TYPES = ['string', 'text', 'int', 'long', 'double', 'decimal', 'date', 'datetime', 'time', 'boolean', 'blob'];
export const VIEWS = ['text', 'password', 'textarea', 'number', 'switch', 'date', 'datetime', 'time', 'radio', 'checkbox', 'list',
  'list_multi', 'sel_search', 'sel_tree', 'cat_tree', 'link_down', 'sel_user', 'sel_depart', 'popup', 'pca', 'file', 'image',
  'umeditor', 'markdown', 'hidden'];

/** JSON Schema of a page schema: every schema file is checked against it at load. */
export const pageMetaSchema = {
  $id: 'page-schema',
  type: 'object',
  additionalProperties: false,
  required: ['code', 'title', 'table', 'api', 'fields'],
  properties: {
    $schema: { type: 'string' },
    code: { type: 'string', pattern: '^[a-zA-Z][a-zA-Z0-9_]{0,63}$' },
    title: { type: 'string', minLength: 1, maxLength: 100 },
    record: {
      type: 'object', additionalProperties: false, required: ['noun', 'title'],
      properties: { noun: { type: 'string', minLength: 1, maxLength: 10 }, title: { type: 'string', pattern: NAME } },
    },
    table: { type: 'string', pattern: TABLE },
    api: { type: 'string', pattern: '^(/[a-zA-Z][a-zA-Z0-9_]*)+$' },
    permission: { type: 'string', pattern: '^[a-zA-Z][a-zA-Z0-9_:]*$' },
    kind: { enum: ['single', 'tree', 'main', 'sub'] },
    version: { type: 'integer', minimum: 1 },
    personal: { type: 'boolean' },
    tree: {
      type: 'object', additionalProperties: false, required: ['pidField', 'hasChildField', 'textField'],
      properties: { pidField: { type: 'string', pattern: NAME }, hasChildField: { type: 'string', pattern: NAME }, textField: { type: 'string', pattern: NAME } },
    },
    subTables: {
      type: 'array',
      items: {
        type: 'object', additionalProperties: false, required: ['code', 'foreignKey'],
        properties: { code: { type: 'string' }, foreignKey: { type: 'string', pattern: NAME }, display: { enum: ['table', 'tabs'] } },
      },
    },
    main: {
      type: 'object', additionalProperties: false, required: ['table', 'foreignKey'],
      properties: { table: { type: 'string', pattern: TABLE }, foreignKey: { type: 'string', pattern: NAME }, display: { enum: ['table', 'tabs'] } },
    },
    component: { type: 'string', pattern: '^[a-zA-Z][a-zA-Z0-9_/]*$' },
    views: {
      type: 'array', maxItems: 10,
      items: {
        type: 'object', additionalProperties: false, required: ['component', 'title'],
        properties: {
          component: { type: 'string', pattern: '^[a-zA-Z][a-zA-Z0-9_/]*$' },
          title: { type: 'string', minLength: 1, maxLength: 100 },
          features: {
            type: 'object', additionalProperties: false,
            properties: Object.fromEntries(['add', 'edit', 'delete', 'export', 'import', 'detail'].map((k) => [k, { type: 'boolean' }])),
          },
          query: INITIAL_QUERY,
        },
      },
    },
    initialQuery: INITIAL_QUERY,
    count: {
      oneOf: [
        { const: 'exact' },
        { type: 'object', additionalProperties: false, required: ['exactUpTo'], properties: { exactUpTo: { type: 'integer', minimum: 100, maximum: 10000000 } } },
      ],
    },
    indexes: {
      type: 'array',
      items: {
        type: 'object', additionalProperties: false, required: ['columns'],
        properties: { columns: { type: 'array', minItems: 2, maxItems: 8, items: { type: 'string', pattern: NAME } }, unique: { type: 'boolean' } },
      },
    },
    features: {
      type: 'object', additionalProperties: false,
      properties: Object.fromEntries(['add', 'edit', 'delete', 'export', 'import', 'detail'].map((k) => [k, { type: 'boolean' }])),
    },
    detailPanel: { type: 'string', pattern: '^[A-Za-z][A-Za-z0-9]*$' },
    actions: {
      type: 'array',
      items: {
        type: 'object', additionalProperties: false, required: ['key', 'label', 'place'],
        properties: {
          key: { type: 'string', pattern: '^[a-zA-Z][a-zA-Z0-9_]*$' },
          label: { type: 'string', minLength: 1, maxLength: 20 },
          place: { enum: ['row', 'toolbar'] },
          request: {
            type: 'object', additionalProperties: false, required: ['method', 'url'],
            properties: {
              method: { enum: ['get', 'post', 'put', 'delete'] },
              url: { type: 'string', pattern: '^(/[a-zA-Z0-9_]+)+$' },
              params: { type: 'object', additionalProperties: { type: ['string', 'number', 'boolean'] } },
              body: { type: 'object', additionalProperties: { type: ['string', 'number', 'boolean'] } },
              override: {
                type: 'object', additionalProperties: false, required: ['label', 'body'],
                properties: {
                  label: { type: 'string', minLength: 1, maxLength: 20 },
                  body: { type: 'object', minProperties: 1, additionalProperties: { type: ['string', 'number', 'boolean'] } },
                },
              },
            },
          },
          panel: { type: 'string', pattern: '^[A-Za-z][A-Za-z0-9]*$' },
          confirm: { type: 'string' },
          permission: { type: 'string', pattern: '^[a-zA-Z][a-zA-Z0-9_:]*$' },
          when: { anyOf: [ACTION_WHEN, { type: 'array', minItems: 1, items: ACTION_WHEN }] },
          danger: { type: 'boolean' },
          inline: { type: 'boolean' },
        },
      },
    },
    linkage: {
      type: 'array',
      maxItems: 100,
      items: {
        type: 'object', additionalProperties: false, required: ['when', 'then'],
        properties: {
          when: CONDITION,
          then: {
            type: 'object', additionalProperties: false, required: ['field', 'effect'],
            properties: {
              field: { type: 'string', pattern: NAME },
              effect: { enum: ['show', 'hide', 'require', 'disable', 'options'] },
              options: { type: 'array', maxItems: 200, items: { type: 'string', maxLength: 100 } },
            },
          },
        },
      },
    },
    crossChecks: {
      type: 'array',
      maxItems: 50,
      items: {
        type: 'object', additionalProperties: false, required: ['field', 'op', 'than'],
        properties: {
          field: { type: 'string', pattern: NAME },
          op: { enum: ['gt', 'ge', 'lt', 'le'] },
          than: { type: 'string', pattern: NAME },
          message: { type: 'string', minLength: 1, maxLength: 200 },
        },
      },
    },
    workflow: {
      type: 'object', additionalProperties: false, required: ['field', 'initial', 'transitions'],
      properties: {
        field: { type: 'string', pattern: NAME },
        initial: { type: 'string', pattern: STATE },
        editable: { type: 'array', items: { type: 'string', pattern: STATE } },
        transitions: {
          type: 'array', minItems: 1, maxItems: 50,
          items: {
            type: 'object', additionalProperties: false, required: ['name', 'label', 'from', 'to'],
            properties: {
              name: { type: 'string', pattern: '^[a-zA-Z][a-zA-Z0-9_]{0,31}$' },
              label: { type: 'string', minLength: 1, maxLength: 20 },
              from: { type: 'array', minItems: 1, items: { type: 'string', pattern: STATE } },
              to: { type: 'string', pattern: STATE },
              permission: { type: 'string', pattern: '^[a-zA-Z][a-zA-Z0-9_:]*$' },
              opinion: { enum: ['required', 'optional'] },
              stamp: { type: 'object', propertyNames: { pattern: NAME }, additionalProperties: { enum: ['now', 'user', 'opinion'] } },
              notify: {
                anyOf: [
                  NOTIFY_TARGET,
                  { type: 'array', minItems: 1, maxItems: 5, items: NOTIFY_TARGET },
                ],
              },
              confirm: { type: 'string', maxLength: 200 },
              danger: { type: 'boolean' },
              batch: { type: 'boolean' },
              panelOnly: { type: 'boolean' },
              form: { type: 'boolean' },
              todo: {
                anyOf: [
                  { type: 'string', minLength: 1, maxLength: 20 },
                  {
                    type: 'object', additionalProperties: false, required: ['label'],
                    properties: { label: { type: 'string', minLength: 1, maxLength: 20 }, for: NOTIFY_TARGET },
                  },
                ],
              },
            },
          },
        },
      },
    },
    publicFiles: { anyOf: [{ const: true }, ACTION_WHEN] },
    rowMarks: {
      type: 'array',
      maxItems: 20,
      items: {
        type: 'object', additionalProperties: false, required: ['label', 'when'],
        properties: {
          label: { type: 'string', minLength: 1, maxLength: 20 },
          tone: { enum: ['danger', 'warning', 'success', 'info'] },
          when: {
            type: 'array', minItems: 1, maxItems: 10,
            items: CONDITION,
          },
        },
      },
    },
    rowRules: {
      type: 'array', maxItems: 50,
      items: {
        type: 'object', additionalProperties: false, required: ['role'],
        properties: {
          role: { type: 'string', pattern: '^[a-zA-Z0-9_]{1,64}$' },
          own: { const: true },
          field: { type: 'string', pattern: NAME },
          via: {
            type: 'object', additionalProperties: false, required: ['table', 'row', 'user'],
            properties: { table: { type: 'string', pattern: TABLE }, row: { type: 'string', pattern: NAME }, user: { type: 'string', pattern: NAME } },
          },
          department: { const: true },
          states: { type: 'array', minItems: 1, items: { type: 'string', pattern: STATE } },
          reach: { type: 'array', minItems: 1, uniqueItems: true, items: { enum: ['read', 'transition', 'write'] } },
        },
      },
    },
    defaultSort: {
      type: 'object', additionalProperties: false, required: ['column', 'order'],
      properties: { column: { type: 'string', pattern: NAME }, order: { enum: ['asc', 'desc'] } },
    },
    fields: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['name', 'label', 'type'],
        properties: {
          name: { type: 'string', pattern: NAME },
          label: { type: 'string', minLength: 1, maxLength: 100 },
          type: { enum: COLUMN_TYPES },
          length: { type: 'integer', minimum: 1, maximum: 10000 },
          scale: { type: 'integer', minimum: 0, maximum: 10 },
          nullable: { type: 'boolean' },
          default: { type: ['string', 'number', 'boolean'] },
          unique: { type: 'boolean' },
          index: { type: 'boolean' },
          view: { enum: VIEWS },
          list: { type: 'boolean' },
          form: { type: 'boolean' },
          query: { enum: ['single', 'group', false] },
          dict: {
            type: 'object', additionalProperties: false,
            properties: { code: { type: 'string', pattern: '^[a-zA-Z0-9_]+$' }, table: { type: 'string', pattern: TABLE }, text: { type: 'string', pattern: NAME }, value: { type: 'string', pattern: NAME } },
          },
          required: { type: 'boolean' },
          pattern: { type: 'string' },
          patternMessage: { type: 'string' },
          min: { type: 'number' },
          max: { type: 'number' },
          checkRule: { type: 'string' },
          valueCheck: { enum: VALUE_CHECK_NAMES },
          sortable: { type: 'boolean' },
          search: { type: 'boolean' },
          width: { type: 'integer', minimum: 20, maximum: 2000 },
          ellipsis: { type: 'boolean' },
          readonly: { type: 'boolean' },
          sensitive: { type: 'boolean' },
          personal: { type: 'boolean' },
          extend: { type: 'object' },
          virtual: { type: 'boolean' },
          input: { type: 'boolean' },
        },
      },
    },
  },
} as const;

export type { JSONSchemaType };
