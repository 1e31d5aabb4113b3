import { Captions, Trash2 } from 'lucide-react';
import { Button } from '#client/components/ui/button';
import { FormField, type FieldControlProps } from '#client/components/ui/form-field';
import type { TUpload } from '#shared/uploads/uploads.schemas';
import { UploadField } from '#client/features/uploads';
import type { TDraftUpload } from '../lesson-draft';

/**
 * A video lesson's captions: one WebVTT file (the server checks it starts with WEBVTT), its name
 * in the player's captions menu and its language code (the `<track>`'s label and srclang).
 */
export function CaptionsFields({
  upload,
  onUpload,
  uploadError,
  label,
  labelError,
  language,
  languageError,
}: {
  upload: TDraftUpload | null;
  onUpload: (upload: TUpload | null) => void;
  uploadError?: string;
  label: (control: FieldControlProps) => React.ReactNode;
  labelError?: string;
  language: (control: FieldControlProps) => React.ReactNode;
  languageError?: string;
}) {
  return (
    <div className="space-y-3 border-t border-zinc-200 pt-4 dark:border-zinc-800">
      <UploadField
        id="lesson-captions"
        kind="captions"
        label="Captions (optional)"
        buttonText={upload ? 'Replace the captions' : 'Choose a .vtt file'}
        hint="A WebVTT file (.vtt) up to 1 MB. Captions help learners who are deaf, watch without sound or are still learning the language."
        onUploaded={(next) => onUpload(next)}
      >
        {upload ? (
          <p
            className="flex items-center gap-2 text-sm text-emerald-800 dark:text-emerald-300"
            data-testid="lesson-captions-file"
          >
            <Captions aria-hidden="true" className="size-4 shrink-0" />
            <span className="min-w-0 flex-1 truncate">{upload.name}</span>
            <Button
              variant="ghost"
              size="sm"
              aria-label={`Remove the captions ${upload.name}`}
              onClick={() => onUpload(null)}
            >
              <Trash2 aria-hidden="true" className="size-4" />
            </Button>
          </p>
        ) : null}
      </UploadField>
      {uploadError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {uploadError}
        </p>
      ) : null}
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField
          id="lesson-captions-label"
          label="Captions name"
          hint="Shown in the player's captions menu"
          error={labelError}
        >
          {label}
        </FormField>
        <FormField
          id="lesson-captions-language"
          label="Language code"
          hint="en, yo, ha, ig or pcm"
          error={languageError}
        >
          {language}
        </FormField>
      </div>
    </div>
  );
}
