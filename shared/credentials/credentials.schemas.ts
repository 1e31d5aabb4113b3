import { z } from 'zod';

/** A skill an achievement is aligned to (the shared vocabulary, decision 017). */
export const ZCredentialAlignment = z.object({ slug: z.string(), name: z.string() });

/** What a credential certifies, copied into it at issue. */
export const ZCredentialAchievement = z.object({
  /** A URI naming the achievement (a course's page, or a tag URI for a skill level). */
  id: z.string(),
  kind: z.enum(['course', 'skill']),
  name: z.string(),
  description: z.string(),
  criteria: z.string(),
  alignment: z.array(ZCredentialAlignment),
  /** The skill level a skill credential states (`proven`, `expert`). */
  level: z.string().optional(),
});
export type TCredentialAchievement = z.infer<typeof ZCredentialAchievement>;

/** One piece of evidence behind a credential: what, when, and where to see it. */
export const ZCredentialEvidence = z.object({
  name: z.string().min(1).max(300),
  description: z.string().max(1000).optional(),
  url: z.string().url().optional(),
  date: z.string().optional(),
});
export type TCredentialEvidence = z.infer<typeof ZCredentialEvidence>;

/** An admin's removal of a credential: the reason goes to the audit log and the credential. */
export const ZRevokeCredentialInput = z.object({
  reason: z.string().trim().min(3, 'Say why, in a few words.').max(500),
});
export type TRevokeCredentialInput = z.infer<typeof ZRevokeCredentialInput>;

/** Media types of a credential: the JSON document, and the signed VC-JWT. */
export const VC_JWT_TYPE = 'application/vc+jwt';

/** The credential as the verify page reads it back from the signed JWT (a subset of Open Badges 3.0). */
export interface TOpenBadgeCredential {
  id: string;
  name: string;
  validFrom: string;
  validUntil?: string;
  issuer: { id: string; name: string; url: string };
  credentialSubject: {
    identifier?: Array<{ identityHash: string }>;
    achievement: {
      id: string;
      name: string;
      description: string;
      achievementType?: string;
      criteria: { narrative: string };
      alignment?: Array<{ targetName: string; targetUrl: string }>;
    };
  };
  evidence?: Array<{ id?: string; name: string; description?: string }>;
  credentialStatus?: { statusListIndex: string; statusListCredential: string };
  revoked?: { at: string; reason: string };
}
