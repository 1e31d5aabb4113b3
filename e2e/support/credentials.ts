import type { FastifyInstance } from 'fastify';
import type { PlatformServices } from '#server/app';

/**
 * The verify page's browser test: a skill credential issued as the passport will issue it
 * (`issueSkill`), before the passport exists to earn one through the app.
 */
export function registerE2eCredentials(app: FastifyInstance, services: PlatformServices): void {
  app.post<{ Body: { userId: string } }>('/e2e/credentials/skill', async (request) => {
    const row = await services.credentials.issueSkill({
      userId: request.body.userId,
      skill: { slug: 'react', name: 'React' },
      level: 'proven',
      evidence: [
        {
          name: 'Gig: Shop front for a Lagos fabric seller',
          description: 'Delivered and rated 4.9 by the poster.',
          url: 'https://example.com/gigs/fabric-shop',
          date: '2026-10-14T12:00:00.000Z',
        },
        { name: 'Assignment passed in React for Lagos retail', date: '2026-09-02T12:00:00.000Z' },
      ],
    });
    return { id: row.id };
  });
}
