import { setDataSaver, useDataSaver } from '#client/lib/data-saver';

/** /profile's "Data saver": a setting of this device, not of the account (decision 078). */
export function DataSaverSection() {
  const on = useDataSaver();
  return (
    <label className="flex items-start gap-3 rounded-lg border border-zinc-200 p-4 sm:p-5 dark:border-zinc-800">
      <input
        type="checkbox"
        checked={on}
        onChange={(e) => setDataSaver(e.target.checked)}
        className="mt-1 size-4 accent-indigo-600"
        data-testid="data-saver-toggle"
      />
      <span className="min-w-0">
        <span className="block font-medium">Use less data on this device</span>
        <span className="block text-sm text-zinc-600 dark:text-zinc-400">
          Smaller images, initials instead of profile photos, and videos that load only when you press play. Saved on
          this device only.
        </span>
      </span>
    </label>
  );
}
