import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * storage.rules, checked WITHOUT the Storage emulator. firebase-tools' Storage emulator evaluates
 * rules in a Java runtime (cloud-storage-rules-runtime-*.jar) that it downloads on first use and
 * that needs Java 21; neither is on this machine (no internet, Java 17), so
 * @firebase/rules-unit-testing cannot run against it here.
 *
 * What is checked instead: the file is read by a strict parser that understands only match blocks
 * and `allow <methods>: if true|false;`, and refuses anything else (a condition on request.auth,
 * a function, a variable), so it never claims to judge rules it does not model. For rules of
 * that form Firebase's semantics are plain: a request is allowed when any allow statement of any
 * match block whose whole path matches the object's path grants its method (read = get + list,
 * write = create + update + delete); {name} matches one segment, {name=**} zero or more.
 * A rule that depends on who asks needs the emulator, and the parser says so.
 */

const RULES_FILE = fileURLToPath(new URL('../../../storage.rules', import.meta.url));

type Method = 'get' | 'list' | 'create' | 'update' | 'delete';
const METHODS: Record<string, Method[]> = {
  read: ['get', 'list'],
  write: ['create', 'update', 'delete'],
  get: ['get'],
  list: ['list'],
  create: ['create'],
  update: ['update'],
  delete: ['delete'],
};

interface Allow {
  methods: Method[];
  granted: boolean;
}
interface MatchBlock {
  /** The whole path, outer blocks' included, split into segments. */
  path: string[];
  allows: Allow[];
}
interface Ruleset {
  version: string;
  service: string;
  blocks: MatchBlock[];
}

class UnmodelledRule extends Error {}

function tokenize(source: string): string[] {
  const withoutComments = source.replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/\/\/[^\n]*/g, ' ');
  // A match path (it starts with /) is one token up to the next blank, braces of its wildcards included.
  return withoutComments.match(/'[^']*'|"[^"]*"|\/\S+|[{};:,=]|[^\s{};:,=]+/g) ?? [];
}

/** Parses the subset described above; throws UnmodelledRule on anything else. */
function parseRules(source: string): Ruleset {
  const tokens = tokenize(source);
  let at = 0;
  const peek = () => tokens[at];
  const next = () => {
    if (at >= tokens.length) throw new UnmodelledRule('unexpected end of the rules');
    return tokens[at++];
  };
  const expectToken = (want: string) => {
    const got = next();
    if (got !== want) throw new UnmodelledRule(`expected ${want} but found ${got}`);
  };

  expectToken('rules_version');
  expectToken('=');
  const version = next().slice(1, -1);
  expectToken(';');
  expectToken('service');
  const service = next();
  expectToken('{');
  const blocks: MatchBlock[] = [];

  function body(prefix: string[], closing: boolean, own: Allow[] | null) {
    while (at < tokens.length && peek() !== '}') {
      const keyword = next();
      if (keyword === 'match') {
        const path = next();
        if (!path.startsWith('/')) throw new UnmodelledRule(`a match path must start with /: ${path}`);
        const segments = [...prefix, ...path.split('/').filter(Boolean)];
        expectToken('{');
        const block: MatchBlock = { path: segments, allows: [] };
        blocks.push(block);
        body(segments, true, block.allows);
      } else if (keyword === 'allow') {
        if (!own) throw new UnmodelledRule('an allow statement outside a match block');
        const methods: Method[] = [];
        for (;;) {
          const name = next();
          if (!METHODS[name]) throw new UnmodelledRule(`unknown method ${name}`);
          methods.push(...METHODS[name]);
          const separator = next();
          if (separator === ':') break;
          if (separator !== ',') throw new UnmodelledRule(`expected , or : after a method, found ${separator}`);
        }
        expectToken('if');
        const condition = next();
        if (condition !== 'true' && condition !== 'false') {
          throw new UnmodelledRule(`the condition "${condition} ..." depends on the request: test these rules on the Storage emulator`);
        }
        expectToken(';');
        own.push({ methods, granted: condition === 'true' });
      } else {
        throw new UnmodelledRule(`"${keyword}" is not modelled (only match and allow ... if true|false are)`);
      }
    }
    if (closing) expectToken('}');
  }

  body([], true, null);
  if (at !== tokens.length) throw new UnmodelledRule(`text after the service block: ${tokens.slice(at).join(' ')}`);
  return { version, service, blocks };
}

/** Whether a match path (segments) matches the whole of `path`, as rules_version 2 matches. */
function matches(pattern: string[], path: string[]): boolean {
  if (pattern.length === 0) return path.length === 0;
  const [head, ...rest] = pattern;
  const wildcard = /^\{([A-Za-z_][A-Za-z0-9_]*)(=\*\*)?\}$/.exec(head);
  if (wildcard?.[2]) {
    if (rest.length > 0) throw new UnmodelledRule(`a recursive wildcard must end the path: ${pattern.join('/')}`);
    return true;
  }
  if (path.length === 0) return false;
  if (head.includes('{') || head.includes('}')) {
    if (!wildcard) throw new UnmodelledRule(`unsupported path segment ${head}`);
  } else if (head !== path[0]) {
    return false;
  }
  return matches(rest, path.slice(1));
}

/** Whether `method` on the object `objectPath` in `bucket` is allowed: any matching allow grants it. */
function allowed(rules: Ruleset, method: Method, objectPath: string, bucket = 'demo-bucket.appspot.com'): boolean {
  const path = ['b', bucket, 'o', ...objectPath.split('/').filter(Boolean)];
  return rules.blocks.some((block) => matches(block.path, path) && block.allows.some((allow) => allow.granted && allow.methods.includes(method)));
}

const WRITES: Method[] = ['create', 'update', 'delete'];

/** Object paths the API writes (files/cloud-storage.ts puts every upload under images/) and others. */
const IMAGE_PATHS = ['images/3f9a.webp', 'images/3f9a-640.webp', 'images/events/e1/hero.jpg', 'images/a/b/c/d.png', 'images/.hidden'];
const OTHER_PATHS = ['private/report.csv', 'x.png', 'imagesx/y.png', 'uploads/images/y.png', 'IMAGES/y.png', 'b/c/o/images/y.png', 'a/b/c/d/e/f.webp'];

describe('the rules model used below (a check of the checker, on rules written for it)', () => {
  it('finds a grant where there is one, with {name} matching one segment and {name=**} any number', () => {
    const rules = parseRules(`rules_version = '2';
      service firebase.storage { match /b/{bucket}/o {
        match /open/{file} { allow write: if true; }
        match /tree/{all=**} { allow get: if true; allow delete: if false; }
      } }`);
    expect(allowed(rules, 'create', 'open/a.png')).toBe(true);
    expect(allowed(rules, 'create', 'open/a/b.png')).toBe(false);
    expect(allowed(rules, 'get', 'open/a.png')).toBe(false);
    expect(allowed(rules, 'get', 'tree/a/b/c.png')).toBe(true);
    expect(allowed(rules, 'get', 'tree')).toBe(true);
    expect(allowed(rules, 'list', 'tree/a')).toBe(false);
    expect(allowed(rules, 'delete', 'tree/a')).toBe(false);
    expect(allowed(rules, 'get', 'treehouse/a')).toBe(false);
  });

  it('any matching block that grants wins over one that refuses', () => {
    const rules = parseRules(`rules_version = '2';
      service firebase.storage { match /b/{bucket}/o {
        match /{all=**} { allow read: if false; }
        match /pub/{all=**} { allow read: if true; }
      } }`);
    expect(allowed(rules, 'get', 'pub/x')).toBe(true);
    expect(allowed(rules, 'get', 'other/x')).toBe(false);
  });

  it('refuses to judge rules that depend on the request, or anything it does not model', () => {
    const head = "rules_version = '2'; service firebase.storage { match /b/{bucket}/o { match /{all=**} {";
    expect(() => parseRules(`${head} allow write: if request.auth != null; } } }`)).toThrow(/Storage emulator/);
    expect(() => parseRules(`${head} allow write: if isAdmin(); } } }`)).toThrow(/Storage emulator/);
    expect(() => parseRules(`${head} function isAdmin() { return true; } } } }`)).toThrow(UnmodelledRule);
    expect(() => parseRules(`${head} allow upload: if true; } } }`)).toThrow(/unknown method/);
  });
});

describe('storage.rules (static check, not the Storage emulator: see the comment at the top)', () => {
  const rules = parseRules(readFileSync(RULES_FILE, 'utf8'));

  it("is a rules_version 2 file for Firebase Storage (v2: {name=**} matches zero or more segments, and list is read's own)", () => {
    expect(rules.version).toBe('2');
    expect(rules.service).toBe('firebase.storage');
    expect(rules.blocks.length).toBeGreaterThan(0);
    for (const block of rules.blocks) expect(block.path.slice(0, 3)).toEqual(['b', '{bucket}', 'o']);
  });

  it('anyone may download a published image, whatever its depth under images/', () => {
    for (const path of IMAGE_PATHS) expect(allowed(rules, 'get', path), path).toBe(true);
  });

  it('read includes list under images/ (the API names images by content; anyone can enumerate them)', () => {
    expect(allowed(rules, 'list', 'images')).toBe(true);
    expect(allowed(rules, 'list', 'images/events/e1')).toBe(true);
  });

  it('nothing outside images/ can be read or listed', () => {
    for (const path of OTHER_PATHS) {
      expect(allowed(rules, 'get', path), path).toBe(false);
      expect(allowed(rules, 'list', path), path).toBe(false);
    }
    expect(allowed(rules, 'list', '')).toBe(false);
  });

  it('no client can upload, overwrite, change the metadata of, or delete anything, anywhere', () => {
    for (const path of [...IMAGE_PATHS, ...OTHER_PATHS, 'images', '']) {
      for (const method of WRITES) expect(allowed(rules, method, path), `${method} ${path}`).toBe(false);
    }
  });

  it('no statement anywhere grants a write (so no path this test did not try could allow one)', () => {
    const grants = rules.blocks.flatMap((block) => block.allows.filter((allow) => allow.granted).map((allow) => ({ path: block.path.join('/'), methods: allow.methods })));
    expect(grants.flatMap((grant) => grant.methods.filter((method) => WRITES.includes(method)))).toEqual([]);
    // The only grant is read under images/.
    expect(grants).toEqual([{ path: 'b/{bucket}/o/images/{allPaths=**}', methods: ['get', 'list'] }]);
  });
});
