import { defineModule } from '#server/platform/module';
import { skillsRoutes } from './skills.routes';
import { createSkillsService, type SkillLevels, type SkillsService } from './skills.service';

declare module '../../platform/module' {
  interface ModuleMap {
    skills: { skills: SkillsService };
  }
  interface Contributions {
    /** Members' skills at their passport levels (the passport's): proven skills first in lists, the directory's level filter, and where evidence changes. */
    skillLevels?: SkillLevels;
  }
}

export const skillsModule = defineModule({
  name: 'skills',
  needs: [],
  about: 'The shared skills vocabulary that profiles, courses, jobs, gigs and mentors link to.',
  build: (p) => ({ skills: createSkillsService({ db: p.db }) }),
  accepts: { skillLevels: ({ skills }, levels) => skills.useLevels(levels) },
  routes: ({ skills }) => [(app) => skillsRoutes(app, { skills })],
});

/* The public surface other areas import (decision 045): everything else in this folder is internal. */
export { type SkillLevels, type SkillsService } from './skills.service';
export {
  hasAnySkill,
  knownSkills,
  parseSkills,
  skillIdArray,
  skillNames,
  skillsHeld,
  skillsJson,
} from './skill-sql.repo';
