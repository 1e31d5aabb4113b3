import { useState } from 'react';
import { DEFAULT_ZONE, formatDateTime } from '#shared/time-label';
import { Button } from '#client/components/ui/button';
import { FormField } from '#client/components/ui/form-field';
import { Select } from '#client/components/ui/select';
import { serverMessage } from '#client/lib/api-client';
import { toast } from '#client/lib/toast';
import { useUser } from '#client/features/accounts';
import { useUpdateProfile } from '../api/update-profile';

/** Every IANA zone the browser knows; the server checks the choice with Intl again. */
const ZONES: string[] = (() => {
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return all.includes(DEFAULT_ZONE) ? all : [DEFAULT_ZONE, ...all];
})();

/** The zone notifications, mails and reminders state times in (issue 26), e.g. "Africa/Lagos (WAT)". */
export function TimeZoneForm() {
  const { data: user } = useUser();
  const save = useUpdateProfile();
  const [chosen, setChosen] = useState<string | null>(null);
  if (!user) return null;
  const zone = chosen ?? user.timeZone;
  const sample = formatDateTime(new Date(), zone);
  return (
    <form
      aria-label="Choose your time zone"
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(
          { timeZone: zone },
          {
            onSuccess: () => toast({ title: 'Time zone saved' }),
            onError: (err) =>
              toast({ title: serverMessage(err) ?? 'Your time zone could not be saved.', variant: 'destructive' }),
          },
        );
      }}
    >
      <FormField id="time-zone-select" label="Time zone" hint={`Times will read like this: ${sample}`}>
        {(c) => (
          <Select {...c} value={zone} onChange={(e) => setChosen(e.target.value)}>
            {ZONES.map((z) => (
              <option key={z} value={z}>
                {z.replaceAll('_', ' ')}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      <div className="flex justify-end">
        <Button type="submit" loading={save.isPending} loadingText="Saving…" disabled={zone === user.timeZone}>
          Save time zone
        </Button>
      </div>
    </form>
  );
}
