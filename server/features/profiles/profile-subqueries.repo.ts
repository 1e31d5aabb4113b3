import { QueryBuilder } from 'drizzle-orm/pg-core';
import { profiles, userSkills } from './profiles.table';

/*
 * What other areas' statements join of profiles (the talent directory, the job board and match):
 * named subqueries, so that profiles decides which columns leave it and the reader's statement
 * stays one statement.
 */

const qb = new QueryBuilder();

/** What members say about themselves, as a directory lists and searches it, under the name `alias`. */
export function profileSummaries(alias: string) {
  return qb
    .select({
      userId: profiles.userId,
      headline: profiles.headline,
      bio: profiles.bio,
      location: profiles.location,
      searchVector: profiles.searchVector,
    })
    .from(profiles)
    .as(alias);
}

/** The skills members hold, in the order each chose, under the name `alias`: the skills area's link shape. */
export function memberSkills(alias: string) {
  return qb
    .select({ ownerId: userSkills.ownerId, skillId: userSkills.skillId, position: userSkills.position })
    .from(userSkills)
    .as(alias);
}
