import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { describeOperation, SECURITY_SCHEMES } from './api-operations';
import { documentComponents, documentErrors } from './error-answers';

/**
 * The docs page's own policy, on its routes only (issue 25): the app's, with inline styles for
 * Swagger UI's widgets and nothing from other hosts (the plugin's default allows any https
 * font or style and the validator's images).
 */
const DOCS_POLICY = {
  'default-src': "'self'",
  'base-uri': "'self'",
  'font-src': "'self' data:",
  'img-src': "'self' data:",
  'object-src': "'none'",
  'script-src': "'self'",
  'script-src-attr': "'none'",
  'style-src': "'self' 'unsafe-inline'",
  'frame-ancestors': "'none'",
  'form-action': "'self'",
};

/** The OpenAPI document of every route registered after it, served at /api/docs. */
export async function registerApiDocs(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Build. Learn. Earn. Thrive. API', version: '0.1.0' },
      // Relative: the document describes whichever host serves it.
      servers: [{ url: '/', description: 'The host that serves this document' }],
      components: { securitySchemes: SECURITY_SCHEMES },
    },
    // Every operation's name, summary and session (decision 066), its error answers and the
    // shared ErrorBody component (decision 015).
    transform: (input) =>
      documentErrors(
        input.schema && !input.schema.hide
          ? { ...input, schema: describeOperation(input.route, input.schema as Record<string, unknown>) }
          : input,
      ),
    transformObject: documentComponents,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    // Offline: no badge from the public validator, so the page loads nothing from another host.
    uiConfig: { validatorUrl: null },
    staticCSP: DOCS_POLICY,
  });
}
