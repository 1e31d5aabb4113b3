import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import ts from 'typescript';
import type { Plugin } from 'vite';

/** A page of the route table and the screen module its `lazy` loads. */
export interface PageRoute {
  /** As react-router matches it: `/courses/course-detail/:courseId`, `*`. */
  path: string;
  /** Absolute paths of the screen's module, after those of the layouts it renders in. */
  modules: string[];
  /** Behind `RequireUser`: a visitor without a session is sent to /auth instead. */
  members: boolean;
}

/** What the server reads (server/plugins/page-preloads.ts): each page's chunks beyond the entry's. */
export interface PagePreload {
  path: string;
  members: boolean;
  files: string[];
}

/** Beside Vite's own manifest: build metadata, not a file any page asks for. */
export const PAGE_PRELOADS_FILE = '.vite/page-preloads.json';

const EXTENSIONS = ['.tsx', '.ts', '/index.tsx', '/index.ts'];

function resolveModule(specifier: string, fromFile: string): string {
  const base = resolve(dirname(fromFile), specifier);
  const found = EXTENSIONS.map((ext) => base + ext).find((file) => existsSync(file));
  if (!found) throw new Error(`${fromFile}: cannot resolve ${specifier}`);
  return found;
}

/** The first `import('…')` inside a node, if any. */
function importIn(node: ts.Node): string | undefined {
  if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
    const [arg] = node.arguments;
    if (arg && ts.isStringLiteral(arg)) return arg.text;
  }
  return ts.forEachChild(node, importIn);
}

function property(object: ts.ObjectLiteralExpression, name: string): ts.Expression | undefined {
  for (const p of object.properties)
    if (ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) && p.name.text === name) return p.initializer;
  return undefined;
}

function joinPath(parent: string, path: string): string {
  if (path.startsWith('/') || path === '*') return path;
  return `${parent.replace(/\/$/, '')}/${path}`;
}

/**
 * The pages of the app's route table (client/app/router.tsx), read from its source: each route
 * object with a `path` (or `index`) and a `lazy` that imports a screen, inline or through a
 * `const` declared above. Nested paths are joined to their parents'; `members` is set under an
 * `element: <RequireUser />`. Reading the table itself keeps one list of pages, the router's.
 */
export function routeModules(source: string, fileName: string): PageRoute[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const named = new Map<string, string>();
  for (const statement of file.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const d of statement.declarationList.declarations) {
      const specifier = d.initializer && ts.isIdentifier(d.name) ? importIn(d.initializer) : undefined;
      if (specifier) named.set((d.name as ts.Identifier).text, specifier);
    }
  }
  // By path: an index route replaces its layout's own entry, with the layout's module kept first.
  const pages = new Map<string, PageRoute>();
  const visit = (node: ts.Node, parent: string, layouts: string[], members: boolean): void => {
    if (!ts.isObjectLiteralExpression(node)) {
      ts.forEachChild(node, (child) => visit(child, parent, layouts, members));
      return;
    }
    const pathNode = property(node, 'path');
    const path = pathNode && ts.isStringLiteral(pathNode) ? joinPath(parent, pathNode.text) : parent;
    const element = property(node, 'element');
    const guarded =
      members ||
      Boolean(element && ts.isJsxSelfClosingElement(element) && element.tagName.getText(file) === 'RequireUser');
    const lazy = property(node, 'lazy');
    const specifier = lazy && (ts.isIdentifier(lazy) ? named.get(lazy.text) : importIn(lazy));
    const modules = specifier ? [...layouts, resolveModule(specifier, fileName)] : layouts;
    if (specifier && (pathNode || property(node, 'index'))) pages.set(path, { path, modules, members: guarded });
    const children = property(node, 'children');
    if (children) visit(children, path, modules, guarded);
  };
  visit(file, '', [], false);
  return [...pages.values()];
}

/**
 * Writes `.vite/page-preloads.json`: for each page of the route table, its screen's chunk and
 * every chunk that one imports statically, less those index.html already preloads. The server
 * names them in the page's head (`<link rel="modulepreload">`), so a first visit downloads the
 * screen alongside the entry instead of after the entry has run (decision 086).
 */
export function pagePreloads(routerFile: string): Plugin {
  let base = '/';
  return {
    name: 'blet-page-preloads',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    generateBundle(_options, bundle) {
      const chunks = new Map<string, { imports: string[]; moduleIds: string[]; isEntry: boolean }>();
      for (const output of Object.values(bundle)) if (output.type === 'chunk') chunks.set(output.fileName, output);
      // Breadth first, so a screen's own chunk is named before the ones it imports.
      const closure = (start: string[]): string[] => {
        const seen = new Set(start);
        const queue = [...start];
        while (queue.length)
          for (const next of chunks.get(queue.shift()!)?.imports ?? []) {
            if (seen.has(next)) continue;
            seen.add(next);
            queue.push(next);
          }
        return [...seen];
      };
      const inEntry = new Set(closure([...chunks].filter(([, c]) => c.isEntry).map(([name]) => name)));
      // The chunk holding the screen: its facade, or a shared chunk it was merged into.
      const byModule = new Map([...chunks].flatMap(([name, c]) => c.moduleIds.map((id) => [id, name] as const)));
      const pages: PagePreload[] = routeModules(readFileSync(routerFile, 'utf8'), routerFile).map((route) => {
        const screens = route.modules.map((id) => {
          const chunk = byModule.get(id);
          if (!chunk) this.error(`page-preloads: no chunk for ${id} (${route.path})`);
          return chunk;
        });
        const files = closure(screens).filter((name) => !inEntry.has(name));
        return { path: route.path, members: route.members, files: files.map((name) => `${base}${name}`) };
      });
      this.emitFile({ type: 'asset', fileName: PAGE_PRELOADS_FILE, source: JSON.stringify(pages) });
    },
  };
}
