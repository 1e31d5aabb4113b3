import path from 'node:path';

/** package.json "imports": `#client/x` is `client/x`, and so on (decision 045). */
const SUBPATHS = { '#client/': 'client/', '#server/': 'server/', '#shared/': 'shared/' };

/**
 * A feature is imported from outside only through its public entry, `<root>/<feature>/index.ts`
 * (decisions 012 and 045). Inside a feature anything goes. Exceptions: code outside every feature
 * (the app) may load a feature's screen by dynamic import, which is what makes it a lazy chunk
 * (`screens`); and with `foreignKeys`, a table file may import another area's table file for its
 * foreign keys (`references()` is schema, not a read). A repository reads another area's tables
 * only through what that area's index.ts exports for it (decision 045).
 * Paths are resolved, relative or `#client/`, `#server/`, `#shared/`, so the rule holds whatever
 * the depth of the importing file.
 */
export const featureBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Import another feature only through its public entry file (index.ts).' },
    schema: [
      {
        type: 'object',
        properties: { root: { type: 'string' }, screens: { type: 'string' }, foreignKeys: { type: 'boolean' } },
        required: ['root'],
        additionalProperties: false,
      },
    ],
    messages: {
      internal: "'{{source}}' reaches into the {{feature}} feature: import '{{entry}}' (its public entry) instead.",
    },
  },
  create(context) {
    const { root, screens, foreignKeys } = context.options[0];
    const rootDir = path.resolve(context.cwd, root);
    const screenPattern = screens ? new RegExp(screens) : null;
    const own = featureOf(context.filename, rootDir);

    function check(node, dynamic) {
      if (!node || node.type !== 'Literal' || typeof node.value !== 'string') return;
      const target = resolve(node.value, context.filename, context.cwd);
      if (!target) return;
      const feature = featureOf(target, rootDir);
      if (!feature || feature.name === own?.name) return;
      const rest = feature.rest.replace(/\.(ts|tsx|js)$/, '');
      if (rest === '' || rest === 'index') return;
      if (dynamic && !own && screenPattern?.test(rest)) return;
      if (foreignKeys && rest.endsWith('.table') && context.filename.endsWith('.table.ts')) return;
      const entryDir = path.join(rootDir, feature.name);
      const relative = path.relative(path.dirname(context.filename), entryDir);
      const entry = node.value.startsWith('#')
        ? `#${path.relative(context.cwd, entryDir)}`
        : relative.startsWith('.')
          ? relative
          : `./${relative}`;
      context.report({ node, messageId: 'internal', data: { source: node.value, feature: feature.name, entry } });
    }

    return {
      ImportDeclaration: (node) => check(node.source, false),
      ExportNamedDeclaration: (node) => check(node.source, false),
      ExportAllDeclaration: (node) => check(node.source, false),
      ImportExpression: (node) => check(node.source, true),
    };
  },
};

/** The file an import names, or null for a package. */
function resolve(source, filename, cwd) {
  if (source.startsWith('.')) return path.resolve(path.dirname(filename), source);
  const prefix = Object.keys(SUBPATHS).find((p) => source.startsWith(p));
  return prefix ? path.resolve(cwd, SUBPATHS[prefix] + source.slice(prefix.length)) : null;
}

/** The feature a path lies in, and the rest of the path inside it; null outside every feature. */
function featureOf(file, rootDir) {
  const relative = path.relative(rootDir, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  const [name, ...rest] = relative.split(path.sep);
  return name ? { name, rest: rest.join('/') } : null;
}
