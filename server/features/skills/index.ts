import { defineModule } from '#server/platform/module';
import { skillsRoutes } from './skills.routes';
import { createSkillsService, type SkillsService } from './skills.service';

declare module '../../platform/module' {
  interface ModuleMap {
    skills: { skills: SkillsService };
  }
}

export const skillsModule = defineModule({
  name: 'skills',
  needs: [],
  about: 'The shared skills vocabulary that profiles, courses, jobs, gigs and mentors link to.',
  build: (p) => ({ skills: createSkillsService({ db: p.db }) }),
  routes: ({ skills }) => [(app) => skillsRoutes(app, { skills })],
});

/* The public surface other areas import (decision 045): everything else in this folder is internal. */
export { type SkillsService } from './skills.service';
export { hasAnySkill, knownSkills, parseSkills, skillNames, skillsHeld, skillsJson } from './skill-sql.repo';
