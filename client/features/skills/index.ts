// The skills feature's public surface: the one typeahead every area picks skills with, and chips to show them.
export { SkillsPicker } from './components/skills-picker';
export { SkillChips } from './components/skill-chips';
