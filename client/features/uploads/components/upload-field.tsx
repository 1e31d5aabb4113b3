import { Upload, X } from 'lucide-react';
import { useId, useState, type DragEvent, type ReactNode } from 'react';
import { UPLOAD_LIMITS, type TUpload, type TUploadKind } from '#shared/uploads/uploads.schemas';
import { Button } from '#client/components/ui/button';
import { cn } from '#client/lib/cn';
import { useUpload } from '../api/use-upload';

/** A picker's `accept`: the types, and the extensions too where a browser may not know a type (.ods, .odp). */
export const acceptOf = (kinds: readonly TUploadKind[]) =>
  kinds.flatMap((k) => [...UPLOAD_LIMITS[k].types, ...(UPLOAD_LIMITS[k].extensions ?? [])]).join(',');

interface UploadFieldProps {
  id: string;
  /** Several kinds: each file is sent as the first kind whose types include its own (PDF: document). */
  kind: TUploadKind | readonly TUploadKind[];
  /** Uploaded with private=true: served only to the uploader and whom the linking feature allows. */
  private?: boolean;
  label: string;
  onUploaded: (upload: TUpload, file: File) => void;
  /** Under the label; defaults to the kind's allowed types and size. */
  hint?: ReactNode;
  buttonText?: string;
  /** What is there now (a preview, a file name), shown above the picker. */
  children?: ReactNode;
  disabled?: boolean;
}

/**
 * A file picker that uploads at once, with a progress bar, cancel, and the server's refusal
 * in words. Files can be chosen by keyboard (the input is focusable) or dropped on the box.
 */
export function UploadField({
  id,
  kind,
  private: isPrivate,
  label,
  onUploaded,
  hint,
  buttonText = 'Choose a file',
  children,
  disabled,
}: UploadFieldProps) {
  const kinds: readonly TUploadKind[] = typeof kind === 'string' ? [kind] : kind;
  const { state, start, cancel } = useUpload(kinds[0]!, { private: isPrivate });
  const [dragging, setDragging] = useState(false);
  const busy = state.status === 'uploading';
  // The label, hint and error ids come from React, not from `id`: a form field beside the picker
  // named "<id>-label" once took the picker's label id and lost its own accessible name.
  const ownId = useId();
  const labelId = `${ownId}-label`;
  const hintId = `${ownId}-hint`;
  const errorId = `${ownId}-error`;

  const take = async (file: File | undefined) => {
    if (!file || disabled) return;
    // A file of no listed type goes as the first kind: the server says what it accepts.
    const upload = await start(file, kinds.find((k) => UPLOAD_LIMITS[k].types.includes(file.type)) ?? kinds[0]);
    if (upload) onUploaded(upload, file);
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (!busy) void take(event.dataTransfer.files[0]);
  };

  return (
    <div className="space-y-2">
      <p id={labelId} className="text-sm font-medium text-zinc-800 dark:text-zinc-200">
        {label}
      </p>
      {children}
      <div
        onDragOver={(e) => {
          if (!e.dataTransfer.types.includes('Files')) return;
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cn(
          'rounded-xl border border-dashed px-4 py-4 transition-colors',
          dragging
            ? 'border-indigo-500 bg-indigo-50 dark:border-indigo-400 dark:bg-indigo-950/40'
            : 'border-zinc-300 bg-zinc-50/60 dark:border-zinc-700 dark:bg-zinc-900/40',
        )}
      >
        {busy ? (
          <div className="space-y-2">
            <div className="flex items-center justify-between gap-3 text-sm">
              <span className="min-w-0 truncate text-zinc-700 dark:text-zinc-300">Uploading {state.fileName}…</span>
              <span className="shrink-0 font-medium tabular-nums">{Math.round(state.progress * 100)}%</span>
            </div>
            <div
              role="progressbar"
              aria-label={`Uploading ${state.fileName}`}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={Math.round(state.progress * 100)}
              className="h-2 overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-800"
            >
              <div
                className="h-full rounded-full bg-indigo-600 transition-[width] dark:bg-indigo-400"
                style={{ width: `${state.progress * 100}%` }}
              />
            </div>
            <Button variant="ghost" size="sm" onClick={cancel}>
              <X aria-hidden="true" className="size-4" />
              Cancel upload
            </Button>
          </div>
        ) : (
          <div className="flex flex-wrap items-center gap-3">
            <input
              id={id}
              type="file"
              accept={acceptOf(kinds)}
              disabled={disabled}
              aria-labelledby={labelId}
              aria-describedby={state.status === 'error' ? `${hintId} ${errorId}` : hintId}
              aria-invalid={state.status === 'error' || undefined}
              className="peer sr-only"
              onChange={(e) => {
                const file = e.target.files?.[0];
                // Cleared so that choosing the same file again (after an error) fires again.
                e.target.value = '';
                void take(file);
              }}
            />
            <label
              htmlFor={id}
              className={cn(
                'inline-flex h-9 cursor-pointer items-center gap-2 rounded-lg border border-zinc-300 bg-white px-3 text-sm font-medium shadow-sm hover:bg-zinc-50',
                'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-indigo-600',
                'dark:border-zinc-700 dark:bg-zinc-900 dark:hover:bg-zinc-800 dark:peer-focus-visible:outline-indigo-400',
                disabled && 'pointer-events-none opacity-60',
              )}
            >
              <Upload aria-hidden="true" className="size-4" />
              {buttonText}
            </label>
            <span id={hintId} className="text-xs text-zinc-600 dark:text-zinc-400">
              {hint ?? `${kinds.map((k) => UPLOAD_LIMITS[k].label).join(', or ')}, or drop it here`}
            </span>
          </div>
        )}
      </div>
      {state.status === 'error' ? (
        <p id={errorId} role="alert" className="text-sm text-red-700 dark:text-red-400">
          {state.message}
        </p>
      ) : null}
    </div>
  );
}
