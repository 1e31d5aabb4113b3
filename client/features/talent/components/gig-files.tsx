import { imageSources, useDataSaver } from '#client/lib/data-saver';
import type { TUpload } from '#shared/uploads/uploads.schemas';
import { GIG_FILES_MAX } from '#shared/talent/talent.schemas';
import { Button } from '#client/components/ui/button';
import { FileCard, FileIcon, UploadField, fileSize } from '#client/features/uploads';

/** A gig's attachments or a delivery's files: pictures as thumbnails that open, documents by icon, name and size, which download. */
export function GigFileList({ files, label }: { files: TUpload[]; label: string }) {
  const dataSaver = useDataSaver();
  if (files.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-3" aria-label={label}>
      {files.map((f) => (
        <li key={f.id} className="min-w-0">
          {f.kind === 'image' ? (
            <a
              href={f.url}
              target="_blank"
              rel="noreferrer"
              className="flex max-w-64 items-center gap-2 rounded-lg border border-zinc-200 p-2 text-sm hover:bg-zinc-50 focus-visible:outline-2 focus-visible:outline-indigo-600 dark:border-zinc-700 dark:hover:bg-zinc-800"
            >
              <img
                {...imageSources(dataSaver, f.url, f.srcset, '48px')}
                alt=""
                className="size-12 shrink-0 rounded object-cover"
              />
              <span className="min-w-0">
                <span className="block truncate font-medium text-zinc-800 dark:text-zinc-200">{f.name}</span>
                <span className="text-xs text-zinc-600 dark:text-zinc-400">{fileSize(f.size)}</span>
              </span>
            </a>
          ) : (
            <FileCard file={f} />
          )}
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

/** Up to GIG_FILES_MAX pictures and documents, each uploaded at once with its progress bar, removable before sending. */
export function GigFilesField({ id, label, files, onChange, private: isPrivate, error }: GigFilesFieldProps) {
  return (
    <div className="space-y-1">
      <UploadField
        id={id}
        kind="attachment"
        private={isPrivate}
        label={`${label} (${files.length} of ${GIG_FILES_MAX})`}
        hint="Pictures up to 5 MB; PDF, Word, Excel, PowerPoint, OpenDocument, CSV, text or ZIP files up to 20 MB; or drop one here"
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
                  <FileIcon file={f} className="size-6 text-zinc-500 dark:text-zinc-400" />
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
