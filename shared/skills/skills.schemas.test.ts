import { describe, expect, it } from 'vitest';
import { SKILL_SLUG, ZSkillProposal, ZSkillSlugs, foldSkillText, skillSlug } from './skills.schemas';

describe('skill slugs', () => {
  it.each([
    ['JavaScript', 'javascript'],
    ['Node.js', 'node-js'],
    ['C++', 'c-plus-plus'],
    ['C#', 'c-sharp'],
    ['.NET', 'dot-net'],
    ['UI/UX design', 'ui-ux-design'],
    ['Training & development', 'training-and-development'],
    ['Yorùbá teaching', 'yoruba-teaching'],
    ['  Adire   tie-dye ', 'adire-tie-dye'],
    ['++', 'plus-plus'],
    ['—', ''],
  ])('%s → %s', (name, slug) => {
    expect(skillSlug(name)).toBe(slug);
    if (slug) expect(slug).toMatch(SKILL_SLUG);
  });

  it('never passes 60 characters or ends in a hyphen', () => {
    const slug = skillSlug(`${'a'.repeat(59)} b`);
    expect(slug.length).toBeLessThanOrEqual(60);
    expect(slug).not.toMatch(/-$/);
  });

  it('folds accents and case as unaccent(lower()) does', () => {
    expect(foldSkillText('Ìgbò ÀṢỌ-OKE')).toBe('igbo aso-oke');
  });
});

describe('what a member may send', () => {
  it('tidies a proposed name and refuses one without letters first', () => {
    expect(ZSkillProposal.parse({ name: '  Solar   PV ' })).toEqual({ name: 'Solar PV' });
    expect(ZSkillProposal.safeParse({ name: 'x' }).success).toBe(false);
    expect(ZSkillProposal.safeParse({ name: '-- hack' }).success).toBe(false);
    expect(ZSkillProposal.safeParse({ name: '<script>' }).success).toBe(false);
    expect(ZSkillProposal.safeParse({ name: 'C++' }).success).toBe(true);
  });

  it('takes slugs only, each once, at most 30', () => {
    expect(ZSkillSlugs.safeParse(['javascript', 'node-js']).success).toBe(true);
    expect(ZSkillSlugs.safeParse(['JavaScript']).success).toBe(false);
    expect(ZSkillSlugs.safeParse(['js', 'js']).success).toBe(false);
    expect(ZSkillSlugs.safeParse(Array.from({ length: 31 }, (_, i) => `s${i}`)).success).toBe(false);
  });
});
