import { FileText } from 'lucide-react';
import type { TUpload } from '#shared/uploads/uploads.schemas';
import { GIG_FILES_MAX } from '#shared/talent/talent.schemas';
import { Button } from '#client/components/ui/button';
import { UploadField } from '#client/features/uploads';

const KINDS = ['image', 'document'] as const;

const sizeOf = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** A gig's attachments or a delivery's files: images as thumbnails, PDFs by name; each opens or downloads. */
export function GigFileList({ files, label }: { files: TUpload[]; label: string }) {
  if (files.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-3" aria-label={label}>
      {files.map((f) => (
        <li key={f.id}>
          <a
            href={f.url}
            target={f.kind === 'image' ? '_blank' : undefined}
            rel="noreferrer"
            download={f.kind === 'document' ? f.name : undefined}
            className="flex max-w-64 items-center gap-2 rounded-lg border border-zinc-200 p-2 text-sm hover:bg-zinc-50 focus-visible:outline-2 focus-visible:outline-indigo-600 dark:border-zinc-700 dark:hover:bg-zinc-800"
          >
            {f.kind === 'image' ? (
              <img
                src={f.url}
                srcSet={f.srcset ?? undefined}
                sizes="48px"
                alt=""
                className="size-12 shrink-0 rounded object-cover"
              />
            ) : (
              <FileText aria-hidden="true" className="size-8 shrink-0 text-zinc-500 dark:text-zinc-400" />
            )}
            <span className="min-w-0">
              <span className="block truncate font-medium text-zinc-800 dark:text-zinc-200">{f.name}</span>
              <span className="text-xs text-zinc-600 dark:text-zinc-400">{sizeOf(f.size)}</span>
            </span>
          </a>
        </li>
      ))}
    </ul>
  );
}

interface GigFilesFieldProps {
  id: string;
  label: string;
  files: TUpload[];
  onChange: (files: TUpload[]) => void;
  /** Delivery files are private: only the gig's two sides read them. */
  private?: boolean;
  error?: string;
}

/** Up to GIG_FILES_MAX images and PDFs, each uploaded at once with its progress bar, removable before sending. */
export function GigFilesField({ id, label, files, onChange, private: isPrivate, error }: GigFilesFieldProps) {
  return (
    <div className="space-y-1">
      <UploadField
        id={id}
        kind={KINDS}
        private={isPrivate}
        label={`${label} (${files.length} of ${GIG_FILES_MAX})`}
        hint="Images up to 5 MB or PDFs up to 20 MB, or drop one here"
        disabled={files.length >= GIG_FILES_MAX}
        onUploaded={(upload) => onChange([...files, upload].slice(0, GIG_FILES_MAX))}
      >
        {files.length > 0 ? (
          <ul className="flex flex-wrap gap-2" aria-label={`Chosen ${label.toLowerCase()}`}>
            {files.map((f) => (
              <li key={f.id} className="flex items-center gap-1 text-sm">
                {f.kind === 'image' ? (
                  <img src={f.url} alt="" className="size-10 rounded object-cover" />
                ) : (
                  <FileText aria-hidden="true" className="size-6 text-zinc-500" />
                )}
                <span className="max-w-40 truncate text-zinc-800 dark:text-zinc-200">{f.name}</span>
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  onClick={() => onChange(files.filter((x) => x.id !== f.id))}
                  aria-label={`Remove ${f.name}`}
                >
                  Remove
                </Button>
              </li>
            ))}
          </ul>
        ) : null}
      </UploadField>
      {error ? <p className="text-sm text-red-700 dark:text-red-400">{error}</p> : null}
    </div>
  );
}
