import { Label } from '#client/components/ui/label';
import { Select } from '#client/components/ui/select';

/**
 * "Proven skill" filter for a list of people with passport-proven skills (the employer's
 * applicants): the skills any of them proved, and "Anyone". Empty when nobody proved anything.
 */
export function ProvenSkillFilter({
  id,
  people,
  value,
  onChange,
}: {
  id: string;
  people: Array<{ provenSkills: Array<{ slug: string; name: string }> }>;
  value: string;
  onChange: (slug: string) => void;
}) {
  const skills = new Map(people.flatMap((p) => p.provenSkills.map((s) => [s.slug, s.name] as const)));
  if (skills.size === 0) return null;
  return (
    <div className="mb-3 flex flex-wrap items-center gap-2">
      <Label htmlFor={id}>Proven skill</Label>
      <div className="w-56">
        <Select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
          <option value="">Anyone</option>
          {[...skills]
            .sort((a, b) => a[1].localeCompare(b[1]))
            .map(([slug, name]) => (
              <option key={slug} value={slug}>
                {name}
              </option>
            ))}
        </Select>
      </div>
    </div>
  );
}
