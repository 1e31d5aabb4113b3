import { skillLinks } from '#server/features/skills/skill-links.table';
import { courses } from './courses.table';

/** What a course teaches (decision 017), in the order the tutor chose. */
export const courseSkills = skillLinks('course_skills', 'course_id', () => courses.id);
