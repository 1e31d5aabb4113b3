import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { VC_JWT_TYPE, ZRevokeCredentialInput } from '#shared/credentials/credentials.schemas';
import type { AllServices } from '#server/platform/module';
import { noContent } from '#server/plugins/api-operations';
import { currentUser, openToAll, requireAdmin } from '#server/plugins/session';

const ZJson = z.record(z.string(), z.unknown());
/** A credential in either of its forms, by the request's Accept header. */
const credentialAnswer = (description: string) => ({
  description,
  content: { 'application/json': { schema: ZJson }, [VC_JWT_TYPE]: { schema: z.string() } },
});
const wantsJwt = (request: FastifyRequest) => (request.headers.accept ?? '').includes(VC_JWT_TYPE);

/**
 * Public by design (decision 073): a credential, its status list and the issuer's key are for
 * anyone to verify, signed in or not. Revocation is an admin's, with a reason.
 */
export async function credentialsRoutes(root: FastifyInstance, { credentials }: Pick<AllServices, 'credentials'>) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['credentials'];

  app.get(
    '/.well-known/jwks.json',
    { preHandler: openToAll, schema: { tags, summary: "The issuer's public keys (JWKS)", response: { 200: ZJson } } },
    async (_request, reply) => reply.header('cache-control', 'public, max-age=3600').send(await credentials.jwks()),
  );

  app.get(
    '/.well-known/did.json',
    {
      preHandler: openToAll,
      schema: {
        tags,
        summary: "The issuer's did:web document",
        response: {
          200: { description: 'The DID document.', content: { 'application/did+json': { schema: z.string() } } },
        },
      },
    },
    async (_request, reply) =>
      reply
        .header('cache-control', 'public, max-age=3600')
        .type('application/did+json')
        .send(JSON.stringify(await credentials.didDocument())),
  );

  app.get(
    '/api/credentials/status/:list',
    {
      preHandler: openToAll,
      schema: {
        tags,
        summary: 'A revocation status list (Bitstring Status List credential)',
        params: z.object({ list: z.coerce.number().int().min(1).max(1_000_000) }),
        response: { 200: credentialAnswer('The status list, as JSON or as a VC-JWT.') },
      },
    },
    async (request, reply) => {
      // Fetched afresh each time: a revocation must show at the next check (the list is a few hundred bytes gzipped).
      reply.header('cache-control', 'no-cache').header('vary', 'Accept');
      if (wantsJwt(request))
        return reply.type(VC_JWT_TYPE).send(await credentials.statusList(request.params.list, 'jwt'));
      return reply
        .type('application/json')
        .send(JSON.stringify(await credentials.statusList(request.params.list, 'json')));
    },
  );

  app.get(
    '/api/credentials/:id',
    {
      preHandler: openToAll,
      schema: {
        tags,
        summary: 'An Open Badges 3.0 credential',
        // Any string: a malformed id is a credential that does not exist (404), not bad input.
        params: z.object({ id: z.string().max(60) }),
        response: { 200: credentialAnswer('The credential (JSON, with `revoked` when it is), or its VC-JWT.') },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-cache').header('vary', 'Accept');
      if (wantsJwt(request)) return reply.type(VC_JWT_TYPE).send(await credentials.jwt(request.params.id));
      return reply.type('application/json').send(JSON.stringify(await credentials.document(request.params.id)));
    },
  );

  app.post(
    '/api/admin/credentials/:id/revoke',
    {
      preHandler: requireAdmin,
      config: { answers: [409] },
      schema: {
        tags: ['admin', ...tags],
        params: z.object({ id: z.string().max(60) }),
        body: ZRevokeCredentialInput,
        response: { 204: noContent('Revoked: its bit is set in the status list.') },
      },
    },
    async (request, reply) => {
      await credentials.revokeByAdmin(currentUser(request), request.params.id, request.body.reason);
      return reply.status(204).send();
    },
  );
}
