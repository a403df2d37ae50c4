/**
 * Rules on the syntax tree of admin templates.
 *
 * The guarantee that what a visitor typed never adds markup does not rest on
 * these rules: every value reaches the HTML template already escaped
 * (render.ts, issue 23 item 6), whatever the template does with it. Here:
 * - `firstRefusedConstruct`: the constructs a template may use (an allowlist;
 *   checked at save, preview and send), so no partial, inline partial or
 *   decorator can add templates, recursion or behaviour of their own;
 * - `firstUnescapedVisitorValue` (issue 12): an early, line-precise hint to the
 *   admin that `{{{rsvp.name}}}` is not the way to print visitor data;
 * - `readsPath`: whether a template prints a value, e.g. the invitation's link.
 */
import Handlebars from 'handlebars';
import { TEMPLATE_ALLOWED_BLOCKS } from '../../shared/email-templates-model.js';

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

/** A construct the e-mail templates do not offer, with its line. */
export interface RefusedConstruct {
  line: number;
  /** How the message names it, e.g. 'A partial ({{> footer}})'. */
  construct: string;
}

const ALLOWED_BLOCKS: ReadonlySet<string> = new Set(TEMPLATE_ALLOWED_BLOCKS);

/** The syntax as a person reads it: `footer` of `{{> footer}}`, `rsvp` of `{{#rsvp}}`. */
function nameOf(expression: Expression | undefined): string {
  if (!expression) return '';
  if (expression.type === 'PathExpression') return (expression as hbs.AST.PathExpression).original;
  if ('value' in expression) return String((expression as hbs.AST.StringLiteral).value);
  return '(...)';
}

function refusal(node: Node): string | null {
  switch (node.type) {
    case 'PartialStatement':
      return `A partial ({{> ${nameOf((node as hbs.AST.PartialStatement).name)}}})`;
    case 'PartialBlockStatement':
      return `A partial block ({{#> ${nameOf((node as hbs.AST.PartialBlockStatement).name)}}})`;
    case 'DecoratorBlock':
    case 'Decorator':
      return `An inline partial or decorator ({{#*${nameOf((node as hbs.AST.Decorator).path)}}})`;
    case 'BlockStatement': {
      const block = node as hbs.AST.BlockStatement;
      const path = block.path as hbs.AST.PathExpression;
      // Only the built-in blocks by their plain name: `{{#rsvp}}` sections and `{{#this.if}}` are refused.
      const plain = path.type === 'PathExpression' && !path.data && path.depth === 0 && path.parts.length === 1 && path.original === path.parts[0];
      if (plain && ALLOWED_BLOCKS.has(path.original)) return null;
      return `The block {{#${nameOf(block.path)}}}`;
    }
    default:
      return null;
  }
}

/**
 * The first construct outside the allowlist: text, comments, `{{value}}`,
 * `{{#if}}`, `{{#unless}}`, `{{#each}}`, `{{#with}}` (with `{{else}}`) and
 * helper calls (only the built-in `lookup` exists; others fail as "Missing
 * helper" when the sample renders). Null when the template keeps to it.
 */
export function firstRefusedConstruct(source: string): RefusedConstruct | null {
  let found: RefusedConstruct | null = null;
  const visit = (node: unknown) => {
    if (!node || typeof node !== 'object') return;
    const candidate = node as Node;
    if (typeof candidate.type === 'string') {
      const construct = refusal(candidate);
      if (construct) {
        const line = candidate.loc?.start.line ?? 1;
        if (!found || line < found.line) found = { line, construct };
        return;
      }
    }
    for (const value of Object.values(node)) {
      if (Array.isArray(value)) value.forEach(visit);
      else if (value && typeof value === 'object' && 'type' in value) visit(value);
    }
  };
  visit(Handlebars.parse(source));
  return found;
}
