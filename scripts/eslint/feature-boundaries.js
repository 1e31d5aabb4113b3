import path from 'node:path';

/**
 * A feature is imported from outside only through its public entry, `<root>/<feature>/index.ts`
 * (decision 012). Inside a feature anything goes. The one exception: code outside every feature
 * (the app) may load a feature's screen by dynamic import, which is what makes it a lazy chunk.
 * Paths are resolved, so the rule holds whatever the depth of the importing file.
 */
export const featureBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Import another feature only through its public entry file (index.ts).' },
    schema: [
      {
        type: 'object',
        properties: { root: { type: 'string' }, screens: { type: 'string' } },
        required: ['root'],
        additionalProperties: false,
      },
    ],
    messages: {
      internal: "'{{source}}' reaches into the {{feature}} feature: import '{{entry}}' (its public entry) instead.",
    },
  },
  create(context) {
    const { root, screens } = context.options[0];
    const rootDir = path.resolve(context.cwd, root);
    const screenPattern = screens ? new RegExp(screens) : null;
    const own = featureOf(context.filename, rootDir);

    function check(node, dynamic) {
      if (!node || node.type !== 'Literal' || typeof node.value !== 'string' || !node.value.startsWith('.')) return;
      const target = path.resolve(path.dirname(context.filename), node.value);
      const feature = featureOf(target, rootDir);
      if (!feature || feature.name === own?.name) return;
      const rest = feature.rest.replace(/\.(ts|tsx|js)$/, '');
      if (rest === '' || rest === 'index') return;
      if (dynamic && !own && screenPattern?.test(rest)) return;
      const entry = path.relative(path.dirname(context.filename), path.join(rootDir, feature.name));
      context.report({
        node,
        messageId: 'internal',
        data: { source: node.value, feature: feature.name, entry: entry.startsWith('.') ? entry : `./${entry}` },
      });
    }

    return {
      ImportDeclaration: (node) => check(node.source, false),
      ExportNamedDeclaration: (node) => check(node.source, false),
      ExportAllDeclaration: (node) => check(node.source, false),
      ImportExpression: (node) => check(node.source, true),
    };
  },
};

/** The feature a path lies in, and the rest of the path inside it; null outside every feature. */
function featureOf(file, rootDir) {
  const relative = path.relative(rootDir, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  const [name, ...rest] = relative.split(path.sep);
  return name ? { name, rest: rest.join('/') } : null;
}
