/**
 * The one markup rule of admin templates (issue 12): what a visitor typed
 * (rsvp.*) is printed HTML-escaped, never with `{{{ }}}` or `{{& }}`. Decided
 * on the Handlebars syntax tree, so spacing, `this.`, `../`, `@root.`,
 * `[rsvp]`, `lookup`, `#with rsvp`, `#each .` and block params are all seen for what they are.
 */
import Handlebars from 'handlebars';

/** The context key of the values visitors typed. */
const VISITOR_ROOT = 'rsvp';
/** The built-in blocks that make their argument the context of their body. */
const CONTEXT_BLOCKS = new Set(['with', 'each']);

type Node = hbs.AST.Node;
type Expression = hbs.AST.Expression;

interface Scope {
  /** Inside `{{#with rsvp}}`/`{{#each rsvp}}`: `this` is visitor data. */
  visitorContext: boolean;
  /** Block params bound to visitor data (`{{#with rsvp as |r|}}`). */
  visitorNames: ReadonlySet<string>;
}

function pathHead(path: hbs.AST.PathExpression): string | undefined {
  const parts = path.parts;
  // `@root.rsvp.name` reads the top context: its first part after `root` names the value.
  return path.data && parts[0] === 'root' ? parts[1] : parts[0];
}

function refersToVisitor(expression: Expression | undefined, scope: Scope): boolean {
  if (!expression) return false;
  if (expression.type === 'PathExpression') {
    const path = expression as hbs.AST.PathExpression;
    const head = pathHead(path);
    if (head === VISITOR_ROOT) return true;
    // A block param is a path's first part only without `this.`/`../` before it.
    return !path.data && path.depth === 0 && !/^(this|\.)/.test(path.original) && head !== undefined && scope.visitorNames.has(head);
  }
  if (expression.type === 'SubExpression') {
    const sub = expression as hbs.AST.SubExpression;
    return callRefersToVisitor(sub.path, sub.params, sub.hash, scope);
  }
  return false;
}

/** `lookup x "rsvp"` names the visitor data by a string. */
function looksUpVisitor(path: Expression, params: Expression[]): boolean {
  const isLookup = path.type === 'PathExpression' && (path as hbs.AST.PathExpression).original === 'lookup';
  return isLookup && params.some((param) => param.type === 'StringLiteral' && (param as hbs.AST.StringLiteral).value === VISITOR_ROOT);
}

/** `this`, `.`, `..` or `@root`: a context that may hold the visitor data among its keys. */
function isWholeContext(expression: Expression | undefined): boolean {
  return expression?.type === 'PathExpression' && pathHead(expression as hbs.AST.PathExpression) === undefined;
}

function callRefersToVisitor(path: Expression, params: Expression[], hash: hbs.AST.Hash | undefined, scope: Scope): boolean {
  return (
    looksUpVisitor(path, params) ||
    refersToVisitor(path, scope) ||
    params.some((param) => refersToVisitor(param, scope)) ||
    (hash?.pairs ?? []).some((pair) => refersToVisitor(pair.value, scope))
  );
}

/** The line of the first unescaped print of visitor data, or null when there is none. */
export function firstUnescapedVisitorValue(source: string): number | null {
  const found: number[] = [];
  const walk = (node: Node | undefined | null, scope: Scope) => {
    if (!node) return;
    switch (node.type) {
      case 'Program':
        for (const statement of (node as hbs.AST.Program).body) walk(statement, scope);
        return;
      case 'MustacheStatement': {
        const mustache = node as hbs.AST.MustacheStatement;
        if (!mustache.escaped && (scope.visitorContext || callRefersToVisitor(mustache.path, mustache.params, mustache.hash, scope))) {
          found.push(mustache.loc.start.line);
        }
        return;
      }
      case 'BlockStatement': {
        const block = node as hbs.AST.BlockStatement;
        const name = block.path.type === 'PathExpression' ? (block.path as hbs.AST.PathExpression).original : '';
        // `{{#each .}}` walks every top-level value, the visitor data among them.
        const takesVisitorData =
          callRefersToVisitor(block.path, block.params, block.hash, scope) || (CONTEXT_BLOCKS.has(name) && isWholeContext(block.params[0]));
        const inner: Scope = {
          visitorContext: scope.visitorContext || (takesVisitorData && CONTEXT_BLOCKS.has(name)),
          visitorNames: takesVisitorData
            ? new Set([...scope.visitorNames, ...(block.program?.blockParams ?? [])])
            : scope.visitorNames,
        };
        walk(block.program, inner);
        // `{{else}}` of `#with`/`#each` runs in the outer context.
        walk(block.inverse, scope);
        return;
      }
      default:
        return;
    }
  };
  walk(Handlebars.parse(source), { visitorContext: false, visitorNames: new Set() });
  return found.length ? Math.min(...found) : null;
}

/** Whether the template prints (or otherwise reads) `dotted`, e.g. 'invite.url', anywhere. */
export function readsPath(source: string, dotted: string): boolean {
  let found = false;
  const visit = (node: unknown) => {
    if (found || !node || typeof node !== 'object') return;
    const candidate = node as { type?: string };
    if (candidate.type === 'PathExpression') {
      const path = node as hbs.AST.PathExpression;
      const parts = path.data && path.parts[0] === 'root' ? path.parts.slice(1) : path.parts;
      if (parts.join('.') === dotted) found = true;
      return;
    }
    for (const value of Object.values(node)) {
      if (Array.isArray(value)) value.forEach(visit);
      else if (value && typeof value === 'object' && 'type' in value) visit(value);
    }
  };
  visit(Handlebars.parse(source));
  return found;
}
