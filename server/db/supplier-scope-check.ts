/**
 * Finds the statements on supplier-owned tables that do not say whose rows they reach
 * (`ownedBy(table, …)`, supplier-scope.ts). Used by supplier-scope.test.ts over every server file.
 */
import ts from 'typescript';

/** Query-builder methods whose first argument is the table the statement reads or changes. */
const TABLE_METHODS = new Set(['from', 'update', 'delete', 'innerJoin', 'leftJoin', 'rightJoin', 'fullJoin']);

export interface UnscopedStatement {
  line: number;
  table: string;
  text: string;
}

/** The whole chain a call belongs to: `db.select().from(t).where(…).limit(1)` from its `.from(t)`. */
function outermostChain(node: ts.Node): ts.Node {
  let current = node;
  for (;;) {
    const parent = current.parent;
    if (ts.isPropertyAccessExpression(parent) && parent.expression === current) {
      current = parent;
    } else if (ts.isCallExpression(parent) && parent.expression === current) {
      current = parent;
    } else {
      return current;
    }
  }
}

export function findUnscopedStatements(fileName: string, source: string, ownedTables: readonly string[]): UnscopedStatement[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: UnscopedStatement[] = [];
  const visit = (node: ts.Node): void => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      TABLE_METHODS.has(node.expression.name.text) &&
      node.arguments[0] !== undefined &&
      ts.isIdentifier(node.arguments[0]) &&
      ownedTables.includes(node.arguments[0].text)
    ) {
      const table = node.arguments[0].text;
      const chain = outermostChain(node);
      const scoped = new RegExp(`\\bownedBy\\(\\s*${table}\\s*,`);
      if (!scoped.test(chain.getText(file))) {
        found.push({
          line: file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1,
          table,
          text: chain.getText(file).replace(/\s+/g, ' ').slice(0, 160),
        });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}
