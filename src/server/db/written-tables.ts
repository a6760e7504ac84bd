import { DeleteQueryNode, InsertQueryNode, TableNode, UpdateQueryNode, type OperationNode } from 'kysely';

export interface Write { kind: 'insert' | 'update' | 'delete'; tables: string[] }

function tableNames(node: OperationNode | undefined): string[] {
  if (!node) return [];
  if (TableNode.is(node)) return [node.table.identifier.name];
  if (node.kind === 'AliasNode') return tableNames((node as unknown as { node: OperationNode }).node);
  return [];
}

/**
 * What a statement built with Kysely writes: its kind and the tables it names (as spelled there,
 * before or after the camel-case plugin). Null for a read, and for raw SQL, which is not parsed.
 */
export function writtenTables(node: OperationNode): Write | null {
  if (UpdateQueryNode.is(node)) return { kind: 'update', tables: tableNames(node.table) };
  if (DeleteQueryNode.is(node)) return { kind: 'delete', tables: node.from.froms.flatMap(tableNames) };
  if (InsertQueryNode.is(node)) return { kind: 'insert', tables: tableNames(node.into) };
  return null;
}
