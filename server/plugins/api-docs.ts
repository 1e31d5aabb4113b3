import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { documentComponents, documentErrors } from './error-answers';

/** The OpenAPI document of every route registered after it, served at /api/docs. */
export async function registerApiDocs(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: { info: { title: 'Build. Learn. Earn. Thrive. API', version: '0.1.0' } },
    // Every operation's error answers and the shared ErrorBody component (decision 015).
    transform: documentErrors,
    transformObject: documentComponents,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}
