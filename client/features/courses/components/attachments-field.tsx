import { FileText, Trash2 } from 'lucide-react';
import { Button } from '#client/components/ui/button';
import { UploadField } from '#client/features/uploads';
import type { TDraftUpload } from '../lesson-draft';

const MAX_ATTACHMENTS = 20;

/** A lesson's PDFs: uploaded one at a time, listed, removable. */
export function AttachmentsField({
  value,
  onChange,
  error,
}: {
  value: TDraftUpload[];
  onChange: (next: TDraftUpload[]) => void;
  error?: string;
}) {
  return (
    <div className="space-y-2">
      <UploadField
        id="lesson-attachment"
        kind="document"
        label="Attachments (optional)"
        buttonText="Add a PDF"
        disabled={value.length >= MAX_ATTACHMENTS}
        onUploaded={(upload) => onChange([...value, upload])}
      >
        {value.length > 0 ? (
          <ul className="space-y-1.5" aria-label="Attached files">
            {value.map((file) => (
              <li
                key={file.id}
                className="flex items-center gap-2 rounded-lg border border-zinc-200 px-3 py-2 text-sm dark:border-zinc-800"
              >
                <FileText aria-hidden="true" className="size-4 shrink-0 text-red-600 dark:text-red-400" />
                <span className="min-w-0 flex-1 truncate">{file.name}</span>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Remove ${file.name}`}
                  onClick={() => onChange(value.filter((f) => f.id !== file.id))}
                >
                  <Trash2 aria-hidden="true" className="size-4" />
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
