// The passport feature's public surface: the passport on profiles, the mentor's endorsement form, level badges.
export { PassportView } from './components/passport-view';
export { EndorseSkillForm } from './components/endorse-form';
export { LevelBadge, ProvenSkills } from './components/level-badge';
export { ProvenSkillFilter } from './components/proven-filter';
export { AddSkillsPrompt, MatchSentence } from './components/match-lines';
