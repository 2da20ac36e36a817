// A component a page defines itself may be used inside another one it defines above it
// (`export function Later() { return <Note /> }` with `export const Note = …` further down). MDX
// decides what is in scope in the order of the file, so it asks the components provider for
// `Note` there and fails with "Expected component `Note`". The page's own top-level names are
// known once the module has run, whatever their order, so this plugin takes them out of those
// requests and the JSX names the page's own binding.

import type { Node, Pattern, Program, Statement } from 'estree';

const missingReference = '_missingMdxReference';

export function recmaPageDefinedComponents() {
  return (tree: Program) => {
    const own = topLevelNames(tree);
    if (own.size === 0) return;
    for (const statement of tree.body) {
      const declaration = 'declaration' in statement && statement.declaration ? statement.declaration : statement;
      visit(declaration as Node, own);
    }
  };
}

/** Inside functions: drop `X` from `const { X } = _provideComponents() || {}` and its missing-reference check. */
function visit(node: Node, own: Set<string>): void {
  const body = node.type === 'BlockStatement' ? node.body : undefined;
  if (body) {
    for (let index = body.length - 1; index >= 0; index--) {
      if (dropOwnRequests(body[index]!, own)) body.splice(index, 1);
    }
  }
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) {
      for (const item of value) if (isNode(item)) visit(item, own);
    } else if (isNode(value)) visit(value, own);
  }
}

/** Whether the statement has nothing left once the page's own names are taken out of it. */
function dropOwnRequests(statement: Statement, own: Set<string>): boolean {
  if (statement.type === 'IfStatement') {
    const call = statement.consequent.type === 'ExpressionStatement' ? statement.consequent.expression : undefined;
    const checked = statement.test.type === 'UnaryExpression' ? statement.test.argument : undefined;
    return (
      call?.type === 'CallExpression' &&
      call.callee.type === 'Identifier' &&
      call.callee.name === missingReference &&
      checked?.type === 'Identifier' &&
      own.has(checked.name)
    );
  }
  if (statement.type !== 'VariableDeclaration') return false;
  statement.declarations = statement.declarations.filter((declarator) => {
    if (declarator.id.type !== 'ObjectPattern' || !asksProvider(declarator.init)) return true;
    declarator.id.properties = declarator.id.properties.filter(
      (property) =>
        !(
          property.type === 'Property' &&
          property.key.type === 'Identifier' &&
          property.value.type === 'Identifier' &&
          property.value.name === property.key.name &&
          own.has(property.key.name)
        ),
    );
    return declarator.id.properties.length > 0;
  });
  return statement.declarations.length === 0;
}

/** `_provideComponents() || {}`, `_components`, `props.components`: where MDX asks for components. */
function asksProvider(init: Node | null | undefined): boolean {
  if (!init) return false;
  if (init.type === 'LogicalExpression') return asksProvider(init.left);
  if (init.type === 'CallExpression')
    return init.callee.type === 'Identifier' && init.callee.name === '_provideComponents';
  return init.type === 'Identifier' && init.name === '_components';
}

/** The names the module declares at its top level: imports, functions, classes, variables. */
function topLevelNames(program: Program): Set<string> {
  const names = new Set<string>();
  for (const statement of program.body) {
    if (statement.type === 'ImportDeclaration') {
      for (const specifier of statement.specifiers) names.add(specifier.local.name);
      continue;
    }
    const declaration =
      statement.type === 'ExportNamedDeclaration' || statement.type === 'ExportDefaultDeclaration'
        ? statement.declaration
        : statement;
    if (!declaration) continue;
    if ((declaration.type === 'FunctionDeclaration' || declaration.type === 'ClassDeclaration') && declaration.id)
      names.add(declaration.id.name);
    if (declaration.type === 'VariableDeclaration')
      for (const declarator of declaration.declarations) patternNames(declarator.id, names);
  }
  // MDX's own helpers are not the page's components.
  for (const name of [...names]) if (name.startsWith('_')) names.delete(name);
  return names;
}

function patternNames(pattern: Pattern, names: Set<string>): void {
  switch (pattern.type) {
    case 'Identifier':
      names.add(pattern.name);
      break;
    case 'ObjectPattern':
      for (const property of pattern.properties)
        patternNames(property.type === 'RestElement' ? property.argument : property.value, names);
      break;
    case 'ArrayPattern':
      for (const element of pattern.elements) if (element) patternNames(element, names);
      break;
    case 'RestElement':
      patternNames(pattern.argument, names);
      break;
    case 'AssignmentPattern':
      patternNames(pattern.left, names);
      break;
  }
}

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';
}
